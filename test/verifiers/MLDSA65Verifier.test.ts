import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, numberToHex, toFunctionSelector, toHex, zeroHash, zeroAddress, slice } from "viem";
import { network } from "hardhat";
import { codeChunksCommitment, deployCodeChunks, deployExpandedKey, expandPublicKey, mldsa65Signer } from "@pq4337/sdk";
import { decodeExpandedKey, decodeSignature, inverseNtt, multiplyNtt, ntt, w1Encode } from "@pq4337/sdk/mldsa65";
import { type Fixture, deployCodeAt, deployFixture } from "../helpers/deployment.js";
import { describeMldsaVerifier, mldsa65Case } from "../helpers/mldsaVerifierSuite.js";

const connection = await network.create();
const { viem } = connection;
const mock = await viem.deployContract("MLDSA65Mock");
/** E, the expanded key, from the data a key names (E ‖ pk): what the library functions take. */
const expandedPart = (data: Hex) => slice(data, 0, 36928);
const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

// σ = c̃ (48) ‖ z (5 × 640) ‖ h (ω = 55 positions, then k = 6 running counts).
const Z_OFFSET = 48;
const HINT_OFFSET = 3248;
const OMEGA = 55;
const q = 8_380_417;
const gamma2 = (q - 1) / 32;

type Vector = { source: string; publicKey: Hex; message: Hex; signature: Hex; context: Hex };
const vectors = ["mldsa65-pqclean.jsonl", "mldsa65-dilithium-py.jsonl"].flatMap((file) =>
  readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Vector),
);

const modQ = (value: number) => ((value % q) + q) % q;
/** c̃, the first 48 bytes of a signature. */
const cTildeOf = (signature: Hex) => hexToBytes(signature).slice(0, 48);

/** FIPS 204 Algorithm 29, as in the SDK's reference verifier. */
function sampleInBall(seed: Uint8Array): number[] {
  const c = new Array<number>(256).fill(0);
  const xof = shake256.create().update(seed);
  const signs = xof.xof(8);
  for (let i = 256 - 49; i < 256; i++) {
    let j = xof.xof(1)[0];
    while (j > i) j = xof.xof(1)[0];
    const bit = i + 49 - 256;
    c[i] = c[j];
    c[j] = (signs[bit >> 3] >> (bit & 7)) & 1 ? -1 : 1;
  }
  return c;
}

/** FIPS 204 Algorithms 36 and 40 written directly from the standard. */
function useHint(h: number, r: number): number {
  let r0 = r % (2 * gamma2);
  if (r0 > gamma2) r0 -= 2 * gamma2;
  if (r - r0 === q - 1) return h === 1 ? 15 : 0;
  const r1 = (r - r0) / (2 * gamma2);
  if (h === 1) return r0 > 0 ? (r1 + 1) % 16 : (r1 + 15) % 16;
  return r1;
}

/** The challenge and the expected w1Encode(w1′) of Verify_internal, from the SDK's decoders and NTT. */
function reference(expanded: Hex, signature: Hex) {
  const { aHat, t1Hat } = decodeExpandedKey(hexToBytes(expanded));
  const { cTilde, z, h } = decodeSignature(hexToBytes(signature));
  const c = sampleInBall(cTilde);
  const cHat = ntt(c);
  const zHat = z.map((polynomial) => ntt(polynomial));
  const w1 = t1Hat.map((t1, i) => {
    const wHat = multiplyNtt(cHat, t1).map((value) => modQ(-value));
    for (let j = 0; j < 5; j++) {
      const product = multiplyNtt(aHat[i][j], zHat[j]);
      for (let k = 0; k < 256; k++) wHat[k] = modQ(wHat[k] + product[k]);
    }
    return Int32Array.from(inverseNtt(wHat), (r, k) => useHint(h![i][k], r));
  });
  return { c: c.map(BigInt), encoded: bytesToHex(w1Encode(w1)) };
}

