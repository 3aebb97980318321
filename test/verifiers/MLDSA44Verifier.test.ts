import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { ml_dsa44 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, toHex, zeroAddress, slice } from "viem";
import { network } from "hardhat";
import { deployCodeChunks, expandMldsa44PublicKey, mldsa44Signer } from "@pq4337/sdk";
import { type Fixture, deployFixture } from "../helpers/deployment.js";

const connection = await network.create();
const { viem } = connection;
const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

// σ = c̃ (32) ‖ z (4 × 576) ‖ h (ω = 80 positions, then k = 4 running counts).
const Z_OFFSET = 32;
const HINT_OFFSET = 2336;
const OMEGA = 80;
const K = 4;
const LAST_COUNT = HINT_OFFSET + OMEGA + K - 1;

type Vector = { source: string; publicKey: Hex; message: Hex; signature: Hex; context: Hex };
const vectors = ["mldsa44-pqclean.jsonl", "mldsa44-dilithium-py.jsonl"].flatMap((file) =>
  readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Vector),
);

const mutate = (signature: Hex, offset: number, value: number): Hex => {
  const bytes = hexToBytes(signature);
  bytes[offset] = value & 0xff;
  return bytesToHex(bytes);
};

/** σ with the first z coefficient's 18-bit field (γ1 − z) set to `raw`. */
const withRaw = (signature: Hex, raw: number): Hex => {
  const bytes = hexToBytes(signature);
  bytes[Z_OFFSET] = raw & 0xff;
  bytes[Z_OFFSET + 1] = (raw >> 8) & 0xff;
  bytes[Z_OFFSET + 2] = (bytes[Z_OFFSET + 2] & 0xfc) | ((raw >> 16) & 0x03);
  return bytesToHex(bytes);
};

