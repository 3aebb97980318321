import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Address, type Hex, bytesToHex, concatHex, hexToBytes, keccak256, padHex, toHex, zeroHash } from "viem";
import { network } from "hardhat";
import {
  type PQ4337Signer,
  attestExpandedKey,
  codeChunksCommitment,
  deployCodeChunks,
  deployExpandedKey,
  expandFalconPublicKey,
  ExpandedKeyAttestationMismatchError,
  ExpandedKeyNotAttestedError,
  getPQ4337Addresses,
  keyAttestorAbi,
  pqAccountFactoryAbi,
  schemes,
  toCodeChunks,
} from "@pq4337/sdk";
import { type Fixture, deployFixture } from "../helpers/deployment.js";
import { placeStandIn } from "../helpers/precompiles.js";

const connection = await network.create();
const MAGIC = "0x024ad318";
const lattice = ["mldsa44", "mldsa65", "mldsa87", "falcon512", "falcon1024", "mldsa44keccak", "falcon512keccak"] as const;
type Lattice = (typeof lattice)[number];
/** E's length (the rest of E ‖ pk is pk) for each scheme. */
const expandedKeyLength: Record<Lattice, number> = {
  mldsa44: 20544,
  mldsa65: 36928,
  mldsa87: 65600,
  falcon512: 2048,
  falcon1024: 4096,
  mldsa44keccak: 20544,
  falcon512keccak: 2048,
};
const keyIdAbi = [
  { type: "function", name: "keyId", stateMutability: "view", inputs: [{ name: "key", type: "bytes" }], outputs: [{ type: "bytes32" }] },
  {
    type: "function",
    name: "verify",
    stateMutability: "view",
    inputs: [{ name: "key", type: "bytes" }, { name: "hash", type: "bytes32" }, { name: "signature", type: "bytes" }],
    outputs: [{ type: "bytes4" }],
  },
  { type: "error", name: "ERC7913NonCanonicalKey", inputs: [{ name: "key", type: "bytes" }] },
  { type: "error", name: "ERC7913UnattestedKey", inputs: [{ name: "key", type: "bytes" }] },
] as const;

