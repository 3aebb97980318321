import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  type Account,
  type Address,
  type BaseError,
  type Chain,
  type Hex,
  type Transport,
  type WalletClient,
  concatHex,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  numberToHex,
  pad,
  stringToHex,
  zeroAddress,
  zeroHash,
} from "viem";
import { network } from "hardhat";
import {
  type PQ4337Signer,
  deployExpandedKey,
  ecdsaSigner,
  encodeMultiSignature,
  getModulePossessionHash,
  getModuleReplaySafeHash,
  pqValidatorModuleAbi,
  schemes,
  toCodeChunks,
} from "@pq4337/sdk";
import { type Fixture, deployCodeAt, deployFixture } from "../helpers/deployment.js";

const connection = await network.create();
const seed = (label: string): Hex => keccak256(stringToHex(`PQValidatorModule.test/${label}`));

/** A PackedUserOperation whose only meaningful field is the signature (the module reads nothing else). */
const packedOperation = (sender: Address, signature: Hex) => ({
  sender,
  nonce: 0n,
  initCode: "0x" as Hex,
  callData: "0x" as Hex,
  accountGasLimits: zeroHash,
  preVerificationGas: 0n,
  gasFees: zeroHash,
  paymasterAndData: "0x" as Hex,
  signature,
});

describe("PQValidatorModule", () => {
  let fixture: Fixture;
  let module: Address;
  let falcon: PQ4337Signer;
  let mldsa: PQ4337Signer;
  /** Wallets standing in for ERC-7579 accounts: the module keys everything by its caller. */
  let accounts: WalletClient<Transport, Chain, Account>[];

  before(async () => {
    fixture = await deployFixture(connection);
    // From this build's artifact, so the tests run the source as compiled now (the SDK's copy is exported at build).
    ({ address: module } = await connection.viem.deployContract("PQValidatorModule"));
    falcon = schemes.falcon512!.createSigner(seed("falcon"));
    mldsa = schemes.mldsa65!.createSigner(seed("mldsa"));
    for (const signer of [falcon, mldsa]) await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
    accounts = (await connection.viem.getWalletClients()).slice(3, 12) as WalletClient<Transport, Chain, Account>[];
  });

  const erc7913 = (signer: PQ4337Signer) => concatHex([fixture.contracts.verifiers[signer.scheme]!, signer.key]);
  const read = <name extends "isInitialized" | "threshold" | "possessionNonce" | "getSigners">(functionName: name, account: Address) =>
    fixture.client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName, args: [account] } as never) as Promise<
      name extends "isInitialized" ? boolean : name extends "getSigners" ? readonly Hex[] : bigint
    >;

  /** Proofs of possession of `signers` for `account` at its current nonce (`nonce` to override). */
  async function proofs(account: Address, signers: PQ4337Signer[], nonce?: bigint): Promise<Hex[]> {
    const current = nonce ?? (await read("possessionNonce", account));
    return Promise.all(
      signers.map((signer) =>
        signer.sign({ hash: getModulePossessionHash({ module, account, chainId: fixture.client.chain.id, signer: erc7913(signer), nonce: current }) }),
      ),
    );
  }

  const initData = (signers: Hex[], signerProofs: Hex[], threshold: bigint) =>
    encodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }, { type: "uint64" }], [signers, signerProofs, threshold]);

  /** Sends a module call from `account` and waits for it. */
  async function call(account: WalletClient<Transport, Chain, Account>, data: Hex) {
    const hash = await account.sendTransaction({ to: module, data, gas: 8_000_000n });
    const receipt = await fixture.client.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "success");
    return hash;
  }
  const onInstall = (data: Hex) => encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "onInstall", args: [data] });
  /** Runs a module call from `account` without sending it; a revert throws an error named after the module's error. */
  async function simulate(account: Address, data: Hex) {
    try {
      await fixture.client.call({ account, to: module, data });
    } catch (error) {
      const revert = (error as BaseError).walk((cause) => typeof (cause as { data?: unknown }).data === "string") as { data?: Hex } | null;
      if (!revert?.data) throw error;
      const { errorName, args } = decodeErrorResult({ abi: pqValidatorModuleAbi, data: revert.data });
      throw new Error(`${errorName}(${String(args)})`);
    }
  }

  async function install(account: WalletClient<Transport, Chain, Account>, signers: PQ4337Signer[], threshold: bigint) {
    const address = account.account.address;
    return call(account, onInstall(initData(signers.map(erc7913), await proofs(address, signers), threshold)));
  }

  /** The module's verdict on a user operation of `account` signed as `parts`. */
  async function validate(account: Address, hash: Hex, signature: Hex): Promise<bigint> {
    return fixture.client.readContract({
      account,
      address: module,
      abi: pqValidatorModuleAbi,
      functionName: "validateUserOp",
      args: [packedOperation(account, signature), hash],
    });
  }
  const sign = async (signers: PQ4337Signer[], hash: Hex) =>
    encodeMultiSignature(await Promise.all(signers.map(async (signer) => ({ signer: erc7913(signer), signature: await signer.sign({ hash }) }))));

  it("is a validator module (type 1) only", async () => {
    for (const [type, expected] of [[1n, true], [2n, false], [3n, false], [4n, false], [0n, false]] as const)
      assert.equal(await fixture.client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName: "isModuleType", args: [type] }), expected);
  });

  it("installs Falcon-512 alone, then validates user operations and ERC-1271 requests of that account only", async () => {
    const [account, stranger] = [accounts[0]!, accounts[1]!];
    const address = account.account.address;
    await install(account, [falcon], 1n);
    assert.equal(await read("isInitialized", address), true);
    assert.equal(await read("threshold", address), 1n);
    assert.deepEqual(await read("getSigners", address), [erc7913(falcon).toLowerCase()]);
    assert.equal(await read("possessionNonce", address), 1n);

    const hash = keccak256("0x01");
    const signature = await sign([falcon], hash);
    assert.equal(await validate(address, hash, signature), 0n);
    assert.equal(await validate(address, keccak256("0x02"), signature), 1n);
    // The same signature for an account that has not installed the module.
    assert.equal(await validate(stranger.account.address, hash, signature), 1n);
    // Another key's signature, garbage, an empty signature, a signature without signers.
    assert.equal(await validate(address, hash, await sign([{ ...falcon, sign: schemes.falcon512!.createSigner(seed("intruder")).sign }], hash)), 1n);
    for (const garbage of ["0x", "0x1234", `0x${"ff".repeat(64)}`, encodeMultiSignature([])] as Hex[]) assert.equal(await validate(address, hash, garbage), 1n, garbage);

    // ERC-1271: a signature of the replay-safe hash, bound to the account.
    const replaySafe = getModuleReplaySafeHash({ module, account: address, chainId: fixture.client.chain.id, hash });
    const isValid = (from: Address, message: Hex, sig: Hex) =>
      fixture.client.readContract({ account: from, address: module, abi: pqValidatorModuleAbi, functionName: "isValidSignatureWithSender", args: [zeroAddress, message, sig] });
    assert.equal(await fixture.client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName: "replaySafeHash", args: [address, hash] }), replaySafe);
    assert.equal(await isValid(address, hash, await sign([falcon], replaySafe)), "0x1626ba7e");
    // The raw hash's signature (what a user operation carries) is not an ERC-1271 signature.
    assert.equal(await isValid(address, hash, signature), "0xffffffff");
  });

  it("refuses to replay one account's ERC-1271 signature on another account of the same signer", async () => {
    const [first, second] = [accounts[2]!, accounts[3]!];
    const signer = ecdsaSigner({ privateKey: seed("shared") });
    await install(first, [signer], 1n);
    await install(second, [signer], 1n);
    const hash = keccak256("0xabcdef");
    const signature = await sign([signer], getModuleReplaySafeHash({ module, account: first.account.address, chainId: fixture.client.chain.id, hash }));
    const isValid = (from: Address) =>
      fixture.client.readContract({ account: from, address: module, abi: pqValidatorModuleAbi, functionName: "isValidSignatureWithSender", args: [zeroAddress, hash, signature] });
    assert.equal(await isValid(first.account.address), "0x1626ba7e");
    assert.equal(await isValid(second.account.address), "0xffffffff");
  });

  it("ECDSA + ML-DSA-65, 2 of 2: needs both signatures, each signer counted once", async () => {
    const account = accounts[4]!;
    const address = account.account.address;
    const ecdsa = ecdsaSigner({ privateKey: seed("hybrid/ecdsa") });
    await install(account, [ecdsa, mldsa], 2n);
    const hash = keccak256("0x77");
    assert.equal(await validate(address, hash, await sign([ecdsa, mldsa], hash)), 0n);
    assert.equal(await validate(address, hash, await sign([ecdsa], hash)), 1n);
    assert.equal(await validate(address, hash, await sign([mldsa], hash)), 1n);
    const twice = encodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }], [[erc7913(ecdsa), erc7913(ecdsa)], [await ecdsa.sign({ hash }), await ecdsa.sign({ hash })]]);
    assert.equal(await validate(address, hash, twice), 1n);
    // A valid signature by a key that is not one of the account's.
    const outsider = ecdsaSigner({ privateKey: seed("hybrid/outsider") });
    assert.equal(await validate(address, hash, await sign([ecdsa, outsider], hash)), 1n);
  });

  describe("bad input at install, before anything is stored", () => {
    const refused = async (account: WalletClient<Transport, Chain, Account>, data: Hex, error: RegExp) => {
      const address = account.account.address;
      await assert.rejects(simulate(address, onInstall(data)), error);
      assert.equal(await read("isInitialized", address), false);
      assert.deepEqual(await read("getSigners", address), []);
      assert.equal(await read("possessionNonce", address), 0n);
    };

    it("refuses an unsafe verifier: a precompile (identity 0x04 proves anything), an EOA, an accept-everything contract", async () => {
      const account = accounts[5]!;
      const acceptAll = await connection.viem.deployContract("AcceptAllVerifier");
      const cases: [Hex, RegExp][] = [
        [concatHex(["0x0000000000000000000000000000000000000004", "0x01"]), /ERC7913SignerGuardVerifierWithoutCode/],
        [concatHex([fixture.other.account.address, "0x01"]), /ERC7913SignerGuardVerifierWithoutCode/],
        [concatHex([acceptAll.address, "0x01"]), /ERC7913SignerGuardVerifierFailedProbe/],
        [fixture.contracts.verifiers.ecdsa!, /ERC7913SignerGuardInvalidSigner/],
      ];
      // Each "proof" is accepted by the unsafe verifier itself: only the guard stands in the way.
      for (const [signer, error] of cases) await refused(account, initData([signer], ["0x1234"], 1n), error);
      // Beside a good signer too: the whole install reverts.
      const good = ecdsaSigner({ privateKey: seed("good") });
      const [proof] = await proofs(account.account.address, [good]);
      await refused(account, initData([erc7913(good), cases[0]![0]], [proof!, "0x1234"], 1n), /ERC7913SignerGuardVerifierWithoutCode/);
    });

    it("refuses a wrong proof of possession: another key's, another account's, a stale nonce's, a missing one", async () => {
      const [account, other] = [accounts[5]!, accounts[6]!];
      const address = account.account.address;
      const signer = ecdsaSigner({ privateKey: seed("proof") });
      const hashFor = (target: Address, nonce: bigint) => getModulePossessionHash({ module, account: target, chainId: fixture.client.chain.id, signer: erc7913(signer), nonce });
      const wrong: Hex[] = [
        await ecdsaSigner().sign({ hash: hashFor(address, 0n) }),
        await signer.sign({ hash: hashFor(other.account.address, 0n) }),
        await signer.sign({ hash: hashFor(address, 1n) }),
        await signer.sign({ hash: getModulePossessionHash({ module: fixture.contracts.accountFactory, account: address, chainId: fixture.client.chain.id, signer: erc7913(signer), nonce: 0n }) }),
      ];
      for (const proof of wrong) await refused(account, initData([erc7913(signer)], [proof], 1n), /PQValidatorModuleInvalidPossessionProof/);
      await refused(account, initData([erc7913(signer)], [], 1n), /PQValidatorModuleProofsMismatch/);
      // Falcon: a proof over the right hash by a different Falcon key.
      const [falconProof] = await proofs(address, [schemes.falcon512!.createSigner(seed("other-falcon"))]);
      await refused(account, initData([erc7913(falcon)], [falconProof!], 1n), /PQValidatorModuleInvalidPossessionProof/);
    });

    it("refuses a keypair twice: the same signer, and the same expanded key stored at other addresses", async () => {
      const account = accounts[5]!;
      const address = account.account.address;
      const signer = ecdsaSigner({ privateKey: seed("twice") });
      await refused(account, initData([erc7913(signer), erc7913(signer)], await proofs(address, [signer, signer]), 1n), /PQValidatorModuleAlreadySigner/);
      const { expandedKey } = schemes.falcon512!.toErc7913Key(falcon.publicKey);
      const copies = await Promise.all(toCodeChunks(expandedKey!).map((chunk) => deployCodeAt(fixture, chunk.initCode, numberToHex(7, { size: 32 }))));
      const copy = concatHex([fixture.contracts.verifiers.falcon512!, falcon.key.slice(0, 66) as Hex, ...copies]);
      const copyProof = await falcon.sign({ hash: getModulePossessionHash({ module, account: address, chainId: fixture.client.chain.id, signer: copy, nonce: 0n }) });
      const [originalProof] = await proofs(address, [falcon]);
      await refused(account, initData([erc7913(falcon), copy], [originalProof!, copyProof], 2n), /PQValidatorModuleDuplicateKey/);
    });

    it("refuses threshold 0 and a threshold above the number of signers", async () => {
      const account = accounts[5]!;
      const address = account.account.address;
      const [a, b] = [ecdsaSigner({ privateKey: seed("t/a") }), ecdsaSigner({ privateKey: seed("t/b") })];
      await refused(account, initData([erc7913(a), erc7913(b)], await proofs(address, [a, b]), 0n), /PQValidatorModuleZeroThreshold/);
      await refused(account, initData([erc7913(a), erc7913(b)], await proofs(address, [a, b]), 3n), /PQValidatorModuleUnreachableThreshold/);
      await refused(account, initData([], [], 1n), /PQValidatorModuleUnreachableThreshold/);
    });

    it("refuses a second install, and signer changes from an account that has not installed it", async () => {
      const [installed, bare] = [accounts[0]!, accounts[7]!];
      const signer = ecdsaSigner({ privateKey: seed("second") });
      await assert.rejects(simulate(installed.account.address, onInstall(initData([erc7913(signer)], await proofs(installed.account.address, [signer]), 1n))), /PQValidatorModuleAlreadyInitialized/);
      for (const data of [
        encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "addSigners", args: [[erc7913(signer)], await proofs(bare.account.address, [signer])] }),
        encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "removeSigners", args: [[erc7913(signer)]] }),
        encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "setThreshold", args: [1n] }),
      ])
        await assert.rejects(simulate(bare.account.address, data), /PQValidatorModuleNotInitialized/);
    });
  });

  it("changes signers with proofs, keeps the threshold reachable, and uninstall leaves no storage but the nonce", async () => {
    const account = accounts[8]!;
    const address = account.account.address;
    const [a, b, c] = [ecdsaSigner({ privateKey: seed("manage/a") }), ecdsaSigner({ privateKey: seed("manage/b") }), ecdsaSigner({ privateKey: seed("manage/c") })];
    const written = new Set<Hex>();
    const record = async (hash: Hex) => {
      const trace = (await connection.provider.request({ method: "debug_traceTransaction", params: [hash] })) as { structLogs: { op: string; stack: Hex[] }[] };
      for (const log of trace.structLogs) {
        if (log.op !== "SSTORE") continue;
        const slot = log.stack[log.stack.length - 1]!;
        written.add(pad(slot.startsWith("0x") ? slot : `0x${slot}`, { size: 32 }).toLowerCase() as Hex);
      }
    };
    await record(await install(account, [a, falcon], 2n));
    await record(await call(account, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "addSigners", args: [[erc7913(b), erc7913(c)], await proofs(address, [b, c])] })));
    assert.deepEqual(await read("getSigners", address), [a, falcon, b, c].map((signer) => erc7913(signer).toLowerCase()));
    assert.equal(await read("possessionNonce", address), 2n);
    // A proof is good for one change: replaying the last one fails.
    await assert.rejects(
      simulate(address, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "addSigners", args: [[erc7913(mldsa)], await proofs(address, [mldsa], 1n)] })),
      /PQValidatorModuleInvalidPossessionProof/,
    );
    await record(await call(account, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "removeSigners", args: [[erc7913(a)]] })));
    assert.deepEqual(await read("getSigners", address), [c, falcon, b].map((signer) => erc7913(signer).toLowerCase()));
    await assert.rejects(simulate(address, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "removeSigners", args: [[erc7913(b), erc7913(c)]] })), /PQValidatorModuleUnreachableThreshold/);
    await assert.rejects(simulate(address, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "removeSigners", args: [[erc7913(a)]] })), /PQValidatorModuleNonexistentSigner/);
    await record(await call(account, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "setThreshold", args: [3n] })));
    await assert.rejects(simulate(address, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "setThreshold", args: [4n] })), /PQValidatorModuleUnreachableThreshold/);
    // The removed key can be added back (its keypair identity was freed).
    await record(await call(account, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "addSigners", args: [[erc7913(a)], await proofs(address, [a])] })));
    const hash = keccak256("0x99");
    assert.equal(await validate(address, hash, await sign([a, b, c], hash)), 0n);
    assert.equal(await validate(address, hash, await sign([a, b], hash)), 1n);

    await call(account, encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "onUninstall", args: ["0x"] }));
    assert.equal(await read("isInitialized", address), false);
    assert.equal(await read("threshold", address), 0n);
    assert.deepEqual(await read("getSigners", address), []);
    for (const signer of [a, b, c, falcon])
      assert.equal(await fixture.client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName: "isSigner", args: [address, erc7913(signer)] }), false);
    assert.equal(await validate(address, hash, await sign([a, b, c], hash)), 1n);
    // Every slot the installation and the changes wrote is zero again, but the one holding the possession nonce.
    // `_accounts` follows EIP712's two fallback strings (slots 0 and 1).
    const nonceSlot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [address, 2n]));
    assert.ok(written.has(nonceSlot), "the nonce slot is among those written");
    assert.ok(written.size > 20, `${written.size} slots written`);
    for (const slot of written) {
      const value = await fixture.client.getStorageAt({ address: module, slot });
      if (slot === nonceSlot) assert.equal(BigInt(value!), 3n << 64n, "possessionNonce 3, threshold 0");
      else assert.equal(BigInt(value ?? 0n), 0n, `slot ${slot}`);
    }

    // A reinstall starts clean: only its own signers, and proofs made for the first installation do not replay.
    await assert.rejects(simulate(address, onInstall(initData([erc7913(a)], await proofs(address, [a], 0n), 1n))), /PQValidatorModuleInvalidPossessionProof/);
    await install(account, [mldsa], 1n);
    assert.deepEqual(await read("getSigners", address), [erc7913(mldsa).toLowerCase()]);
    assert.equal(await validate(address, hash, await sign([a, b, c], hash)), 1n);
    assert.equal(await validate(address, hash, await sign([mldsa], hash)), 0n);
  });
});
