import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Address, type Hex, concatHex, encodeFunctionData, keccak256, numberToHex, pad, parseEther, size, stringToHex, zeroAddress, zeroHash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { network } from "hardhat";
import { type SafeContracts, type SafeVersion, createSafe, deploySafeContracts } from "@pq4337/bench";
import {
  type PQ4337Signer,
  type SafeSignature,
  type SafeTransaction,
  SafeOwnerSignerRefusedError,
  UnsupportedSafeVersionError,
  deployExpandedKey,
  deploySafeOwner,
  encodeSafeSignatures,
  erc7913SafeOwnerAbi,
  erc7913SafeOwnerFactoryAbi,
  executeSafeTransaction,
  getAddSafeOwnerTransaction,
  getPQ4337Addresses,
  getSafeOwnerAddress,
  getSafeTransactionHash,
  getSafeVersion,
  safeAbi,
  schemes,
  signSafeHash,
  supportedSafeVersions,
} from "@pq4337/sdk";
import { type Fixture, deployFixture } from "../helpers/deployment.js";

const connection = await network.create();

const seed = (label: string): Hex => keccak256(stringToHex(`ERC7913SafeOwner.test/${label}`));

describe("ERC7913SafeOwner: a post-quantum owner for Safe 1.4.1 and 1.5.0", () => {
  let fixture: Fixture;
  const safeContracts = {} as Record<SafeVersion, SafeContracts>;
  let falcon: PQ4337Signer;
  let otherFalcon: PQ4337Signer;
  let mldsa: PQ4337Signer;
  const eoa = privateKeyToAccount(seed("ecdsa owner"));

  before(async () => {
    fixture = await deployFixture(connection);
    for (const version of supportedSafeVersions)
      safeContracts[version] = await deploySafeContracts({ client: fixture.client, walletClient: fixture.deployer, version });
    falcon = schemes.falcon512!.createSigner(seed("falcon"));
    otherFalcon = schemes.falcon512!.createSigner(seed("other falcon"));
    mldsa = schemes.mldsa65!.createSigner(seed("mldsa"));
    for (const signer of [falcon, otherFalcon, mldsa]) await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
  });

  const clients = () => ({ client: fixture.client, walletClient: fixture.deployer });
  const factory = () => ({ address: fixture.contracts.safeOwnerFactory, abi: erc7913SafeOwnerFactoryAbi }) as const;
  const erc7913 = (signer: PQ4337Signer) => concatHex([fixture.contracts.verifiers[signer.scheme]!, signer.key]);
  const owners = (safe: Address) => fixture.client.readContract({ address: safe, abi: safeAbi, functionName: "getOwners" });
  const threshold = (safe: Address) => fixture.client.readContract({ address: safe, abi: safeAbi, functionName: "getThreshold" });
  const nonce = (safe: Address) => fixture.client.readContract({ address: safe, abi: safeAbi, functionName: "nonce" });

  /** A funded Safe of `version` with `safeOwners` and `safeThreshold`, created through Safe's proxy factory. */
  async function fundedSafe(version: SafeVersion, safeOwners: Address[], safeThreshold: bigint, saltNonce: bigint): Promise<Address> {
    const safe = await createSafe({ ...clients(), contracts: safeContracts[version], owners: safeOwners, threshold: safeThreshold, saltNonce });
    await fixture.client.waitForTransactionReceipt({ hash: await fixture.deployer.sendTransaction({ to: safe, value: parseEther("1") }) });
    return safe;
  }

  const transfer = async (safe: Address, to: Address, value: bigint): Promise<SafeTransaction> => ({
    to,
    value,
    data: "0x",
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: await nonce(safe),
  });

  /** Each signer's signature of the transaction's Safe hash. */
  async function sign(safe: Address, transaction: SafeTransaction, signers: (PQ4337Signer | typeof eoa)[]): Promise<SafeSignature[]> {
    const hash = getSafeTransactionHash({ safe, chainId: fixture.client.chain.id, transaction });
    return Promise.all(signers.map((signer) => signSafeHash({ hash, signer, verifiers: fixture.contracts.verifiers })));
  }

  const execute = (safe: Address, transaction: SafeTransaction, signatures: Hex) =>
    executeSafeTransaction({ ...clients(), safe, transaction, signatures });

  describe("factory", () => {
    it("deploys the owner of a signer at the address computed off-chain, once; a second deployment returns it", async () => {
      const signer = erc7913(falcon);
      const { owner } = getSafeOwnerAddress({ signer: falcon, verifiers: fixture.contracts.verifiers });
      assert.equal(await fixture.client.readContract({ ...factory(), functionName: "getOwnerAddress", args: [signer] }), owner);
      assert.equal(await fixture.client.getCode({ address: owner }), undefined);

      const first = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });
      assert.equal(first.owner, owner);
      assert.notEqual(first.transactionHash, undefined);
      assert.equal(await fixture.client.readContract({ address: owner, abi: erc7913SafeOwnerAbi, functionName: "signer" }), signer.toLowerCase());

      const again = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });
      assert.deepEqual(again, { owner, erc7913Signer: signer, transactionHash: undefined });
      // Straight to the factory: no second clone, no event, the same address.
      const { result } = await fixture.client.simulateContract({ ...factory(), account: fixture.other.account, functionName: "createOwner", args: [signer] });
      assert.equal(result, owner);
      const receipt = await fixture.client.waitForTransactionReceipt({ hash: await fixture.other.writeContract({ ...factory(), functionName: "createOwner", args: [signer] }) });
      assert.equal(receipt.logs.length, 0);
      assert.equal(getPQ4337Addresses().safeOwnerFactory, fixture.contracts.safeOwnerFactory);
    });

    it("refuses, before deploying, a signer the guard refuses: a precompile, an EOA, an accept-everything verifier, no key, an expanded key not deployed", async () => {
      const acceptAll = await connection.viem.deployContract("AcceptAllVerifier");
      const undeployed = schemes.falcon512!.createSigner(seed("undeployed"));
      const refused: [Hex, RegExp][] = [
        [concatHex(["0x0000000000000000000000000000000000000004", "0x01"]), /ERC7913SignerGuardVerifierWithoutCode/],
        [concatHex([fixture.other.account.address, "0x01"]), /ERC7913SignerGuardVerifierWithoutCode/],
        [concatHex([acceptAll.address, "0x01"]), /ERC7913SignerGuardVerifierFailedProbe/],
        [fixture.contracts.verifiers.ecdsa!, /ERC7913SignerGuardInvalidSigner/],
        [erc7913(undeployed), /ERC7913SignerGuardUnattestedKey/],
      ];
      for (const [signer, error] of refused) {
        await assert.rejects(fixture.deployer.writeContract({ ...factory(), functionName: "createOwner", args: [signer] }), error, signer);
        const { owner } = getSafeOwnerAddress({ signer });
        assert.equal(await fixture.client.getCode({ address: owner }), undefined);
        // The SDK names the check, before sending anything.
        await assert.rejects(deploySafeOwner({ ...clients(), signer }), (thrown: unknown) => {
          assert.ok(thrown instanceof SafeOwnerSignerRefusedError, String(thrown));
          assert.match(thrown.reason, error);
          return true;
        });
      }
    });
  });

  describe("the owner contract", () => {
    it("answers both ERC-1271 forms with the verifier's verdict, and the implementation accepts nothing", async () => {
      const { owner } = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });
      const data = stringToHex("a message the Safe checks");
      const hash = keccak256(data);
      const signature = await falcon.sign({ hash });
      // viem cannot pick between the two overloads by value: one ABI for each.
      const overload = (type: "bytes32" | "bytes") =>
        erc7913SafeOwnerAbi.filter((item) => item.type === "function" && item.name === "isValidSignature" && item.inputs[0]!.type === type);
      const read = (args: readonly [Hex, Hex], address: Address = owner) =>
        fixture.client.readContract({ address, abi: overload(size(args[0]) === 32 ? "bytes32" : "bytes"), functionName: "isValidSignature", args } as never) as Promise<Hex>;
      assert.equal(await read([hash, signature]), "0x1626ba7e");
      assert.equal(await read([data, signature]), "0x20c13b0b");
      assert.equal(await read([zeroHash, signature]), "0xffffffff");
      assert.equal(await read([stringToHex("another message"), signature]), "0xffffffff");
      assert.equal(await read([hash, await otherFalcon.sign({ hash })]), "0xffffffff");
      assert.equal(await read([hash, "0x"]), "0xffffffff");

      const implementation = await fixture.client.readContract({ ...factory(), functionName: "ownerImplementation" });
      assert.equal(implementation, getPQ4337Addresses().safeOwnerImplementation);
      assert.equal(await read([hash, signature], implementation), "0xffffffff");
      assert.equal(await read([data, signature], implementation), "0xffffffff");
      await assert.rejects(fixture.client.readContract({ address: implementation, abi: erc7913SafeOwnerAbi, functionName: "signer" }), /ERC7913SafeOwnerNoSigner/);
    });

    it("has no other entry point: no execution, no admin, no ETH", async () => {
      const { owner } = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });
      const functions = erc7913SafeOwnerAbi.filter((item) => item.type === "function").map((item) => `${item.name}/${item.stateMutability}`);
      assert.deepEqual(functions.sort(), ["isValidSignature/view", "isValidSignature/view", "signer/view"]);
      await assert.rejects(fixture.deployer.sendTransaction({ to: owner, value: 1n }));
      await assert.rejects(fixture.deployer.sendTransaction({ to: owner, data: "0xdeadbeef" }));
    });
  });

  for (const version of supportedSafeVersions)
    describe(`in a Safe ${version}`, () => {
      it("an ECDSA Safe adds a Falcon-512 owner and threshold 2 in one transaction, then transfers with both signatures (hybrid)", async () => {
        const safe = await fundedSafe(version, [eoa.address], 1n, 1n);
        assert.equal(await getSafeVersion({ client: fixture.client, safe }), version);
        const { owner } = getSafeOwnerAddress({ signer: falcon, verifiers: fixture.contracts.verifiers });
        await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });

        const addOwner = await getAddSafeOwnerTransaction({ client: fixture.client, safe, owner, threshold: 2 });
        const onChainHash = await fixture.client.readContract({
          address: safe,
          abi: safeAbi,
          functionName: "getTransactionHash",
          args: [addOwner.to, addOwner.value, addOwner.data, addOwner.operation, addOwner.safeTxGas, addOwner.baseGas, addOwner.gasPrice, addOwner.gasToken, addOwner.refundReceiver, addOwner.nonce],
        });
        assert.equal(getSafeTransactionHash({ safe, chainId: fixture.client.chain.id, transaction: addOwner }), onChainHash);
        assert.equal((await execute(safe, addOwner, encodeSafeSignatures({ signatures: await sign(safe, addOwner, [eoa]) }))).status, "success");
        assert.deepEqual(new Set(await owners(safe)), new Set([eoa.address, owner]));
        assert.equal(await threshold(safe), 2n);

        const recipient = privateKeyToAccount(seed(`${version} recipient`)).address;
        const pay = await transfer(safe, recipient, 1234n);
        // ECDSA alone no longer suffices (too short for two signatures).
        await assert.rejects(execute(safe, pay, encodeSafeSignatures({ signatures: await sign(safe, pay, [eoa]) })), /GS020/);
        // A Falcon signature by another key, or of another transaction, is refused by the owner: GS024.
        const [ecdsaSignature, falconSignature] = await sign(safe, pay, [eoa, falcon]);
        const wrongKey = { ...falconSignature!, signature: await otherFalcon.sign({ hash: getSafeTransactionHash({ safe, chainId: fixture.client.chain.id, transaction: pay }) }) };
        await assert.rejects(execute(safe, pay, encodeSafeSignatures({ signatures: [ecdsaSignature!, wrongKey] })), /GS024/);
        const [otherTransaction] = await sign(safe, { ...pay, value: 1235n }, [falcon]);
        await assert.rejects(execute(safe, pay, encodeSafeSignatures({ signatures: [ecdsaSignature!, otherTransaction!] })), /GS024/);
        assert.equal(await fixture.client.getBalance({ address: recipient }), 0n);

        assert.equal((await execute(safe, pay, encodeSafeSignatures({ signatures: [falconSignature!, ecdsaSignature!] }))).status, "success");
        assert.equal(await fixture.client.getBalance({ address: recipient }), 1234n);
        assert.equal(await nonce(safe), 2n);
      });

      it("a Safe whose only owner is an ML-DSA-65 key transfers", async () => {
        const { owner } = await deploySafeOwner({ ...clients(), signer: mldsa, verifiers: fixture.contracts.verifiers });
        const safe = await fundedSafe(version, [owner], 1n, 2n);
        const recipient = privateKeyToAccount(seed(`${version} mldsa recipient`)).address;
        const pay = await transfer(safe, recipient, 777n);
        const receipt = await execute(safe, pay, encodeSafeSignatures({ signatures: await sign(safe, pay, [mldsa]) }));
        assert.equal(receipt.status, "success");
        assert.equal(await fixture.client.getBalance({ address: recipient }), 777n);
      });

      it("refuses a signature made for another Safe with the same post-quantum owner (the Safe hash binds the Safe)", async () => {
        const { owner } = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers });
        const [first, second] = [await fundedSafe(version, [owner], 1n, 3n), await fundedSafe(version, [owner], 1n, 4n)];
        const recipient = privateKeyToAccount(seed(`${version} replay recipient`)).address;
        const pay = await transfer(first, recipient, 5n);
        assert.equal(pay.nonce, await nonce(second));
        const signatures = encodeSafeSignatures({ signatures: await sign(first, pay, [falcon]) });
        await assert.rejects(execute(second, pay, signatures), /GS024/);
        assert.equal((await execute(first, pay, signatures)).status, "success");
        await assert.rejects(execute(first, pay, signatures), /GS024|GS026/);
        assert.equal(await fixture.client.getBalance({ address: recipient }), 5n);
      });

      describe("bad signature blobs are refused with the Safe's own error", () => {
        let safe: Address;
        let owner: Address;
        let pay: SafeTransaction;
        let signature: Hex;
        before(async () => {
          ({ owner } = await deploySafeOwner({ ...clients(), signer: falcon, verifiers: fixture.contracts.verifiers }));
          safe = await fundedSafe(version, [owner], 1n, 5n);
          pay = await transfer(safe, privateKeyToAccount(seed(`${version} blob recipient`)).address, 1n);
          [{ signature }] = (await sign(safe, pay, [falcon])) as [SafeSignature];
        });
        /** A contract signature entry: owner, offset, v = 0. */
        const entry = (address: Address, offset: number) => concatHex([pad(address), numberToHex(offset, { size: 32 }), "0x00"]);
        const dynamic = (bytes: Hex, length = size(bytes)) => concatHex([numberToHex(length, { size: 32 }), bytes]);

        const cases: [string, () => Hex, RegExp][] = [
          ["empty", () => "0x", /GS020/],
          ["shorter than one entry", () => entry(owner, 65).slice(0, 2 + 64 * 2) as Hex, /GS020/],
          ["an offset into the static part", () => concatHex([entry(owner, 0), dynamic(signature)]), /GS021/],
          ["an offset past the end", () => concatHex([entry(owner, 65 + 32 + size(signature)), dynamic(signature)]), /GS022/],
          ["a length past the end", () => concatHex([entry(owner, 65), dynamic(signature, size(signature) + 1)]), /GS023/],
          ["a huge length that would wrap", () => concatHex([entry(owner, 65), numberToHex(2n ** 256n - 1n, { size: 32 }), signature]), /GS023|reverted/],
          ["the dynamic part cut short", () => concatHex([entry(owner, 65), dynamic(signature)]).slice(0, -2) as Hex, /GS023/],
        ];
        for (const [name, blob, error] of cases)
          it(name, async () => {
            await assert.rejects(execute(safe, pay, blob()), error);
            assert.equal(await nonce(safe), pay.nonce);
          });

        it("a valid post-quantum signature by an owner contract that is not the Safe's owner", async () => {
          const { owner: stranger } = await deploySafeOwner({ ...clients(), signer: otherFalcon, verifiers: fixture.contracts.verifiers });
          const hash = getSafeTransactionHash({ safe, chainId: fixture.client.chain.id, transaction: pay });
          const blob = encodeSafeSignatures({ signatures: [{ owner: stranger, type: "contract", signature: await otherFalcon.sign({ hash }) }] });
          await assert.rejects(execute(safe, pay, blob), /GS026/);
          // A non-owner EOA with a valid ECDSA signature of the hash: GS026 too.
          await assert.rejects(execute(safe, pay, encodeSafeSignatures({ signatures: [await signSafeHash({ hash, signer: eoa })] })), /GS026/);
          assert.equal(await nonce(safe), pay.nonce);
        });
      });
    });

  describe("SDK", () => {
    it("throws UnsupportedSafeVersionError for a contract that is not a Safe 1.4.1 or 1.5.0", async () => {
      for (const address of [fixture.contracts.safeOwnerFactory, fixture.other.account.address])
        await assert.rejects(getSafeVersion({ client: fixture.client, safe: address }), (error: unknown) => error instanceof UnsupportedSafeVersionError && error.version === undefined);
      // A Safe at another version: the singleton's code with its VERSION string replaced, placed at an address.
      const code = (await fixture.client.getCode({ address: safeContracts["1.4.1"].singleton }))!;
      const version = stringToHex("1.4.1").slice(2);
      assert.ok(code.includes(version));
      const other = "0x000000000000000000000000000000000000c0de";
      await connection.provider.request({ method: "hardhat_setCode", params: [other, code.replace(version, stringToHex("1.3.0").slice(2))] });
      await assert.rejects(getSafeVersion({ client: fixture.client, safe: other }), (error: unknown) => error instanceof UnsupportedSafeVersionError && error.version === "1.3.0");
      await assert.rejects(getAddSafeOwnerTransaction({ client: fixture.client, safe: other, owner: zeroAddress }), UnsupportedSafeVersionError);
    });

    it("encodes the ERC-1271 entries the Safe's checkSignatures accepts", async () => {
      const { owner } = getSafeOwnerAddress({ signer: falcon, verifiers: fixture.contracts.verifiers });
      const safe = await fundedSafe("1.4.1", [eoa.address, owner], 2n, 6n);
      const data = encodeFunctionData({ abi: safeAbi, functionName: "nonce" });
      const hash = keccak256(data);
      const signatures = encodeSafeSignatures({ signatures: [await signSafeHash({ hash, signer: falcon, verifiers: fixture.contracts.verifiers }), await signSafeHash({ hash, signer: eoa })] });
      await fixture.client.readContract({ address: safe, abi: safeAbi, functionName: "checkSignatures", args: [hash, data, signatures] });
      await assert.rejects(fixture.client.readContract({ address: safe, abi: safeAbi, functionName: "checkSignatures", args: [keccak256(signatures), data, signatures] }), /GS027|GS026|reverted/);
    });
  });
});