describe("KeyAttestor: a lattice key's E is proven to be its pk's expansion before keyId names it", () => {
  let fixture: Fixture;
  const signers = Object.fromEntries(
    lattice.map((name, index) => [name, schemes[name]!.createSigner(toHex(`key attestation ${index}`, { size: 32 }))]),
  ) as Record<Lattice, PQ4337Signer & { expandedKey: NonNullable<PQ4337Signer["expandedKey"]> }>;
  const others = Object.fromEntries(
    lattice.map((name, index) => [name, schemes[name]!.createSigner(toHex(`another key ${index}`, { size: 32 }))]),
  ) as typeof signers;

  const verifier = (scheme: Lattice) => fixture.contracts.verifiers[scheme]!;
  const attestor = (scheme: Lattice) => getPQ4337Addresses().keyAttestors[scheme]!;
  const keyId = (scheme: Lattice, key: Hex) => fixture.client.readContract({ address: verifier(scheme), abi: keyIdAbi, functionName: "keyId", args: [key] });
  const verify = (scheme: Lattice, key: Hex, hash: Hex, signature: Hex) =>
    fixture.client.readContract({ address: verifier(scheme), abi: keyIdAbi, functionName: "verify", args: [key, hash, signature] });
  /** Stores `data` (E ‖ pk) in code and returns the ERC-7913 key for it, attested or not. */
  const store = async (data: Uint8Array | Hex) => {
    const { chunks, addresses } = await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data });
    return concatHex([codeChunksCommitment(chunks), ...addresses]);
  };
  const tail = (scheme: Lattice, bytes: Hex) => hexToBytes(bytes).subarray(expandedKeyLength[scheme]);
  const head = (scheme: Lattice, bytes: Hex) => hexToBytes(bytes).subarray(0, expandedKeyLength[scheme]);
  const join = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  };

  before(async () => {
    fixture = await deployFixture(connection);
  });

  it("the verifiers read their attestor at the address deployPQ4337 deploys it to", async () => {
    const abi = [{ type: "function", name: "keyAttestor", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] }] as const;
    for (const scheme of lattice) {
      const address = await fixture.client.readContract({ address: verifier(scheme), abi, functionName: "keyAttestor" });
      assert.equal(address, attestor(scheme), scheme);
      assert.notEqual(await fixture.client.getCode({ address }), undefined, scheme);
    }
    assert.equal(fixture.contracts.keyAttestors.mldsa65, attestor("mldsa65"));
  });

  it("attests a genuine key of every set: the attestor's E ‖ pk is the SDK's byte for byte, keyId names the keypair by keccak256(pk); gas once per key", async () => {
    const gas: string[] = [];
    for (const scheme of lattice) {
      const signer = signers[scheme];
      const read = { address: attestor(scheme), abi: keyAttestorAbi } as const;
      assert.equal(await fixture.client.readContract({ ...read, functionName: "expandedKeyOf", args: [signer.publicKey] }), signer.expandedKey.bytes, scheme);
      assert.equal(await fixture.client.readContract({ ...read, functionName: "commitmentOf", args: [signer.publicKey] }), signer.expandedKey.commitment, scheme);
      await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: signer.expandedKey.bytes });
      await assert.rejects(keyId(scheme, signer.key), /ERC7913UnattestedKey/, scheme);
      // The guard names the refusal, so the user knows to attest rather than re-encode.
      await assert.rejects(
        fixture.client.simulateContract({
          account: fixture.deployer.account,
          address: fixture.contracts.accountFactory,
          abi: pqAccountFactoryAbi,
          functionName: "createAccount",
          args: [[concatHex([verifier(scheme), signer.key])], 1n, zeroHash],
        }),
        /ERC7913SignerGuardUnattestedKey/,
        scheme,
      );
      await assert.rejects(attestExpandedKey({ client: fixture.client, signer }), ExpandedKeyNotAttestedError);

      const { transactionHash, record } = await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
      assert.ok(transactionHash, scheme);
      const receipt = await fixture.client.getTransactionReceipt({ hash: transactionHash });
      assert.equal(receipt.status, "success");
      assert.ok(receipt.gasUsed < 2n ** 24n, `${scheme}: ${receipt.gasUsed} gas fits EIP-7825's cap`);
      gas.push(`${scheme} ${receipt.gasUsed}`);
      assert.equal(await fixture.client.getCode({ address: record! }), "0x00");
      assert.equal(await fixture.client.readContract({ ...read, functionName: "isAttested", args: [signer.expandedKey.commitment] }), true);
      assert.equal(await keyId(scheme, signer.key), keccak256(signer.publicKey), scheme);
      // Idempotent: nothing is sent again, and a direct second attest records nothing.
      assert.equal((await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer })).transactionHash, undefined);
      const again = await fixture.deployer.writeContract({ ...read, functionName: "attest", args: [signer.publicKey] });
      assert.equal((await fixture.client.waitForTransactionReceipt({ hash: again })).logs.length, 0);
    }
    console.log(`attest(pk) gas: ${gas.join(", ")}`);
  });

  it("deployExpandedKey stores and attests: an account can then add the key", async () => {
    const signer = others.falcon512;
    const { transactionHashes } = await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
    assert.equal(transactionHashes.length, 2);
    assert.equal(await keyId("falcon512", signer.key), keccak256(signer.publicKey));
    assert.deepEqual((await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer })).transactionHashes, []);
  });

  it("a mutated pk attests to a different commitment; a pk that does not decode is refused", async () => {
    for (const scheme of ["mldsa44", "falcon512", "mldsa44keccak"] as const) {
      const publicKey = hexToBytes(signers[scheme].publicKey);
      publicKey[40] ^= 1;
      const read = { address: attestor(scheme), abi: keyAttestorAbi } as const;
      const mutated = await fixture.client.readContract({ ...read, functionName: "commitmentOf", args: [bytesToHex(publicKey)] });
      assert.notEqual(mutated, signers[scheme].expandedKey.commitment, scheme);
      assert.equal(mutated, schemes[scheme]!.toErc7913Key(bytesToHex(publicKey)).key.slice(0, 66), scheme);
    }
    const falcon = hexToBytes(signers.falcon512.publicKey);
    // h's first coefficient set to q = 12289 (14 bits from byte 1): the reference refuses the key.
    falcon[1] = 12289 >> 6;
    falcon[2] = ((12289 & 0x3f) << 2) | (falcon[2]! & 3);
    const read = { address: attestor("falcon512"), abi: keyAttestorAbi } as const;
    await assert.rejects(fixture.client.readContract({ ...read, functionName: "commitmentOf", args: [bytesToHex(falcon)] }), /KeyAttestorInvalidPublicKey/);
    const header = hexToBytes(signers.falcon512.publicKey);
    header[0] = 0x0a;
    await assert.rejects(fixture.client.readContract({ ...read, functionName: "commitmentOf", args: [bytesToHex(header)] }), /KeyAttestorInvalidPublicKey/);
    await assert.rejects(
      fixture.client.readContract({ address: attestor("mldsa65"), abi: keyAttestorAbi, functionName: "commitmentOf", args: [concatHex([signers.mldsa65.publicKey, "0x00"])] }),
      /KeyAttestorInvalidPublicKey/,
    );
  });

  it("case 2: the same E with another pk tail is refused, so one keypair cannot fill two places of a 2-of-2", async () => {
    for (const scheme of lattice) {
      const signer = signers[scheme];
      const other = others[scheme];
      await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer: other });
      // E of `signer`, pk of `other` (also the precompile-path split: the Solidity path verifies with one keypair, a
      // precompile with the other).
      const spliced = await store(join(head(scheme, signer.expandedKey.bytes), tail(scheme, other.expandedKey.bytes)));
      const hash = keccak256(toHex(`spliced ${scheme}`));
      assert.equal(await verify(scheme, spliced, hash, await signer.sign({ hash })), MAGIC, `${scheme}: today's verify accepts the splice`);
      await assert.rejects(keyId(scheme, spliced), /ERC7913UnattestedKey/, scheme);
      // The attestor never records it: attesting either pk records that pk's own commitment.
      await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer: other });
      await assert.rejects(keyId(scheme, spliced), /ERC7913UnattestedKey/, scheme);
    }
    const signer = signers.falcon512;
    const spliced = await store(join(head("falcon512", signer.expandedKey.bytes), tail("falcon512", others.falcon512.expandedKey.bytes)));
    const createAccount = (keys: Hex[]) =>
      fixture.deployer.writeContract({
        address: fixture.contracts.accountFactory,
        abi: pqAccountFactoryAbi,
        functionName: "createAccount",
        args: [keys.map((key) => concatHex([verifier("falcon512"), key])), 2n, zeroHash],
      });
    await assert.rejects(createAccount([signer.key, spliced]), /ERC7913SignerGuardUnattestedKey/);
  });

  it("case 2: with EIP-8052 (stand-ins), E of one keypair and pk of another make a signer both sign for; keyId refuses it", async () => {
    const [hashToPoint, core] = [padHex("0x8052", { size: 20 }), padHex("0x8053", { size: 20 })];
    await placeStandIn(connection, "FalconHashToPointPrecompileStandIn", hashToPoint);
    await placeStandIn(connection, "FalconCorePrecompileStandIn", core);
    // The stand-ins cost far more than EIP-8052's price, so the labelled harness gives them the gas they need
    // (the deployed verifier's 4x allowance would reject through them).
    const withPrecompile = await connection.viem.deployContract("Falcon512VerifierForStandIns", [hashToPoint, core, 1_000_000n, 2_000_000n]);
    assert.equal(await withPrecompile.read.keyAttestor(), attestor("falcon512"));
    const solidityPath = signers.falcon512;
    const precompilePath = falcon512padded.keygen(crypto.getRandomValues(new Uint8Array(48)));
    const other = expandFalconPublicKey(precompilePath.publicKey);
    await attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer: { scheme: "falcon512", expandedKey: other } });
    const split = await store(join(head("falcon512", solidityPath.expandedKey.bytes), tail("falcon512", other.bytes)));
    const hash = keccak256(toHex("split"));
    // The CT signature of one keypair goes the Solidity path (E), the padded one of the other the precompile's (pk).
    assert.equal(await withPrecompile.read.verify([split, hash, await solidityPath.sign({ hash })]), MAGIC);
    assert.equal(await withPrecompile.read.verify([split, hash, bytesToHex(falcon512padded.sign(hexToBytes(hash), precompilePath.secretKey))]), MAGIC);
    await assert.rejects(withPrecompile.read.keyId([split]), /ERC7913UnattestedKey/);
    await deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data: other.bytes });
    assert.equal(await withPrecompile.read.keyId([other.key]), keccak256(other.publicKey));
  });

  it("case 2: E with Â = t̂1 = 0 before a genuine pk makes a key anyone can sign for; keyId refuses it", async () => {
    const signer = signers.mldsa44;
    const pk = hexToBytes(signer.publicKey);
    const tr = shake256(pk, { dkLen: 64 });
    const zero = await store(join(new Uint8Array(20480), tr, pk));
    // z = 0, h = 0: w1 = UseHint(0, Az − c·t1·2^d) = 0, so c̃ = H(μ ‖ w1Encode(0)) needs no secret.
    const hash = keccak256(toHex("anyone signs"));
    const mu = shake256(join(tr, new Uint8Array([0, 0]), hexToBytes(hash)), { dkLen: 64 });
    const cTilde = shake256(join(mu, new Uint8Array(4 * 192)), { dkLen: 32 });
    // z: 1,024 coefficients γ1 − 0 = 2^17 in 18-bit little-endian fields (9 bytes per 4 coefficients).
    const z = new Uint8Array(2304);
    for (let i = 0; i < 1024; i++) {
      const bit = i * 18 + 17;
      z[bit >> 3]! |= 1 << (bit & 7);
    }
    const forged = bytesToHex(join(cTilde, z, new Uint8Array(84)));
    assert.equal(await verify("mldsa44", zero, hash, forged), MAGIC, "verify accepts the forgery under the zero key");
    await assert.rejects(keyId("mldsa44", zero), /ERC7913UnattestedKey/);
    assert.notEqual(zero.slice(0, 66), signer.expandedKey.commitment);
  });

  it("one pk is one identity under the standard and keccak verifiers; an attestor's record counts only for its own verifiers", async () => {
    // A FIPS 204 pk attested by the ETHDILITHIUM attestor (its E differs) names the same keypair identity.
    const fips = signers.mldsa44;
    const asKeccak = schemes.mldsa44keccak!.toErc7913Key(fips.publicKey);
    const keccakKey = await store(asKeccak.expandedKey!);
    await assert.rejects(keyId("mldsa44keccak", keccakKey), /ERC7913UnattestedKey/);
    await fixture.deployer.writeContract({ address: attestor("mldsa44keccak"), abi: keyAttestorAbi, functionName: "attest", args: [fips.publicKey] });
    assert.equal(await keyId("mldsa44keccak", keccakKey), await keyId("mldsa44", fips.key));
    // The keccak attestor's record does not make a FIPS 204 key of that commitment acceptable, nor the reverse.
    await assert.rejects(keyId("mldsa44", keccakKey), /UnattestedKey|NonCanonicalKey/);
    await assert.rejects(keyId("mldsa44keccak", fips.key), /ERC7913UnattestedKey/);
    // Falcon-512 and its keccak variant read the same E: one attestation, one identity.
    assert.equal(await keyId("falcon512keccak", signers.falcon512.key), await keyId("falcon512", signers.falcon512.key));
  });

  it("refuses a genuine key's commitment stored at chunks that do not hold it, and keys of the wrong length", async () => {
    const signer = signers.falcon1024;
    const [chunk] = toCodeChunks(signer.expandedKey.bytes);
    const elsewhere = concatHex([signer.expandedKey.commitment, others.falcon1024.expandedKey.chunks[0]!.address as Address]);
    assert.notEqual(chunk!.address, elsewhere.slice(66));
    await assert.rejects(keyId("falcon1024", elsewhere), /ERC7913NonCanonicalKey/);
    await assert.rejects(keyId("falcon1024", signer.expandedKey.commitment), /ERC7913NonCanonicalKey/);
    await assert.rejects(keyId("mldsa65", "0x"), /ERC7913NonCanonicalKey/);
  });

  it("the SDK refuses to attest an expanded key that is not the public key's", async () => {
    const signer = signers.mldsa65;
    const forged = { scheme: signer.scheme, expandedKey: { publicKey: signer.publicKey, commitment: keccak256("0x01") } };
    await assert.rejects(attestExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer: forged }), ExpandedKeyAttestationMismatchError);
  });
});