describe("MLDSA44Verifier", () => {
  let fixture: Fixture;
  let verifier: Awaited<ReturnType<typeof viem.deployContract<"MLDSA44Verifier">>>;
  let meter: Awaited<ReturnType<typeof viem.deployContract<"ERC7913GasMeter">>>;
  const signer = mldsa44Signer({ deterministic: true });
  const hash = keccak256(toHex("pq4337 ML-DSA-44"));
  let signature: Hex;

  const verify = (key: Hex, message: Hex, sig: Hex) => verifier.read.verify([key, message, sig]);
  const deploy = (data: Hex) => deployCodeChunks({ client: fixture.client, walletClient: fixture.deployer, data });

  before(async () => {
    fixture = await deployFixture(connection);
    verifier = await viem.deployContract("MLDSA44Verifier", [zeroAddress]);
    meter = await viem.deployContract("ERC7913GasMeter");
    await deploy(signer.expandedKey.bytes);
    signature = await signer.sign({ hash });
  });

  it("has FIPS 204's sizes: pk 1,312, σ 2,420, a 52-byte key over one chunk", () => {
    assert.equal(hexToBytes(signer.publicKey).length, 1312);
    assert.equal(hexToBytes(signature).length, 2420);
    assert.equal(hexToBytes(signer.key).length, 52);
    assert.equal(signer.expandedKey.chunks.length, 1);
  });

  it("accepts noble signatures of random hashes under random keys, and reports the gas", async () => {
    const gas: bigint[] = [];
    for (let round = 0; round < 3; round++) {
      const randomSigner = mldsa44Signer();
      await deploy(randomSigner.expandedKey.bytes);
      const message = bytesToHex(randomBytes(32));
      const sig = await randomSigner.sign({ hash: message });
      assert.equal(await verify(randomSigner.key, message, sig), MAGIC);
      const [result, used] = (await meter.read.measure([verifier.address, randomSigner.key, message, sig])) as readonly [Hex, bigint];
      assert.equal(result, MAGIC);
      gas.push(used);
    }
    console.log(`      ML-DSA-44 verify gas: ${gas.join(", ")}`);
    assert.ok(gas.every((used) => used < 4_000_000n));
  });

  it("accepts signatures whose hints fill many rows, over many keys (noble, hedged)", async () => {
    for (let round = 0; round < 4; round++) {
      const randomSigner = mldsa44Signer();
      await deploy(randomSigner.expandedKey.bytes);
      for (let n = 0; n < 3; n++) {
        const message = bytesToHex(randomBytes(32));
        assert.equal(await verify(randomSigner.key, message, await randomSigner.sign({ hash: message })), MAGIC);
      }
    }
  });

  it("accepts the PQClean and dilithium-py vectors, and rejects them for another hash", async () => {
    assert.equal(vectors.length, 8);
    for (const vector of vectors) {
      assert.equal(vector.context, "0x");
      const expanded = expandMldsa44PublicKey(vector.publicKey);
      await deploy(expanded.bytes);
      assert.equal(await verify(expanded.key, vector.message, vector.signature), MAGIC, vector.source);
      assert.equal(await verify(expanded.key, keccak256(vector.message), vector.signature), FAILURE, vector.source);
    }
  });

  it("verifyMessage: FIPS 204 Verify(pk, M, σ, ctx) for messages and contexts of any length", async () => {
    for (const [messageLength, contextLength] of [[0, 0], [200, 1], [32, 255], [500, 17]] as const) {
      const message = bytesToHex(randomBytes(messageLength));
      const context = bytesToHex(randomBytes(contextLength));
      const sig = bytesToHex(ml_dsa44.sign(hexToBytes(message), hexToBytes(signer.secretKey), { context: hexToBytes(context) }));
      assert.equal(await verifier.read.verifyMessage([signer.key, message, context, sig]), true, `${messageLength}/${contextLength}`);
      assert.equal(await verifier.read.verifyMessage([signer.key, concatHex([message, "0x00"]), context, sig]), false);
      assert.equal(await verifier.read.verifyMessage([signer.key, message, concatHex([context, "0x00"]), sig]), false);
    }
    const sig = bytesToHex(ml_dsa44.sign(new Uint8Array(0), hexToBytes(signer.secretKey)));
    assert.equal(await verifier.read.verifyMessage([signer.key, "0x", bytesToHex(new Uint8Array(256)), sig]), false, "|ctx| > 255");
  });

  it("rejects every single-byte mutation of c̃, z, the hint, the message and the key", async () => {
    assert.equal(await verify(signer.key, hash, signature), MAGIC);
    const bytes = hexToBytes(signature);
    const hintCount = bytes[LAST_COUNT];
    const offsets = [
      0, 15, 31, // c̃
      Z_OFFSET, Z_OFFSET + 1, Z_OFFSET + 2, Z_OFFSET + 575, Z_OFFSET + 1000, Z_OFFSET + 1728, Z_OFFSET + 2303, // z, every polynomial
      HINT_OFFSET, HINT_OFFSET + hintCount - 1, HINT_OFFSET + OMEGA, LAST_COUNT - 1, LAST_COUNT, // hint
    ];
    for (const offset of offsets) {
      assert.equal(await verify(signer.key, hash, mutate(signature, offset, bytes[offset] ^ 0x01)), FAILURE, `byte ${offset}`);
    }
    assert.equal(await verify(signer.key, keccak256(hash), signature), FAILURE);
    const otherSigner = mldsa44Signer();
    await deploy(otherSigner.expandedKey.bytes);
    assert.equal(await verify(otherSigner.key, hash, signature), FAILURE);
    // A key whose expanded data differs in one coefficient of t̂1[3] (deployed, with its own commitment).
    const expanded = hexToBytes(signer.expandedKey.bytes);
    expanded[20480 - 5] ^= 1;
    const { addresses } = await deploy(bytesToHex(expanded));
    const key = concatHex([keccak256(expanded), ...addresses]);
    assert.equal(await verify(key, hash, signature), FAILURE);
  });

  it("returns failure for malformed hints and out-of-range z", async () => {
    const bytes = hexToBytes(signature);
    const count = bytes[LAST_COUNT];
    const malformed: Record<string, Hex> = {
      "more than ω ones": mutate(signature, LAST_COUNT, OMEGA + 1),
      "non-zero padding": mutate(signature, HINT_OFFSET + OMEGA - 1, count === OMEGA ? bytes[HINT_OFFSET + OMEGA - 1] ^ 1 : 1),
      "decreasing counts": mutate(signature, HINT_OFFSET + OMEGA, bytes[HINT_OFFSET + OMEGA + 1] + 1),
    };
    if (count >= 2) {
      const swapped = bytes.slice();
      [swapped[HINT_OFFSET], swapped[HINT_OFFSET + 1]] = [swapped[HINT_OFFSET + 1], swapped[HINT_OFFSET]];
      if (bytes[HINT_OFFSET + OMEGA] >= 2) {
        malformed["decreasing positions"] = bytesToHex(swapped);
        malformed["repeated position"] = mutate(signature, HINT_OFFSET + 1, bytes[HINT_OFFSET]);
      }
    }
    // ‖z‖∞ < γ1 − β: the field γ1 − z must lie in [β + 1, 2γ1 − β − 1] = [79, 262,065].
    for (const raw of [0, 78, 262_066, 262_143]) malformed[`z field ${raw}`] = withRaw(signature, raw);
    for (const [name, s] of Object.entries(malformed)) assert.equal(await verify(signer.key, hash, s), FAILURE, name);
  });

  it("returns failure for wrong lengths, missing code and commitment mismatches", async () => {
    const { key } = signer;
    const commitment = key.slice(0, 66) as Hex;
    const [chunk0] = signer.expandedKey.chunks.map(({ address }) => address);
    assert.equal(await verify(`0x${key.slice(2, -2)}`, hash, signature), FAILURE);
    assert.equal(await verify(concatHex([key, "0x00"]), hash, signature), FAILURE);
    assert.equal(await verify(commitment, hash, signature), FAILURE);
    assert.equal(await verify("0x", hash, signature), FAILURE);
    assert.equal(await verify(key, hash, `0x${signature.slice(2, -2)}`), FAILURE);
    assert.equal(await verify(key, hash, concatHex([signature, "0x00"])), FAILURE);
    assert.equal(await verify(key, hash, "0x"), FAILURE);
    assert.equal(await verify(concatHex([commitment, bytesToHex(randomBytes(20))]), hash, signature), FAILURE);
    assert.equal(await verify(concatHex([keccak256(commitment), chunk0!]), hash, signature), FAILURE);
  });
});
