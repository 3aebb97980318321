import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { shake256 } from "@noble/hashes/sha3.js";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { InvalidExpandedKeyError } from "../../errors/keys.js";
import { decodeSignature, simpleBitPack, simpleBitUnpack } from "../mldsa/encoding.js";
import { expandPublicKey } from "./expandPublicKey.js";
import { k, mldsa65Parameters } from "./params.js";
import { verifyWithExpandedKey } from "./verify.js";

const { beta, gamma1, omega } = mldsa65Parameters;

const bytes = (label: string, length: number) => shake256(new TextEncoder().encode(label), { dkLen: length });
const hintOffset = 48 + 5 * 640;

/** Both verifiers must agree: noble on pk, ours on the expanded key. */
function verifyBoth(expanded: Hex, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, context?: Uint8Array) {
  const ours = verifyWithExpandedKey(expanded, message, signature, context);
  const noble = ml_dsa65.verify(signature, message, publicKey, context ? { context } : {});
  assert.equal(ours, noble, "verifyWithExpandedKey and noble disagree");
  return ours;
}

describe("verifyWithExpandedKey", () => {
  const keys = Array.from({ length: 4 }, (_, index) => {
    const { publicKey, secretKey } = ml_dsa65.keygen(bytes(`verify key ${index}`, 32));
    return { publicKey, secretKey, expanded: expandPublicKey(publicKey).bytes };
  });
  const messages = [new Uint8Array(0), bytes("hash", 32), bytes("long message", 1000)];

  it("accepts noble's hedged signatures for random keys and messages", () => {
    for (const { publicKey, secretKey, expanded } of keys)
      for (const message of messages) {
        const signature = ml_dsa65.sign(message, secretKey);
        assert.equal(verifyBoth(expanded, publicKey, message, signature), true);
      }
  });

  it("accepts hex inputs and honours the context string", () => {
    const { publicKey, secretKey, expanded } = keys[0];
    const message = messages[1];
    const context = bytes("context", 17);
    const signature = ml_dsa65.sign(message, secretKey, { context });
    assert.equal(verifyWithExpandedKey(expanded, bytesToHex(message), bytesToHex(signature), bytesToHex(context)), true);
    assert.equal(verifyBoth(expanded, publicKey, message, signature), false);
    assert.equal(verifyBoth(expanded, publicKey, message, signature, context.subarray(1)), false);
    assert.equal(verifyWithExpandedKey(expanded, message, signature, new Uint8Array(256)), false);
  });

  const { publicKey, secretKey, expanded } = keys[1];
  const message = messages[1];
  // Deterministic, so the hint cases below run on the same signature every time.
  const signature = ml_dsa65.sign(message, secretKey, { extraEntropy: false });

  it("rejects another message, another key and a wrong length", () => {
    assert.equal(verifyBoth(expanded, publicKey, bytes("other", 32), signature), false);
    assert.equal(verifyBoth(keys[2].expanded, keys[2].publicKey, message, signature), false);
    assert.equal(verifyWithExpandedKey(expanded, message, signature.subarray(1)), false);
    assert.equal(verifyWithExpandedKey(expanded, message, new Uint8Array([...signature, 0])), false);
  });

  it("rejects single-bit changes of c̃, z and h", () => {
    const positions = [0, 47, 48, 1000, 2000, hintOffset - 1, hintOffset, hintOffset + omega - 1, hintOffset + omega + k - 1];
    for (let t = 0; t < 24; t++) positions.push((bytes(`position ${t}`, 2)[0] * 256 + bytes(`position ${t}`, 2)[1]) % 3309);
    for (const position of positions)
      for (const bit of [0, 7]) {
        const mutated = signature.slice();
        mutated[position] ^= 1 << bit;
        assert.equal(verifyBoth(expanded, publicKey, message, mutated), false, `byte ${position} bit ${bit}`);
      }
  });

  it("rejects z with a coefficient at ±(γ1 − β)", () => {
    for (const value of [gamma1 - beta, -(gamma1 - beta)]) {
      const mutated = signature.slice();
      const field = simpleBitUnpack(mutated.subarray(48 + 640, 48 + 1280), 20);
      field[100] = gamma1 - value;
      mutated.set(simpleBitPack(field, 20), 48 + 640);
      assert.equal(decodeSignature(mutated).z[1][100], value);
      assert.equal(verifyBoth(expanded, publicKey, message, mutated), false);
    }
  });

  describe("rejects re-encodings of the same hint (strong unforgeability)", () => {
    // These keep h, so c̃ would still match: only the HintBitUnpack checks reject them.
    const y = signature.subarray(hintOffset);
    const counts = Array.from({ length: k }, (_, i) => y[omega + i]);
    const total = counts[k - 1];
    const polynomialWithTwo = counts.findIndex((end, i) => end - (i === 0 ? 0 : counts[i - 1]) >= 2);

    it("positions out of order", { skip: polynomialWithTwo < 0 }, () => {
      const start = polynomialWithTwo === 0 ? 0 : counts[polynomialWithTwo - 1];
      const mutated = signature.slice();
      [mutated[hintOffset + start], mutated[hintOffset + start + 1]] = [signature[hintOffset + start + 1], signature[hintOffset + start]];
      assert.equal(verifyBoth(expanded, publicKey, message, mutated), false);
    });

    it("non-zero padding", { skip: total >= omega }, () => {
      const mutated = signature.slice();
      mutated[hintOffset + omega - 1] = 1;
      assert.equal(verifyBoth(expanded, publicKey, message, mutated), false);
    });

    it("a count above ω", () => {
      const mutated = signature.slice();
      mutated[hintOffset + omega + k - 1] = omega + 1;
      assert.equal(verifyBoth(expanded, publicKey, message, mutated), false);
    });
  });

  it("throws on a malformed expanded key instead of answering", () => {
    assert.throws(() => verifyWithExpandedKey(expanded.slice(0, -2) as Hex, message, signature), InvalidExpandedKeyError);
  });
});

/** Signatures by independent implementations (scripts/vectors): one JSON object per line. */
for (const source of ["pqclean", "dilithium-py"]) {
  const path = fileURLToPath(new URL(`../../../../../test/fixtures/mldsa65-${source}.jsonl`, import.meta.url));
  describe(`${source} signature vectors`, () => {
    it(`accepts every vector of test/fixtures/mldsa65-${source}.jsonl and rejects mutations`, { skip: !existsSync(path) }, () => {
      const lines = readFileSync(path, "utf8").split("\n").filter(Boolean);
      assert.ok(lines.length > 0);
      for (const line of lines) {
        const vector = JSON.parse(line) as { publicKey: Hex; message: Hex; signature: Hex; context: Hex };
        const { bytes: expanded } = expandPublicKey(vector.publicKey);
        assert.equal(verifyWithExpandedKey(expanded, vector.message, vector.signature, vector.context), true);
        const signature = hexToBytes(vector.signature);
        signature[1234] ^= 0x10;
        assert.equal(verifyWithExpandedKey(expanded, vector.message, signature, vector.context), false);
        const message = hexToBytes(vector.message);
        message[0] ^= 0x01;
        assert.equal(verifyWithExpandedKey(expanded, message, vector.signature, vector.context), false);
      }
    });
  });
}
