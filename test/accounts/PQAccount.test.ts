import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  type Address,
  type Hex,
  concatHex,
  encodeFunctionData,
  getAddress,
  hashMessage,
  hexToBytes,
  keccak256,
  numberToHex,
  parseEther,
  stringToHex,
  zeroAddress,
  zeroHash,
} from "viem";
import { getUserOperationHash } from "viem/account-abstraction";
import { network } from "hardhat";
import {
  type PQ4337Signer,
  type ToPQSmartAccountParameters,
  type ToPQSmartAccountReturnType,
  codeChunksCommitment,
  create2DeployerAddress,
  deployCodeChunks,
  deployExpandedKey,
  ecdsaSigner,
  encodeMultiSignature,
  entryPointAddress,
  getSignerChangeCalls,
  getSignerPossessionHash,
  hybridSigner,
  multiSigner,
  pqAccountAbi,
  pqAccountFactoryAbi,
  schemes,
  toCodeChunks,
  toPQSmartAccount,
} from "@pq4337/sdk";
import { type Fixture, buildUserOperation, deployCodeAt, deployFixture, fundedAccount, handleOps } from "../helpers/deployment.js";
import { handleOpsOutcome } from "../helpers/outcome.js";

const connection = await network.create();

const seed = (label: string): Hex => keccak256(stringToHex(`PQAccount.test/${label}`));

