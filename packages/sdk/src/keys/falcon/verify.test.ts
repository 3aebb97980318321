import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { shake256 } from "@noble/hashes/sha3.js";
import { bytesToHex, concatBytes, hexToBytes } from "viem";
import { InvalidFalconExpandedKeyError, InvalidFalconPublicKeyError } from "../../errors/falcon.js";
import { compressS2, decodeFalconSignature, encodeFalconSignature } from "./encoding.js";
import { decodeFalconExpandedKey, expandFalconPublicKey, verifyFalconExpandedKey } from "./expandPublicKey.js";
import {
  falconCompleteNtt,
  falconInverseNtt,
  falconMultiplyNtt,
  falconNtt,
  falconPartialNtt,
  falconPartialNttModulus,
  falconZetas,
} from "./ntt.js";
import { type FalconDegree, falcon1024Parameters, falcon512Parameters, q } from "./params.js";
import { hashToPoint, hashToPointBlocks, minHashToPointBlocks, verifyFalconWithExpandedKey } from "./verify.js";
import { straddleNormBound } from "../../../../../test/helpers/falconNorm.js";

type Vector = { scheme: string; variant: "compressed" | "padded"; publicKey: `0x${string}`; message: `0x${string}`; signature: `0x${string}` };
const fixtures = (name: string): Vector[] =>
  readFileSync(new URL(`../../../../../test/fixtures/${name}-pqclean.jsonl`, import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

describe("Falcon NTT", () => {
  it("uses ζ = 7^brv10(k) with 7 a primitive 2048th root of unity", () => {
    assert.equal(falconZetas[0], 1);
    assert.equal((falconZetas[1] * falconZetas[1]) % q, q - 1);
  });

  for (const n of [512, 1024] as const) {
    it(`partial transform: residues mod X^8 − ζ[n/8 + w]², completed to the full transform (n = ${n})`, () => {
      const a = Array.from({ length: n }, () => Math.floor(Math.random() * q));
      const residues = falconPartialNtt(a);
      assert.deepEqual(falconCompleteNtt(residues), falconNtt(a));
      // Block w is a mod X^8 − r: reduce a by X^8 ≡ r, highest power first.
      for (const w of [0, 1, n / 8 - 1]) {
        const r = BigInt(falconPartialNttModulus(n, w));
        const reduced = a.map(BigInt);
        for (let i = n - 1; i >= 8; i--) {
          reduced[i - 8] += reduced[i] * r;
          reduced[i] = 0n;
        }
        assert.deepEqual(Array.from(residues.subarray(8 * w, 8 * w + 8)), reduced.slice(0, 8).map((x) => Number(x % BigInt(q))));
      }
    });

    it(`inverts and multiplies negacyclically (n = ${n})`, () => {
      const a = Array.from({ length: n }, () => Math.floor(Math.random() * q));
      const b = Array.from({ length: n }, () => Math.floor(Math.random() * q));
      assert.deepEqual(Array.from(falconInverseNtt(falconNtt(a))), a);
      const expected = new Array<bigint>(n).fill(0n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) expected[(i + j) % n] += (i + j < n ? 1n : -1n) * BigInt(a[i] * b[j]);
      const Q = BigInt(q);
      assert.deepEqual(Array.from(falconInverseNtt(falconMultiplyNtt(falconNtt(a), falconNtt(b)))), expected.map((x) => Number(((x % Q) + Q) % Q)));
    });
  }
});

describe("Falcon HashToPoint block count", () => {
  /** The bytes HashToPoint reads, sample by sample, and the 136-byte SHAKE256 blocks that takes. */
  const naiveBlocks = (input: Uint8Array, n: FalconDegree) => {
    const stream = shake256(input, { dkLen: 4 * n });
    let bytes = 0;
    for (let accepted = 0; accepted < n; bytes += 2) if (((stream[bytes] << 8) | stream[bytes + 1]) < 5 * q) accepted++;
    return Math.ceil(bytes / 136);
  };

  for (const n of [512, 1024] as const) {
    it(`counts the blocks HashToPoint reads, at least ⌈2n / 136⌉ (n = ${n})`, () => {
      const minimum = minHashToPointBlocks(n);
      assert.equal(minimum, n === 512 ? 8 : 16);
      const counts = Array.from({ length: 300 }, () => {
        const input = random(72);
        const blocks = hashToPointBlocks(input, n);
        assert.equal(blocks, naiveBlocks(input, n));
        return blocks;
      });
      assert.ok(counts.every((blocks) => blocks === minimum || blocks === minimum + 1));
      // About 41 % (n = 512) or 34 % (n = 1024) of inputs need only the minimum; 300 samples stay well inside.
      const share = counts.filter((blocks) => blocks === minimum).length / counts.length;
      assert.ok(share > 0.2 && share < 0.55, `share at the minimum: ${share}`);
    });
  }

  it("reads exactly the samples hashToPoint keeps", () => {
    const input = random(72);
    const stream = shake256(input, { dkLen: 136 * hashToPointBlocks(input, 512) });
    const samples = Array.from({ length: stream.length / 2 }, (_, i) => (stream[2 * i] << 8) | stream[2 * i + 1]).filter((x) => x < 5 * q);
    assert.ok(samples.length >= 512 && samples.length - 512 < 68);
    assert.deepEqual(Array.from(hashToPoint(input, 512)), samples.slice(0, 512).map((x) => x % q));
  });
});

for (const [n, compressed, padded, parameters] of [
  [512, falcon512, falcon512padded, falcon512Parameters],
  [1024, falcon1024, falcon1024padded, falcon1024Parameters],
] as const) {
  describe(`Falcon-${n} expanded key and reference verifier`, () => {
    it("accepts every PQClean vector, compressed and padded", () => {
      const vectors = fixtures(`falcon${n}`);
      assert.ok(vectors.some(({ variant }) => variant === "padded") && vectors.some(({ variant }) => variant === "compressed"));
      for (const { publicKey, message, signature } of vectors) {
        const { bytes } = expandFalconPublicKey(publicKey);
        assert.equal(verifyFalconWithExpandedKey(bytes, message, signature), true);
        assert.equal(compressed.verify(hexToBytes(signature), hexToBytes(message), hexToBytes(publicKey)) || padded.verify(hexToBytes(signature), hexToBytes(message), hexToBytes(publicKey)), true);
      }
    });

    it("agrees with noble on random keys and messages, both forms, and on wrong messages and keys", () => {
      for (const falcon of [compressed, padded]) {
        const { publicKey, secretKey } = falcon.keygen(random(48));
        const other = expandFalconPublicKey(falcon.keygen(random(48)).publicKey);
        const expanded = expandFalconPublicKey(publicKey);
        for (let i = 0; i < 3; i++) {
          const message = random(32);
          const signature = falcon.sign(message, secretKey);
          assert.equal(verifyFalconWithExpandedKey(expanded.bytes, message, signature), true);
          const wrong = message.slice();
          wrong[i] ^= 1;
          assert.equal(verifyFalconWithExpandedKey(expanded.bytes, wrong, signature), false);
          assert.equal(falcon.verify(signature, wrong, publicKey), false);
          assert.equal(verifyFalconWithExpandedKey(other.bytes, message, signature), false);
        }
      }
    });

    it("rejects mutated nonces, headers and non-canonical encodings of the same s2", () => {
      const { publicKey, secretKey } = padded.keygen(random(48));
      const { bytes } = expandFalconPublicKey(publicKey);
      const message = random(32);
      // Re-sign until s2 has a zero coefficient, so that "−0" is another encoding of the same s2.
      let signature = padded.sign(message, secretKey);
      while (!decodeFalconSignature(signature, n)!.s2.includes(0)) signature = padded.sign(message, secretKey);
      const { nonce, s2 } = decodeFalconSignature(signature, n)!;
      const ok = (candidate: Uint8Array) => verifyFalconWithExpandedKey(bytes, message, candidate);
      const agree = (candidate: Uint8Array, expected: boolean) => {
        assert.equal(ok(candidate), expected);
        assert.equal(compressed.verify(candidate, message, publicKey) || padded.verify(candidate, message, publicKey), expected);
      };
      const short = encodeFalconSignature({ n, nonce, s2 });
      agree(short, true);
      agree(signature, true);

      const flipped = signature.slice();
      flipped[5] ^= 0x10;
      agree(flipped, false);
      const header = signature.slice();
      header[0] = 0x30 + (n === 512 ? 10 : 9);
      agree(header, false);

      // "−0": the first zero coefficient re-encoded with its sign bit set.
      const zero = s2.findIndex((x) => x === 0);
      const payload = compressS2(s2);
      let bit = 0;
      for (let i = 0; i < zero; i++) bit += 9 + (Math.abs(s2[i]) >> 7);
      const negativeZero = payload.slice();
      negativeZero[bit >> 3] |= 0x80 >> (bit & 7);
      const withNegativeZero = Uint8Array.from([...short.subarray(0, 41), ...negativeZero]);
      assert.equal(decodeFalconSignature(withNegativeZero, n), undefined);
      agree(withNegativeZero, false);

      // A one in the unused bits of the last byte, or in the padding.
      const bits = s2.reduce((sum, x) => sum + 9 + (Math.abs(x) >> 7), 0);
      if (bits % 8 !== 0) {
        const dirty = short.slice();
        dirty[dirty.length - 1] |= 1;
        agree(dirty, false);
      }
      const dirtyPadding = signature.slice();
      dirtyPadding[dirtyPadding.length - 1] = 1;
      agree(dirtyPadding, false);

      // Trailing bytes after a compressed signature, zero or not; a truncated one.
      agree(Uint8Array.from([...short, 0]), false);
      agree(Uint8Array.from([...short, 1]), false);
      agree(short.subarray(0, short.length - 1), false);
      // Zero padding only makes sense at exactly the padded length.
      agree(signature.subarray(0, signature.length - 1), false);
      agree(Uint8Array.from([...signature, 0]), false);
    });

    it("rejects a signature whose norm is just above β² and accepts one just below", () => {
      const { publicKey, secretKey } = compressed.keygen(random(48));
      const expanded = expandFalconPublicKey(publicKey);
      const message = random(32);
      const { below, belowNorm, above, aboveNorm } = straddleNormBound({
        n: n as FalconDegree,
        signature: compressed.sign(message, secretKey),
        message,
        secretKey,
        hHat: expanded.hHat,
        bound: parameters.normBound,
      });
      assert.ok(belowNorm <= parameters.normBound && aboveNorm > parameters.normBound);
      assert.equal(verifyFalconWithExpandedKey(expanded.bytes, message, below), true);
      assert.equal(compressed.verify(below, message, publicKey), true);
      assert.equal(verifyFalconWithExpandedKey(expanded.bytes, message, above), false);
      assert.equal(compressed.verify(above, message, publicKey), false);
    });

    it("expands to a 52-byte key over E = NTT(h)·2^16/n, and checks E against the public key", () => {
      const { publicKey } = padded.keygen(random(48));
      const expanded = expandFalconPublicKey(publicKey);
      assert.equal(expanded.n, n);
      // E, then the public key itself for a precompile.
      assert.equal(hexToBytes(expanded.bytes).length, parameters.expandedKeyLength + parameters.publicKeyLength);
      assert.deepEqual(hexToBytes(expanded.bytes).subarray(parameters.expandedKeyLength), publicKey);
      assert.equal(hexToBytes(expanded.key).length, 52);
      assert.equal(expanded.chunks.length, 1);
      assert.deepEqual(decodeFalconExpandedKey(expanded.bytes).hHat, expanded.hHat);
      assert.equal(verifyFalconExpandedKey(publicKey, expanded.bytes), true);
      const tampered = hexToBytes(expanded.bytes);
      tampered[7] ^= 1;
      assert.equal(verifyFalconExpandedKey(publicKey, tampered), false);
      const high = hexToBytes(expanded.bytes);
      high.set([0, 0, 0x30, 0x01], 0);
      assert.throws(() => decodeFalconExpandedKey(high), InvalidFalconExpandedKeyError);
      assert.throws(() => decodeFalconExpandedKey(high.subarray(4)), InvalidFalconExpandedKeyError);
      assert.deepEqual(decodeFalconExpandedKey(hexToBytes(expanded.bytes).subarray(0, parameters.expandedKeyLength)).hHat, expanded.hHat);
      assert.throws(() => expandFalconPublicKey(publicKey.subarray(1)), InvalidFalconPublicKeyError);
      const badCoefficient = publicKey.slice();
      badCoefficient.set([0xff, 0xff], 1);
      assert.throws(() => expandFalconPublicKey(bytesToHex(badCoefficient)), InvalidFalconPublicKeyError);
    });
  });
}
