// The signer guard against an attacker (issue #17): a verifier whose code can change (EIP-7702), an Ed25519 key with a
// torsion component, and the limit of what the guard's probe and the proof of possession prove.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { bytesToNumberLE } from "@noble/curves/utils.js";
import { type Address, type Hex, concatHex, custom, encodeFunctionData, hexToBytes, keccak256, parseEther, stringToHex, zeroAddress, zeroHash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { getUserOperationHash } from "viem/account-abstraction";
import { network } from "hardhat";
import {
  type PQ4337Signer,
  type ToPQSmartAccountReturnType,
  ecdsaSigner,
  encodeMultiSignature,
  entryPointAddress,
  getSignerPossessionHash,
  pqAccountAbi,
  pqAccountFactoryAbi,
  toPQSmartAccount,
} from "@pq4337/sdk";
import { type Fixture, buildUserOperation, deployFixture, fundedAccount, handleOps } from "../helpers/deployment.js";
import { delegateEOA } from "../helpers/eip7702.js";
import { L, SMALL_ORDER_POINTS } from "../helpers/ed25519.js";
import { handleOpsOutcome } from "../helpers/outcome.js";

const connection = await network.create();
const MAGIC = "0x024ad318";

const verifyAbi = [
  {
    type: "function",
    name: "verify",
    stateMutability: "view",
    inputs: [
      { name: "key", type: "bytes" },
      { name: "hash", type: "bytes32" },
      { name: "signature", type: "bytes" },
    ],
    outputs: [{ name: "", type: "bytes4" }],
  },
] as const;

describe("ERC7913SignerGuard against an attacker", () => {
  let fixture: Fixture;
  before(async () => {
    fixture = await deployFixture(connection);
  });

  const createAccount = (signers: Hex[], threshold = 1n, salt: Hex = zeroHash) =>
    fixture.deployer.writeContract({
      address: fixture.contracts.accountFactory,
      abi: pqAccountFactoryAbi,
      functionName: "createAccount",
      args: [signers, threshold, salt],
    });

  async function send(account: ToPQSmartAccountReturnType, calls: { to: Address; data?: Hex; value?: bigint }[], sign?: (hash: Hex) => Promise<Hex>) {
    const operation = await buildUserOperation(fixture, account, await account.encodeCalls(calls));
    const hash = getUserOperationHash({ chainId: fixture.client.chain.id, entryPointAddress, entryPointVersion: "0.8", userOperation: operation });
    operation.signature = sign ? await sign(hash) : await account.signUserOperation(operation);
    return handleOpsOutcome(() => handleOps(fixture, [operation]));
  }

  /** The calls of a (phished) signer change that adds `signer` with a proof of possession made by `sign`. */
  async function addSignerCall(account: ToPQSmartAccountReturnType, signer: Hex, sign: (hash: Hex) => Promise<Hex>) {
    const nonce = await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "signerNonce" });
    const proof = await sign(getSignerPossessionHash({ account: account.address, chainId: fixture.client.chain.id, signer, nonce }));
    return { to: account.address, data: encodeFunctionData({ abi: pqAccountAbi, functionName: "addSigners", args: [[signer], [proof]] }) };
  }

  async function fundedEOA() {
    const privateKey = generatePrivateKey();
    const address = privateKeyToAccount(privateKey).address;
    await fixture.client.waitForTransactionReceipt({ hash: await fixture.deployer.sendTransaction({ to: address, value: parseEther("1") }) });
    return { privateKey, address };
  }

  describe("case 1: a verifier whose code can change (EIP-7702)", () => {
    it("refuses an EOA delegated to the ECDSA verifier, at creation and in a signer change, though it verifies like the verifier", async () => {
      const eoa = await fundedEOA();
      await delegateEOA({ client: fixture.client, transport: custom(connection.provider), privateKey: eoa.privateKey, target: fixture.contracts.verifiers.ecdsa! });
      const victim = ecdsaSigner();
      // Until its key re-delegates it (one type-4 transaction) to code that accepts everything, it answers as the
      // verifier does: the probe, the key identity and the signatures all pass.
      const hash = keccak256(stringToHex("hello"));
      const answer = (key: Hex, signature: Hex) =>
        fixture.client.readContract({ address: eoa.address, abi: verifyAbi, functionName: "verify", args: [key, hash, signature] });
      assert.equal(await answer(victim.key, await victim.sign({ hash })), MAGIC);
      assert.equal(await answer("0x", "0x"), "0xffffffff");

      const signer = concatHex([eoa.address, victim.key]);
      await assert.rejects(createAccount([signer]), /ERC7913SignerGuardVerifierDelegated/);

      const account = await fundedAccount(fixture, ecdsaSigner());
      assert.equal(await send(account, [{ to: zeroAddress, value: 0n }]), "success");
      assert.equal(await send(account, [await addSignerCall(account, signer, (h) => victim.sign({ hash: h }))]), "execution reverted: ERC7913SignerGuardVerifierDelegated");
    });
  });

  describe("case 3: Ed25519 keys with a torsion component", () => {
    // A genuine key A = [a]B and A + T for each of the eight points T of order dividing 8. The holder of a signs for
    // every A + T: the cofactored equation [8]([S]B − R − [k](A + T)) = −[8][k]T = O holds whatever k is.
    const a = bytesToNumberLE(sha512(new TextEncoder().encode("ERC7913SignerGuard.test/ed25519"))) % L;
    const A = ed25519.Point.BASE.multiply(a);
    const torsioned = SMALL_ORDER_POINTS.map((t) => A.add(ed25519.Point.fromHex(t.slice(2))).toBytes());
    const signFor = (publicKey: Uint8Array) => async (hash: Hex) => {
      const r = bytesToNumberLE(sha512(hexToBytes(concatHex([hash, `0x${Buffer.from(publicKey).toString("hex")}`])))) % L;
      const R = ed25519.Point.BASE.multiply(r).toBytes();
      const k = bytesToNumberLE(sha512(new Uint8Array([...R, ...publicKey, ...hexToBytes(hash)]))) % L;
      const S = (r + k * a) % L;
      const s = new Uint8Array(32);
      for (let i = 0, v = S; i < 32; i++, v >>= 8n) s[i] = Number(v & 0xffn);
      return `0x${Buffer.from([...R, ...s]).toString("hex")}` as Hex;
    };
    const signers = () => torsioned.map((publicKey) => concatHex([fixture.contracts.verifiers.ed25519!, `0x${Buffer.from(publicKey).toString("hex")}`]));

    it("one Ed25519 secret signs for A + T under all eight T: the verifier accepts each (as RFC 8032's cofactored equation does)", async () => {
      const hash = keccak256(stringToHex("torsion"));
      const distinct = new Set(torsioned.map((publicKey) => Buffer.from(publicKey).toString("hex")));
      assert.equal(distinct.size, 8);
      for (const publicKey of torsioned) {
        const key = `0x${Buffer.from(publicKey).toString("hex")}` as Hex;
        const answer = await fixture.client.readContract({ address: fixture.contracts.verifiers.ed25519!, abi: verifyAbi, functionName: "verify", args: [key, hash, await signFor(publicKey)(hash)] });
        assert.equal(answer, MAGIC, key);
      }
    });

    it("so one key can no longer fill the eight places of an 8-of-8 account: every A + T with T ≠ O is refused", async () => {
      await assert.rejects(createAccount(signers(), 8n), /ERC7913SignerGuardNonCanonicalKey/);
      for (const signer of signers().slice(1)) await assert.rejects(createAccount([signer], 1n), /ERC7913SignerGuardNonCanonicalKey/);
      // A itself is a key like any other.
      const { request } = await fixture.client.simulateContract({
        account: fixture.deployer.account,
        address: fixture.contracts.accountFactory,
        abi: pqAccountFactoryAbi,
        functionName: "createAccount",
        args: [[signers()[0]!], 1n, zeroHash],
      });
      await fixture.client.waitForTransactionReceipt({ hash: await fixture.deployer.writeContract(request) });
    });
  });

  describe("case 4: what the probe and the proof of possession do not prove", () => {
    it("stores a verifier that fails only the probe and accepts everything else, with a proof it checks itself: the guard's documented limit", async () => {
      // The probe refuses an accept-all verifier that does not bother to fail `verify("", 0, "")`, a precompile and
      // an EOA; it cannot tell an honest verifier from one written to pass it. Only the verifier checks the proof
      // of possession, so such a verifier "proves" anything. The protection is off-chain: the SDK refuses a verifier
      // outside pq4337's deployment unless told otherwise (UnknownVerifierError).
      const dodger = await connection.viem.deployContract("ProbeDodgingVerifier");
      const account = await fundedAccount(fixture, ecdsaSigner());
      assert.equal(await send(account, [{ to: zeroAddress, value: 0n }]), "success");
      const signer = concatHex([dodger.address, "0x01"]);
      assert.equal(await send(account, [await addSignerCall(account, signer, async () => "0x01")]), "success");
      const stored = await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "isSigner", args: [signer] });
      assert.equal(stored, true);
      // It now signs for the account: any bytes, for any operation.
      const attacker = await toPQSmartAccount({ client: fixture.client, signer: dodgerSigner(), address: account.address, verifiers: { ecdsa: dodger.address }, allowUnknownVerifier: true });
      const before = await fixture.client.getBalance({ address: fixture.other.account.address });
      assert.equal(await send(attacker, [{ to: fixture.other.account.address, value: 12345n }], async () => encodeMultiSignature([{ signer, signature: "0x02" }])), "success");
      assert.equal(await fixture.client.getBalance({ address: fixture.other.account.address }), before + 12345n);
    });
  });
});

/** A stand-in signer whose key is the probe-dodging verifier's 0x01 (the SDK's scheme is only a label here). */
function dodgerSigner(): PQ4337Signer {
  return { scheme: "ecdsa", publicKey: "0x01", key: "0x01", sign: async () => "0x02", getStubSignature: async () => "0x02" };
}
