import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { InvalidFalconSignatureError } from "../../errors/falcon.js";
import { decodeFalconSignature, encodeFalconSignature } from "./encoding.js";
import { expandFalconPublicKey } from "./expandPublicKey.js";
import { falcon1024Parameters, falcon512Parameters } from "./params.js";
import { transcodeFalconSignature } from "./transcodeSignature.js";
import { verifyFalconWithExpandedKey } from "./verify.js";

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

for (const [parameters, compressed, padded] of [
  [falcon512Parameters, falcon512, falcon512padded],
  [falcon1024Parameters, falcon1024, falcon1024padded],
] as const) {
  const { n, logn, ctSignatureLength, paddedSignatureLength } = parameters;
  describe(`transcodeFalconSignature (Falcon-${n})`, () => {
    const { publicKey, secretKey } = compressed.keygen(random(48));
    const expanded = expandFalconPublicKey(publicKey);
    const message = random(32);
    let signature = compressed.sign(message, secretKey);
    // The round trip goes through the padded form, which a rare compressed signature exceeds.
    while (signature.length > paddedSignatureLength) signature = compressed.sign(message, secretKey);

    it("turns noble's compressed signature into CT, padded and back to the same bytes", () => {
      const ct = transcodeFalconSignature({ signature, n, format: "ct" });
      assert.equal(ct.length, ctSignatureLength);
      assert.equal(ct[0], 0x50 + logn);
      assert.deepEqual(ct.subarray(1, 41), signature.subarray(1, 41));
      const toPadded = transcodeFalconSignature({ signature: bytesToHex(ct), n, format: "padded" });
      assert.equal(toPadded.length, paddedSignatureLength);
      assert.equal(padded.verify(toPadded, message, publicKey), true);
      assert.deepEqual(transcodeFalconSignature({ signature: toPadded, n, format: "compressed" }), signature);
      assert.deepEqual(transcodeFalconSignature({ signature: ct, n, format: "compressed" }), signature);
      assert.deepEqual(transcodeFalconSignature({ signature, n, format: "compressed" }), signature);
      assert.deepEqual(transcodeFalconSignature({ signature: ct, n, format: "ct" }), ct);
    });

    it("keeps the signature valid in every form for the reference verifier", () => {
      for (const format of ["compressed", "padded", "ct"] as const) {
        const candidate = transcodeFalconSignature({ signature, n, format });
        assert.equal(decodeFalconSignature(candidate, n)!.format, format);
        assert.equal(verifyFalconWithExpandedKey(expanded.bytes, message, candidate), true);
      }
    });

    it("rejects mutated CT signatures: nonce, coefficient, message, key", () => {
      const ct = transcodeFalconSignature({ signature, n, format: "ct" });
      const ok = (candidate: Uint8Array, signed = message, key = expanded.bytes) =>
        verifyFalconWithExpandedKey(key, signed, candidate);
      const flip = (index: number, mask: number) => {
        const out = ct.slice();
        out[index] ^= mask;
        return out;
      };
      assert.equal(ok(ct), true);
      assert.equal(ok(flip(1, 0x01)), false); // nonce
      assert.equal(ok(flip(40, 0x80)), false); // nonce, last byte
      assert.equal(ok(flip(42, 0x10)), false); // least significant bit of s2[0]
      assert.equal(ok(flip(ctSignatureLength - 1, 0x01)), false); // least significant bit of s2[n − 1]
      const wrong = message.slice();
      wrong[0] ^= 1;
      assert.equal(ok(ct, wrong), false);
      assert.equal(ok(ct, message, expandFalconPublicKey(compressed.keygen(random(48)).publicKey).bytes), false);
    });

    it("throws a typed error for input that does not decode or does not fit the target", () => {
      assert.throws(() => transcodeFalconSignature({ signature: signature.subarray(1), n, format: "ct" }), InvalidFalconSignatureError);
      assert.throws(() => transcodeFalconSignature({ signature, n: n === 512 ? 1024 : 512, format: "ct" }), InvalidFalconSignatureError);
      const wrongHeader = transcodeFalconSignature({ signature, n, format: "ct" });
      wrongHeader[0] = 0x58;
      assert.throws(() => transcodeFalconSignature({ signature: wrongHeader, n, format: "compressed" }), InvalidFalconSignatureError);
      // A well-formed CT signature whose coefficients are all ±2047 has no compressed or padded form.
      const large = encodeFalconSignature({ n, nonce: random(40), s2: new Array(n).fill(-2047), format: "ct" });
      assert.throws(() => transcodeFalconSignature({ signature: large, n, format: "compressed" }), InvalidFalconSignatureError);
      assert.throws(() => transcodeFalconSignature({ signature: large, n, format: "padded" }), InvalidFalconSignatureError);
      assert.deepEqual(transcodeFalconSignature({ signature: large, n, format: "ct" }), large);
    });

    it("matches the round-3 reference implementation's CT vectors (scripts/vectors/falcon-reference)", () => {
      const fixture = new URL(`../../../../../test/fixtures/falcon${n}-ct.jsonl`, import.meta.url);
      const vectors: { publicKey: Hex; message: Hex; signature: Hex; compressed: Hex }[] = readFileSync(fixture, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      for (const vector of vectors) {
        assert.equal(bytesToHex(transcodeFalconSignature({ signature: vector.signature, n, format: "compressed" })), vector.compressed);
        assert.equal(bytesToHex(transcodeFalconSignature({ signature: vector.compressed, n, format: "ct" })), vector.signature);
        assert.equal(verifyFalconWithExpandedKey(expandFalconPublicKey(vector.publicKey).bytes, vector.message, vector.signature), true);
        assert.equal(compressed.verify(hexToBytes(vector.compressed), hexToBytes(vector.message), hexToBytes(vector.publicKey)), true);
      }
    });
  });
}