describe("PQAccount", () => {
  let fixture: Fixture;
  let falcon: PQ4337Signer;
  let mldsa: PQ4337Signer;
  before(async () => {
    fixture = await deployFixture(connection);
    falcon = schemes.falcon512!.createSigner(seed("falcon"));
    mldsa = schemes.mldsa65!.createSigner(seed("mldsa"));
    for (const signer of [falcon, mldsa]) await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
  });

  const erc7913 = (signer: PQ4337Signer) => concatHex([fixture.contracts.verifiers[signer.scheme]!, signer.key]);
  const factory = () => ({ address: fixture.contracts.accountFactory, abi: pqAccountFactoryAbi }) as const;

  /** Builds, signs (with `account`'s own signers unless `sign` is given) and sends one operation. */
  async function send(account: ToPQSmartAccountReturnType, calls: { to: Address; data?: Hex; value?: bigint }[], sign?: (hash: Hex) => Promise<Hex>) {
    const operation = await buildUserOperation(fixture, account, await account.encodeCalls(calls));
    const hash = getUserOperationHash({ chainId: fixture.client.chain.id, entryPointAddress, entryPointVersion: "0.8", userOperation: operation });
    operation.signature = sign ? await sign(hash) : await account.signUserOperation(operation);
    return handleOpsOutcome(() => handleOps(fixture, [operation]));
  }

  async function deployedAccount(signer: ToPQSmartAccountParameters["signer"], salt?: Hex) {
    const account = await fundedAccount(fixture, signer, salt);
    assert.equal(await send(account, [{ to: zeroAddress, value: 0n }]), "success");
    return account;
  }

  const signersOf = async (account: Address) =>
    (await fixture.client.readContract({ address: account, abi: pqAccountAbi, functionName: "getSigners", args: [0n, 100n] })).map((s) => s.toLowerCase());

  const createAccount = (signers: Hex[], threshold = 1n) =>
    fixture.deployer.writeContract({ ...factory(), functionName: "createAccount", args: [signers, threshold, zeroHash] });

  describe("basics", () => {
    it("executes a user operation signed by its signer, creating the account on the way", async () => {
      const account = await fundedAccount(fixture, ecdsaSigner());
      assert.equal(await send(account, [{ to: fixture.other.account.address, value: 1n }]), "success");
      assert.equal(await account.isDeployed(), true);
      assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "entryPoint" }), entryPointAddress);
      assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "threshold" }), 1n);
    });

    it("refuses a signature by another key, over another hash, or for another chain id (AA24), and a replayed nonce (AA25)", async () => {
      const signer = ecdsaSigner();
      const account = await fundedAccount(fixture, signer);
      const operation = await buildUserOperation(fixture, account, await account.encodeCalls([{ to: zeroAddress, value: 1n }]));
      const hash = getUserOperationHash({ chainId: fixture.client.chain.id, entryPointAddress, entryPointVersion: "0.8", userOperation: operation });
      const wrap = async (signature: Hex) => encodeMultiSignature([{ signer: erc7913(signer), signature }]);

      operation.signature = await wrap(await ecdsaSigner().sign({ hash }));
      assert.match(await handleOpsOutcome(() => handleOps(fixture, [operation])), /^AA24/);
      operation.signature = await wrap(await signer.sign({ hash: zeroHash }));
      assert.match(await handleOpsOutcome(() => handleOps(fixture, [operation])), /^AA24/);
      // A bare signature, not in the account's encoding, is refused too.
      operation.signature = await signer.sign({ hash });
      assert.match(await handleOpsOutcome(() => handleOps(fixture, [operation])), /^AA24/);
      operation.signature = await account.signUserOperation({ ...operation, chainId: 1 });
      assert.match(await handleOpsOutcome(() => handleOps(fixture, [operation])), /^AA24/);

      operation.signature = await account.signUserOperation(operation);
      assert.equal(await handleOpsOutcome(() => handleOps(fixture, [operation])), "success");
      const replay = { ...operation, factory: undefined, factoryData: undefined };
      replay.signature = await account.signUserOperation(replay);
      assert.match(await handleOpsOutcome(() => handleOps(fixture, [replay])), /^AA25/);
    });

    it("lets only the EntryPoint and itself execute and manage its signers", async () => {
      const account = await deployedAccount(ecdsaSigner());
      const stranger = fixture.other;
      const execute = await account.encodeCalls([{ to: stranger.account.address, value: parseEther("0.5") }]);
      await assert.rejects(stranger.sendTransaction({ to: account.address, data: execute }), /AccountUnauthorized/);
      for (const data of [
        encodeFunctionData({ abi: pqAccountAbi, functionName: "addSigners", args: [[erc7913(ecdsaSigner())], ["0x"]] }),
        encodeFunctionData({ abi: pqAccountAbi, functionName: "removeSigners", args: [[erc7913(account.signers[0]!)]] }),
        encodeFunctionData({ abi: pqAccountAbi, functionName: "setThreshold", args: [1n] }),
      ])
        await assert.rejects(stranger.sendTransaction({ to: account.address, data }), /AccountUnauthorized/);
    });

    it("validates ERC-1271 signatures through ERC-7739, before deployment (ERC-6492) and after", async () => {
      const signer = ecdsaSigner();
      const account = await fundedAccount(fixture, signer);
      const message = "hello, quantum world";
      const typedData = {
        domain: { name: "Mail", version: "1", chainId: fixture.client.chain.id, verifyingContract: zeroAddress },
        types: { Mail: [{ name: "contents", type: "string" }] },
        primaryType: "Mail" as const,
        message: { contents: "hi" },
      };
      const undeployedSignature = await account.signMessage({ message });
      assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature: undeployedSignature }), true);
      assert.equal(await send(account, [{ to: zeroAddress, value: 0n }]), "success");

      const signature = await account.signMessage({ message });
      assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature }), true);
      assert.equal(await fixture.client.verifyMessage({ address: account.address, message: "another", signature }), false);
      const typedSignature = await account.signTypedData(typedData);
      assert.equal(await fixture.client.verifyTypedData({ address: account.address, ...typedData, signature: typedSignature }), true);
      assert.equal(
        await fixture.client.verifyTypedData({ address: account.address, ...typedData, message: { contents: "ho" }, signature: typedSignature }),
        false,
      );
      // A signature of the plain hash is not accepted: ERC-7739 binds signatures to this account.
      const raw = encodeMultiSignature([{ signer: erc7913(signer), signature: await signer.sign({ hash: hashMessage(message) }) }]);
      assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature: raw }), false);
    });

    it("receives ETH, ERC-721 and ERC-1155 transfers", async () => {
      const account = await deployedAccount(ecdsaSigner());
      const read = (functionName: "supportsInterface", args: [Hex]) =>
        fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName, args });
      assert.equal(await read("supportsInterface", ["0x4e2312e0"]), true); // IERC1155Receiver
      const { result: selector } = await fixture.client.simulateContract({
        address: account.address,
        abi: pqAccountAbi,
        functionName: "onERC721Received",
        args: [zeroAddress, zeroAddress, 1n, "0x"],
      });
      assert.equal(selector, "0x150b7a02");
      const before = await fixture.client.getBalance({ address: account.address });
      await fixture.client.waitForTransactionReceipt({ hash: await fixture.other.sendTransaction({ to: account.address, value: 5n }) });
      assert.equal(await fixture.client.getBalance({ address: account.address }), before + 5n);
      assert.equal(getAddress(account.address), account.address);
    });
  });

  describe("signer safety", () => {
    it("refuses a precompile, an EOA or nothing as verifier: the identity-precompile takeover", async () => {
      // 0x04 echoes its input, which starts with the verify selector: OpenZeppelin's SignatureChecker would accept
      // every signature for this signer.
      const identity = concatHex(["0x0000000000000000000000000000000000000004", "0x01"]);
      await assert.rejects(createAccount([identity]), /ERC7913SignerGuardVerifierWithoutCode/);
      for (const verifier of ["0x0000000000000000000000000000000000000001", "0x0000000000000000000000000000000000000100", fixture.other.account.address] as const)
        await assert.rejects(createAccount([concatHex([verifier, "0x01"])]), /ERC7913SignerGuardVerifierWithoutCode/);

      // Through a (phished) signer change: the identity precompile even "proves possession", and is still refused.
      const account = await deployedAccount(ecdsaSigner());
      const add = encodeFunctionData({ abi: pqAccountAbi, functionName: "addSigners", args: [[identity], ["0x1234"]] });
      const swap = encodeFunctionData({ abi: pqAccountAbi, functionName: "removeSigners", args: [[erc7913(account.signers[0]!)]] });
      assert.equal(
        await send(account, [{ to: account.address, data: add }, { to: account.address, data: swap }]),
        "execution reverted: ERC7913SignerGuardVerifierWithoutCode",
      );
      assert.deepEqual(await signersOf(account.address), [erc7913(account.signers[0]!).toLowerCase()]);
      const isValid = await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "isValidSignature", args: [zeroHash, "0xdeadbeef"] });
      assert.equal(isValid, "0xffffffff");
    });

    it("refuses a verifier that accepts everything, and a signer without a key", async () => {
      const acceptAll = await connection.viem.deployContract("AcceptAllVerifier");
      await assert.rejects(createAccount([concatHex([acceptAll.address, "0x01"])]), /ERC7913SignerGuardVerifierFailedProbe/);
      await assert.rejects(createAccount([fixture.contracts.verifiers.ecdsa!]), /ERC7913SignerGuardInvalidSigner/);
    });

    it("refuses keys no signature can match, which would lock the account: undeployed chunks, a wrong commitment", async () => {
      // Neither commitment is attested: the guard names that, the first thing a lattice verifier's keyId checks.
      for (const scheme of ["mldsa65", "falcon512"] as const) {
        const undeployed = schemes[scheme]!.createSigner(seed(`undeployed/${scheme}`));
        await assert.rejects(createAccount([erc7913(undeployed)]), /ERC7913SignerGuardUnattestedKey/, scheme);
        const deployed = scheme === "mldsa65" ? mldsa : falcon;
        const wrongCommitment = concatHex([keccak256("0x01"), `0x${deployed.key.slice(66)}`]);
        await assert.rejects(createAccount([concatHex([fixture.contracts.verifiers[scheme]!, wrongCommitment])]), /ERC7913SignerGuardUnattestedKey/, scheme);
      }
    });

    it("refuses non-canonical keys: ECDSA SEC1 points, a chunk whose first byte is not STOP, an unreduced ML-DSA key", async () => {
      const ecdsa = ecdsaSigner();
      const compressed = `0x0${(BigInt(`0x${ecdsa.publicKey.slice(-2)}`) & 1n) + 2n}${ecdsa.publicKey.slice(4, 68)}` as Hex;
      for (const key of [ecdsa.publicKey, compressed])
        await assert.rejects(createAccount([concatHex([fixture.contracts.verifiers.ecdsa!, key])]), /ERC7913SignerGuardNonCanonicalKey/);

      // Falcon's expanded key behind a leading 0xff instead of STOP: same data, same commitment.
      const { expandedKey } = schemes.falcon512!.toErc7913Key(falcon.publicKey);
      const [chunk] = toCodeChunks(expandedKey!);
      const ffInitCode = concatHex([chunk!.initCode.slice(0, 2 + 2 * 10) as Hex, "0xff", chunk!.data]);
      const ffAddress = await deployCodeAt(fixture, ffInitCode, zeroHash);
      const ffKey = concatHex([falcon.key.slice(0, 66) as Hex, ffAddress]);
      await assert.rejects(createAccount([concatHex([fixture.contracts.verifiers.falcon512!, ffKey])]), /ERC7913SignerGuardNonCanonicalKey/);
      const verify = { address: fixture.contracts.verifiers.falcon512!, abi: [verifyAbi] } as const;
      const hash = keccak256("0x1234");
      assert.equal(await fixture.client.readContract({ ...verify, functionName: "verify", args: [falcon.key, hash, await falcon.sign({ hash })] }), "0x024ad318");
      assert.equal(await fixture.client.readContract({ ...verify, functionName: "verify", args: [ffKey, hash, await falcon.sign({ hash })] }), "0xffffffff");

      // ML-DSA: the first coefficient of Â raised by q verifies alike in the field but is a second encoding, which
      // no public key expands to, so it is never attested.
      const mldsaExpanded = hexToBytes(schemes.mldsa65!.toErc7913Key(mldsa.publicKey).expandedKey!);
      const view = new DataView(mldsaExpanded.buffer, mldsaExpanded.byteOffset);
      view.setUint32(0, view.getUint32(0) + 8380417);
      const { chunks, addresses } = await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: mldsaExpanded });
      const unreduced = concatHex([codeChunksCommitment(chunks), ...addresses]);
      await assert.rejects(createAccount([concatHex([fixture.contracts.verifiers.mldsa65!, unreduced])]), /ERC7913SignerGuardUnattestedKey/);
    });

    it("counts a keypair once: the same expanded key stored at other addresses is the same signer", async () => {
      for (const signer of [mldsa, falcon]) {
        const { expandedKey } = schemes[signer.scheme]!.toErc7913Key(signer.publicKey);
        const copies = await Promise.all(toCodeChunks(expandedKey!).map((chunk) => deployCodeAt(fixture, chunk.initCode, numberToHex(1, { size: 32 }))));
        const copy = concatHex([fixture.contracts.verifiers[signer.scheme]!, signer.key.slice(0, 66) as Hex, ...copies]);
        assert.notEqual(copy.toLowerCase(), erc7913(signer).toLowerCase());
        await assert.rejects(createAccount([erc7913(signer), copy], 2n), /ERC7913SignerGuardDuplicateKey/, signer.scheme);
        // Both encodings verify the same signature: without the identity check, one key would count twice.
        const hash = keccak256("0xabcd");
        const signature = await signer.sign({ hash });
        const verify = { address: fixture.contracts.verifiers[signer.scheme]!, abi: [verifyAbi], functionName: "verify" } as const;
        assert.equal(await fixture.client.readContract({ ...verify, args: [`0x${copy.slice(42)}`, hash, signature] }), "0x024ad318");
      }
    });
  });

  describe("signer management", () => {
    it("adds a signer only with its proof of possession, bound to the account, the chain and the nonce", async () => {
      const owner = ecdsaSigner();
      const account = await deployedAccount(owner);
      const other = await deployedAccount(ecdsaSigner());
      const next = ecdsaSigner();
      const nextSigner = erc7913(next);
      const chainId = fixture.client.chain.id;
      const addWith = (proof: Hex) => ({
        to: account.address,
        data: encodeFunctionData({ abi: pqAccountAbi, functionName: "addSigners", args: [[nextSigner], [proof]] }),
      });
      const hash = (overrides: Partial<Parameters<typeof getSignerPossessionHash>[0]> = {}) =>
        getSignerPossessionHash({ account: account.address, chainId, signer: nextSigner, nonce: 0n, ...overrides });

      assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "possessionHash", args: [nextSigner] }), hash());
      for (const proof of [
        "0x",
        await ecdsaSigner().sign({ hash: hash() }), // by another key
        await next.sign({ hash: hash({ account: other.address }) }), // for another account
        await next.sign({ hash: hash({ chainId: 1 }) }), // for another chain
        await next.sign({ hash: hash({ nonce: 1n }) }), // for another nonce
      ] as Hex[])
        assert.equal(await send(account, [addWith(proof)]), "execution reverted: PQAccountInvalidPossessionProof");

      const proof = await next.sign({ hash: hash() });
      assert.equal(await send(account, [addWith(proof)]), "success");
      assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "signerNonce" }), 1n);
      assert.deepEqual((await signersOf(account.address)).sort(), [erc7913(owner), nextSigner].map((s) => s.toLowerCase()).sort());

      // Removed, the same proof cannot bring it back: the nonce moved on.
      const remove = encodeFunctionData({ abi: pqAccountAbi, functionName: "removeSigners", args: [[nextSigner]] });
      assert.equal(await send(account, [{ to: account.address, data: remove }]), "success");
      assert.equal(await send(account, [addWith(proof)]), "execution reverted: PQAccountInvalidPossessionProof");
    });

    it("keeps the threshold reachable and refuses a keypair added twice", async () => {
      const owner = ecdsaSigner();
      const account = await deployedAccount(owner);
      const setThreshold = (threshold: bigint) => ({ to: account.address, data: encodeFunctionData({ abi: pqAccountAbi, functionName: "setThreshold", args: [threshold] }) });
      assert.equal(await send(account, [setThreshold(2n)]), "execution reverted: MultiSignerERC7913UnreachableThreshold");
      assert.equal(await send(account, [setThreshold(0n)]), "execution reverted: MultiSignerERC7913ZeroThreshold");
      const remove = encodeFunctionData({ abi: pqAccountAbi, functionName: "removeSigners", args: [[erc7913(owner)]] });
      assert.equal(await send(account, [{ to: account.address, data: remove }]), "execution reverted: MultiSignerERC7913UnreachableThreshold");
      const again = await getSignerChangeCalls({ client: fixture.client, account, add: [owner] });
      assert.equal(await send(account, again), "execution reverted: ERC7913SignerGuardDuplicateKey");
    });
  });

  describe("multi-signer and hybrid accounts", () => {
    it("a 2-of-2 ECDSA + Falcon-512 account needs both signatures", async () => {
      const ecdsa = ecdsaSigner();
      const account = await deployedAccount(hybridSigner([ecdsa, falcon]));
      assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "threshold" }), 2n);
      const call = [{ to: fixture.other.account.address, value: 1n }];
      assert.equal(await send(account, call), "success");

      const parts = async (hash: Hex, signers: PQ4337Signer[], by: PQ4337Signer[] = signers) =>
        encodeMultiSignature(await Promise.all(signers.map(async (signer, i) => ({ signer: erc7913(signer), signature: await by[i]!.sign({ hash }) }))));
      // One wrong signature, one missing, one signer twice: AA24 each time.
      assert.match(await send(account, call, (hash) => parts(hash, [ecdsa, falcon], [ecdsaSigner(), falcon])), /^AA24/);
      assert.match(await send(account, call, (hash) => parts(hash, [falcon])), /^AA24/);
      assert.match(await send(account, call, (hash) => parts(hash, [falcon, falcon])), /^AA24/);
      assert.equal(await send(account, call, (hash) => parts(hash, [falcon, ecdsa])), "success");
    });

    it("a 2-of-3 account takes any two of its signers, not a stranger", async () => {
      const keys = [ecdsaSigner(), ecdsaSigner(), ecdsaSigner()];
      const account = await deployedAccount(multiSigner({ signers: keys, threshold: 2 }));
      const parts = (hash: Hex, signers: PQ4337Signer[]) =>
        Promise.all(signers.map(async (signer) => ({ signer: erc7913(signer), signature: await signer.sign({ hash }) }))).then(encodeMultiSignature);
      const call = [{ to: zeroAddress, value: 1n }];
      assert.equal(await send(account, call, (hash) => parts(hash, [keys[1]!, keys[2]!])), "success");
      assert.match(await send(account, call, (hash) => parts(hash, [keys[1]!, ecdsaSigner()])), /^AA24/);
      assert.match(await send(account, call, (hash) => parts(hash, [keys[0]!])), /^AA24/);
    });

    it("migrates an ECDSA account to ECDSA + Falcon-512, then to Falcon-512 only, one operation each, deploying the key itself", async () => {
      const ecdsa = ecdsaSigner();
      const account = await deployedAccount(ecdsa);
      const fresh = schemes.falcon512!.createSigner(seed("migration/falcon"));
      const chunk = toCodeChunks(schemes.falcon512!.toErc7913Key(fresh.publicKey).expandedKey!)[0]!;
      assert.equal(await fixture.client.getCode({ address: chunk.address }), undefined);

      const upgrade = await getSignerChangeCalls({ client: fixture.client, account, add: [fresh], threshold: 2 });
      assert.equal(upgrade[0]!.to, create2DeployerAddress);
      assert.equal(await send(account, upgrade), "success");
      assert.notEqual(await fixture.client.getCode({ address: chunk.address }), undefined);
      const hybrid = await toPQSmartAccount({ client: fixture.client, signer: hybridSigner([ecdsa, fresh]), address: account.address });
      assert.match(await send(account, [{ to: zeroAddress, value: 1n }]), /^AA24/);
      assert.equal(await send(hybrid, [{ to: zeroAddress, value: 1n }]), "success");

      const finish = await getSignerChangeCalls({ client: fixture.client, account: hybrid, remove: [ecdsa], threshold: 1 });
      assert.equal(await send(hybrid, finish), "success");
      assert.deepEqual(await signersOf(account.address), [erc7913(fresh).toLowerCase()]);
      const pqOnly = await toPQSmartAccount({ client: fixture.client, signer: fresh, address: account.address });
      assert.equal(await send(pqOnly, [{ to: zeroAddress, value: 1n }]), "success");
      assert.match(await send(account, [{ to: zeroAddress, value: 1n }]), /^AA24/);
    });
  });
});

const verifyAbi = {
  type: "function",
  name: "verify",
  stateMutability: "view",
  inputs: [
    { name: "key", type: "bytes" },
    { name: "hash", type: "bytes32" },
    { name: "signature", type: "bytes" },
  ],
  outputs: [{ name: "", type: "bytes4" }],
} as const;