// int256[256] is too long a tuple for viem's ABI types to infer the result: (ok, encoded).
const w1EncodeOnChain = async (expanded: Hex, signature: Hex, c: readonly bigint[]) =>
  (await mock.read.w1Encode([expanded, signature, c])) as readonly [boolean, Hex];

const mutate = (signature: Hex, offset: number, value: number): Hex => {
  const bytes = hexToBytes(signature);
  bytes[offset] = value & 0xff;
  return bytesToHex(bytes);
};

describe("MLDSA65 (decoding, NTT products, UseHint, w1Encode)", () => {
  it("computes w1Encode(w1′) exactly as the reference for noble, PQClean and dilithium-py signatures", async () => {
    const cases: { expanded: Hex; signature: Hex }[] = vectors.map(({ publicKey, signature }) => ({
      expanded: expandPublicKey(publicKey).bytes,
      signature,
    }));
    for (let round = 0; round < 3; round++) {
      const signer = mldsa65Signer();
      cases.push({ expanded: signer.expandedKey.bytes, signature: await signer.sign({ hash: bytesToHex(randomBytes(32)) }) });
    }
    for (const { expanded, signature } of cases) {
      const { c, encoded } = reference(expanded, signature);
      assert.deepEqual(await w1EncodeOnChain(expanded, signature, c), [true, encoded]);
    }
  });

  it("samples the challenge as FIPS 204's SampleInBall, also when the first squeeze runs short", async () => {
    for (let round = 0; round < 4; round++) {
      const signature = bytesToHex(new Uint8Array([...randomBytes(48), ...new Uint8Array(3309 - 48)]));
      const expected = sampleInBall(cTildeOf(signature)).map(BigInt);
      // 136 bytes as in verification; 40 or 100 leave 32 or 92 draws, so the rest comes from the second squeeze.
      for (const firstLength of [136n, 40n, 100n]) {
        const [ok, c] = (await mock.read.sampleInBall([signature, firstLength])) as readonly [boolean, readonly bigint[]];
        assert.equal(ok, true);
        assert.deepEqual(c, expected, `first ${firstLength}`);
      }
    }
  });

  it("rejects malformed hints: non-increasing positions, more than ω ones, non-zero padding", async () => {
    const signer = mldsa65Signer({ deterministic: true });
    // A signature whose first hint polynomial has at least two ones and whose hint has room to spare.
    let signature: Hex;
    let bytes: Uint8Array;
    for (let attempt = 0; ; attempt++) {
      signature = await signer.sign({ hash: keccak256(toHex(`hint ${attempt}`)) });
      bytes = hexToBytes(signature);
      if (bytes[HINT_OFFSET + OMEGA] >= 2 && bytes[HINT_OFFSET + OMEGA + 5] < OMEGA) break;
    }
    const decodes = async (s: Hex) => (await w1EncodeOnChain(expandedPart(signer.expandedKey.bytes), s, Array(256).fill(0n)))[0];
    assert.equal(await decodes(signature), true);
    const swapped = bytes.slice();
    [swapped[HINT_OFFSET], swapped[HINT_OFFSET + 1]] = [swapped[HINT_OFFSET + 1], swapped[HINT_OFFSET]];
    const malformed: Record<string, Hex> = {
      "decreasing positions": bytesToHex(swapped),
      "repeated position": mutate(signature, HINT_OFFSET + 1, bytes[HINT_OFFSET]),
      "more than ω ones": mutate(signature, HINT_OFFSET + OMEGA + 5, OMEGA + 1),
      "decreasing counts": mutate(signature, HINT_OFFSET + OMEGA + 1, 0),
      "non-zero padding": mutate(signature, HINT_OFFSET + OMEGA - 1, 1),
    };
    for (const [name, s] of Object.entries(malformed)) assert.equal(await decodes(s), false, name);
  });

  it("enforces ‖z‖∞ < γ1 − β at the boundary", async () => {
    const signer = mldsa65Signer();
    const signature = await signer.sign({ hash: keccak256("0x01") });
    // The first z coefficient is the low 20 bits of bytes 48..50; raw = γ1 − z, valid iff 197 ≤ raw ≤ 1,048,379.
    const withRaw = (raw: number) => {
      const bytes = hexToBytes(signature);
      bytes[Z_OFFSET] = raw & 0xff;
      bytes[Z_OFFSET + 1] = (raw >> 8) & 0xff;
      bytes[Z_OFFSET + 2] = (bytes[Z_OFFSET + 2] & 0xf0) | ((raw >> 16) & 0x0f);
      return bytesToHex(bytes);
    };
    const decodes = async (s: Hex) => (await w1EncodeOnChain(expandedPart(signer.expandedKey.bytes), s, Array(256).fill(0n)))[0];
    for (const raw of [197, 1_048_379]) assert.equal(await decodes(withRaw(raw)), true, `raw ${raw}`);
    for (const raw of [0, 196, 1_048_380, 1_048_575]) assert.equal(await decodes(withRaw(raw)), false, `raw ${raw}`);
  });
});

describeMldsaVerifier(connection, mldsa65Case);

describe("MLDSA65Verifier: the library on any input, key identity and the chunks' STOP byte", () => {
  let fixture: Fixture;
  let verifier: Awaited<ReturnType<typeof viem.deployContract<"MLDSA65Verifier">>>;
  const signer = mldsa65Signer({ deterministic: true });
  const hash = keccak256(toHex("pq4337 ML-DSA-65"));
  let signature: Hex;

  const verify = (key: Hex, message: Hex, sig: Hex) => verifier.read.verify([key, message, sig]);
  const deploy = (data: Hex) => deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data });

  before(async () => {
    fixture = await deployFixture(connection);
    verifier = await viem.deployContract("MLDSA65Verifier", [zeroAddress]);
    await deployExpandedKey({ client: fixture.client, walletClient: fixture.deployer, signer });
    signature = await signer.sign({ hash });
  });

  it("the library accepts the PQClean and dilithium-py vectors on E alone", async () => {
    assert.equal(vectors.length, 8);
    for (const vector of vectors) {
      const expanded = expandPublicKey(vector.publicKey);
      assert.equal(await mock.read.verify([expandedPart(expanded.bytes), vector.message, "0x", vector.signature]), true, vector.source);
      assert.equal(await mock.read.verify([expandedPart(expanded.bytes), keccak256(vector.message), "0x", vector.signature]), false, vector.source);
    }
  });

  it("verifies messages and contexts of any length through the library", async () => {
    const { publicKey, secretKey } = ml_dsa65.keygen(randomBytes(32));
    const expanded = expandPublicKey(publicKey);
    for (const [messageLength, contextLength] of [[0, 0], [1, 1], [135, 0], [500, 255], [32, 64]] as const) {
      const message = randomBytes(messageLength);
      const context = randomBytes(contextLength);
      const sig = bytesToHex(ml_dsa65.sign(message, secretKey, { context }));
      const ctx = bytesToHex(context);
      assert.equal(await mock.read.verify([expandedPart(expanded.bytes), bytesToHex(message), ctx, sig]), true, `${messageLength}/${contextLength}`);
      assert.equal(await mock.read.verify([expandedPart(expanded.bytes), bytesToHex(message), bytesToHex(randomBytes(contextLength + 1)), sig]), false);
    }
    const sig = bytesToHex(ml_dsa65.sign(new Uint8Array(0), secretKey));
    // An expanded key of 32-bit values far above q (no public key expands to it) verifies nothing, without reverting.
    assert.equal(await mock.read.verify([bytesToHex(new Uint8Array(36928).fill(0xff)), "0x", "0x", sig]), false);
    // |ctx| > 255 cannot be framed: reject rather than truncate the length byte.
    assert.equal(await mock.read.verify([expandedPart(expanded.bytes), "0x", bytesToHex(new Uint8Array(256)), sig]), false);
    assert.equal(await mock.read.verify([concatHex([expandedPart(expanded.bytes), "0x00"]), "0x", "0x", sig]), false);
  });

  it("names a keypair by keccak256(pk) once attested: the same at other chunk addresses; another tr, unreduced or absent is refused", async () => {
    const { key } = signer;
    const id = keccak256(signer.publicKey);
    assert.equal(await verifier.read.keyId([key]), id);
    assert.equal(await verifier.read.supportsInterface([toFunctionSelector("keyId(bytes)")]), true);
    const expanded = hexToBytes(signer.expandedKey.bytes);
    const copies = await Promise.all(signer.expandedKey.chunks.map((chunk) => deployCodeAt(fixture, chunk.initCode, numberToHex(3, { size: 32 }))));
    assert.equal(await verifier.read.keyId([concatHex([signer.expandedKey.commitment, ...copies])]), id);

    // Another tr verifies for the same secret key, but E is no longer pk's expansion: not attested, refused.
    const otherTr = expanded.slice();
    otherTr[36864] ^= 1;
    const { chunks, addresses } = await deploy(bytesToHex(otherTr));
    await assert.rejects(verifier.read.keyId([concatHex([codeChunksCommitment(chunks), ...addresses])]), /ERC7913UnattestedKey/);

    const unreduced = expanded.slice();
    new DataView(unreduced.buffer).setUint32(4 * 700, new DataView(unreduced.buffer).getUint32(4 * 700) + 8380417);
    const deployedUnreduced = await deploy(bytesToHex(unreduced));
    const unreducedKey = concatHex([codeChunksCommitment(deployedUnreduced.chunks), ...deployedUnreduced.addresses]);
    await assert.rejects(verifier.read.keyId([unreducedKey]), /ERC7913UnattestedKey/);
    const undeployed = mldsa65Signer();
    await assert.rejects(verifier.read.keyId([undeployed.key]), /ERC7913UnattestedKey/);
    await assert.rejects(verifier.read.keyId(["0x"]), /ERC7913NonCanonicalKey/);
  });

  it("isReduced agrees with a coefficient-by-coefficient reference on keys with lanes around q and 2^31", async () => {
    const reference = (bytes: Uint8Array) => {
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      for (let i = 0; i < 36864; i += 4) if (view.getUint32(i) >= 8380417) return false;
      return true;
    };
    const base = hexToBytes(expandedPart(signer.expandedKey.bytes));
    const cases = [base];
    for (const value of [8380416, 8380417, 8380418, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      const bytes = base.slice();
      new DataView(bytes.buffer).setUint32(4 * Math.floor(Math.random() * 9216), value);
      cases.push(bytes);
    }
    for (const bytes of cases) assert.equal(await mock.read.isReduced([bytesToHex(bytes)]), reference(bytes));
    assert.equal(await mock.read.isReduced([bytesToHex(base.subarray(1))]), false);
  });

  it("returns failure when a chunk's leading byte is not STOP", async () => {
    const [first] = signer.expandedKey.chunks;
    const initCode = concatHex([first!.initCode.slice(0, 22) as Hex, "0xfe", first!.data]);
    const address = await deployCodeAt(fixture, initCode, zeroHash);
    assert.equal((await fixture.client.getCode({ address }))?.slice(0, 4), "0xfe");
    const key = concatHex([signer.key.slice(0, 66) as Hex, address, signer.expandedKey.chunks[1]!.address]);
    assert.equal(await verify(signer.key, hash, signature), "0x024ad318");
    assert.equal(await verify(key, hash, signature), FAILURE);
    await assert.rejects(verifier.read.keyId([key]), /ERC7913NonCanonicalKey/);
  });
});
