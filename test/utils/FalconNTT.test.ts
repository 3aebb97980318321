import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { bytesToHex, concatBytes } from "viem";
import {
  type FalconDegree,
  decodeFalconSignature,
  encodeFalconSignature,
  expandFalconPublicKey,
  falconHashToPoint,
  falconParameters,
  falconPartialNtt,
  falconPartialNttModulus,
  falconQ as q,
} from "../../packages/sdk/src/keys/falcon/index.js";
import { setCtField, straddleNormBound } from "../helpers/falconNorm.js";

const { viem } = await network.create();
const mock = await viem.deployContract("FalconNTTMock");
const falcon = await viem.deployContract("FalconMock");
const reference = await viem.deployContract("FalconReferenceMock");
const Q = BigInt(q);

/** n random values below `bound`. */
function randomPolynomial(n: number, bound: number): bigint[] {
  const bytes = randomBytes(4 * n);
  return Array.from({ length: n }, (_, i) => BigInt(bytes.readUInt32BE(4 * i) % bound));
}
const reduced = (values: readonly bigint[]) => values.map((value) => Number(value % Q));
const maximum = (values: readonly bigint[]) => values.reduce((max, value) => (value > max ? value : max), 0n);
const power = (base: bigint, exponent: bigint): bigint => {
  let result = 1n;
  for (let b = base % Q, e = exponent; e > 0n; e >>= 1n, b = (b * b) % Q) if (e & 1n) result = (result * b) % Q;
  return result;
};
const mod = (value: bigint) => ((value % Q) + Q) % Q;

/** The negacyclic product a·b mod (q, X^n + 1), schoolbook. */
function negacyclic(a: readonly bigint[], b: readonly bigint[]): number[] {
  const n = a.length;
  const out = new Array<bigint>(n).fill(0n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const term = a[i] * b[j];
      if (i + j < n) out[i + j] += term;
      else out[i + j - n] -= term;
    }
  return out.map((value) => Number(mod(value)));
}

for (const n of [512, 1024] as const) {
  describe(`FalconNTT (n = ${n})`, () => {
    it("forward equals the plain Solidity reference and the SDK's falconPartialNtt, with lanes below 25q", async () => {
      // Inputs as the verifier feeds them: s2 + q with |s2| ≤ 2047, and the extremes of that range.
      for (const input of [
        randomPolynomial(n, 4095).map((value) => value + Q - 2047n),
        new Array<bigint>(n).fill(Q + 2047n),
        randomPolynomial(n, 2).map((value) => (value ? Q + 2047n : Q - 2047n)),
      ]) {
        const fast = await mock.read.forward([input]);
        assert.ok(maximum(fast) < 25n * Q);
        assert.deepEqual(reduced(fast), reduced(await mock.read.referenceForward([input])));
        assert.deepEqual(reduced(fast), Array.from(falconPartialNtt(input.map(Number))));
      }
    });

    it("multiply is the residue-wise product mod X^8 − ζ[n/8 + w]², divided by 2^16, with lanes below 4.8q", async () => {
      const rInverse = power(1n << 16n, Q - 2n);
      for (const bound of [q, 25 * q]) {
        const a = randomPolynomial(n, bound);
        const b = randomPolynomial(n, q);
        const fast = await mock.read.multiply([a, b]);
        assert.ok(maximum(fast) < (48n * Q) / 10n);
        assert.deepEqual(reduced(fast), reduced(await mock.read.referenceMultiply([a.map((x) => x % Q), b])));
        const expected = new Array<number>(n);
        for (let w = 0; w < n / 8; w++) {
          const r = BigInt(falconPartialNttModulus(n as FalconDegree, w));
          for (let k = 0; k < 8; k++) {
            let sum = 0n;
            for (let i = 0; i < 8; i++) {
              const j = (k - i + 8) % 8;
              sum += a[8 * w + i] * b[8 * w + j] * (i + j >= 8 ? r : 1n);
            }
            expected[8 * w + k] = Number(mod(sum * rInverse));
          }
        }
        assert.deepEqual(reduced(fast), expected);
      }
      // The largest inputs allowed: every lane of a at 25q − 1 (below 2q after the reduction), of b at q − 1.
      const fast = await mock.read.multiply([new Array<bigint>(n).fill(25n * Q - 1n), new Array<bigint>(n).fill(Q - 1n)]);
      assert.ok(maximum(fast) < (48n * Q) / 10n);
    });

    it("inverse equals the reference, with lanes below 9.6q, and undoes forward up to the factor n/8", async () => {
      for (const bound of [q, Math.floor((48 * q) / 10)]) {
        const input = randomPolynomial(n, bound);
        const fast = await mock.read.inverse([input]);
        assert.ok(maximum(fast) < (96n * Q) / 10n);
        assert.deepEqual(reduced(fast), reduced(await mock.read.referenceInverse([input.map((value) => value % Q)])));
      }
      const worst = await mock.read.inverse([new Array<bigint>(n).fill((48n * Q) / 10n)]);
      assert.ok(maximum(worst) < (96n * Q) / 10n);
      const input = randomPolynomial(n, 4095).map((value) => value + Q - 2047n);
      const back = await mock.read.inverse([(await mock.read.forward([input])).map((value) => value % Q)]);
      assert.deepEqual(reduced(back), input.map((value) => Number((value * BigInt(n / 8)) % Q)));
    });

    it("inverse ∘ multiply ∘ forward is the negacyclic product with a key scaled by 2^16/(n/8)", async () => {
      const a = randomPolynomial(n, 4095).map((value) => value + Q - 2047n);
      const b = randomPolynomial(n, q);
      const factor = ((1n << 16n) * power(BigInt(n / 8), Q - 2n)) % Q;
      const key = Array.from(falconPartialNtt(b.map(Number)), (value) => (BigInt(value) * factor) % Q);
      const product = reduced(await mock.read.inverse([await mock.read.multiply([await mock.read.forward([a]), key])]));
      assert.deepEqual(product, negacyclic(a, b));
      const [forwardGas, multiplyGas, inverseGas] = await mock.read.gasOf([a, key]);
      console.log(`    n = ${n}: forward ${forwardGas} gas, multiply ${multiplyGas} gas, inverse ${inverseGas} gas`);
    });

    it("inverseNorm equals the centred norm of c − inverse, against the plain Solidity reference", async () => {
      // Inputs as multiply leaves them (lanes below 4.8q) and their extremes; points as HashToPoint leaves them
      // (low 16 bits below 5q, garbage above).
      const bound = (48n * Q) / 10n;
      const points = () => randomPolynomial(n, 5 * q).map((value, i) => value + (BigInt(i * 7919) % 65536n) * 65536n);
      for (const [a, c] of [
        [randomPolynomial(n, Number(bound)), points()],
        [randomPolynomial(n, q), randomPolynomial(n, q)],
        [new Array<bigint>(n).fill(bound - 1n), points()],
        [new Array<bigint>(n).fill(bound - 1n), new Array<bigint>(n).fill(0n)],
        [new Array<bigint>(n).fill(0n), new Array<bigint>(n).fill(5n * Q - 1n)],
        [randomPolynomial(n, 2).map((value) => (value ? bound - 1n : 0n)), points()],
        [Array.from({ length: n }, (_, i) => (i % 2 ? bound - 1n : 0n)), new Array<bigint>(n).fill(Q - 1n)],
        [new Array<bigint>(n).fill(Q - 1n), Array.from({ length: n }, (_, i) => (i % 2 ? 5n * Q - 1n : 0n))],
      ]) {
        const [norm, gasUsed] = await mock.read.inverseNorm([a, c]);
        assert.equal(norm, await mock.read.referenceInverseNorm([a, c]));
      }
      const [, gasUsed] = await mock.read.inverseNorm([randomPolynomial(n, Number(bound)), points()]);
      console.log(`    n = ${n}: inverseNorm ${gasUsed} gas`);
    });

    it("forwardMultiply (and inverse from where it leaves off) equals inverse ∘ multiply ∘ forward, with lanes below 9.6q, also on the largest inputs", async () => {
      for (const [a, key] of [
        [randomPolynomial(n, 4095).map((value) => value + Q - 2047n), randomPolynomial(n, q)],
        [randomPolynomial(n, 4095).map((value) => value + Q - 2047n), new Array<bigint>(n).fill(Q - 1n)],
        [new Array<bigint>(n).fill(Q + 2047n), new Array<bigint>(n).fill(Q - 1n)],
        [new Array<bigint>(n).fill(0n), new Array<bigint>(n).fill(Q - 1n)],
        [new Array<bigint>(n).fill(Q + 2047n), new Array<bigint>(n).fill(0n)],
        [Array.from({ length: n }, (_, i) => (i % 2 ? Q + 2047n : Q - 2047n)), Array.from({ length: n }, (_, i) => (i % 2 ? 0n : Q - 1n))],
      ]) {
        // Lane for lane for n = 512 (the fused pair is {inverse}'s own); for n = 1024 the fused first layer reduces
        // its sums, so the lanes agree modulo q.
        const fused = await mock.read.forwardMultiplyInverse([a, key]);
        const unfused = await mock.read.inverse([await mock.read.multiply([await mock.read.forward([a]), key])]);
        assert.ok(maximum(fused) < (96n * Q) / 10n);
        if (n === 512) assert.deepEqual(fused, unfused);
        else assert.deepEqual(reduced(fused), reduced(unfused));
      }
    });
  });
}

for (const [n, compressed, padded] of [
  [512, falcon512, falcon512padded],
  [1024, falcon1024, falcon1024padded],
] as const) {
  const logn = n === 512 ? 9n : 10n;
  describe(`Falcon library (n = ${n}): decoding, HashToPoint and the norm against the SDK`, () => {
    // The decoder, the plain reference and the SDK agree on whether `signature` decodes, on s2 and on ‖s2‖².
    const decodesAsSdk = async (signature: Uint8Array, label: string) => {
      const [ok, s2, s2Norm] = await falcon.read.decodeSignature([logn, bytesToHex(signature)]);
      const [referenceOk, referenceS2] = await reference.read.decodeSignature([logn, bytesToHex(signature)]);
      const expected = decodeFalconSignature(signature, n);
      assert.equal(ok, expected !== undefined, label);
      assert.equal(referenceOk, ok, `reference: ${label}`);
      if (expected === undefined) return;
      assert.deepEqual(referenceS2, s2, `reference: ${label}`);
      assert.deepEqual(s2.map(Number), Array.from(expected.s2), label);
      assert.equal(Number(s2Norm), expected.s2.reduce((sum, x) => sum + x * x, 0), label);
    };
    it("decodeSignature agrees with the SDK on valid, mutated and large-coefficient signatures", async () => {
      for (const scheme of [compressed, padded]) {
        const { secretKey } = scheme.keygen(randomBytes(48));
        const signature = scheme.sign(randomBytes(32), secretKey);
        await decodesAsSdk(signature, "valid");
        for (let i = 0; i < 16; i++) {
          const mutated = signature.slice();
          const byte = 41 + (randomBytes(2).readUInt16BE() % (signature.length - 41));
          mutated[byte] ^= 1 << (i % 8);
          await decodesAsSdk(mutated, `bit flip in byte ${byte}`);
        }
        await decodesAsSdk(signature.subarray(0, signature.length - 1), "truncated");
        await decodesAsSdk(concatBytes([signature, new Uint8Array(1)]), "extended");
        // Magnitudes of 1024 and more (high part 8 or more) take the bit-by-bit path; up to 2047 is valid.
        const { nonce, s2 } = decodeFalconSignature(signature, n)!;
        const large = Array.from(s2, (x, i) => (i % 61 === 0 ? (i % 2 ? -1 : 1) * (1024 + ((i * 37) % 1024)) : x));
        await decodesAsSdk(encodeFalconSignature({ n, nonce, s2: large }), "large coefficients");
        const extreme = Array.from(s2, (x, i) => (i === n - 1 ? -2047 : x));
        await decodesAsSdk(encodeFalconSignature({ n, nonce, s2: extreme }), "−2047 last");

        // The CT form of the same s2, of large and extreme ones, and mutations of it.
        const ct = encodeFalconSignature({ n, nonce, s2, format: "ct" });
        await decodesAsSdk(ct, "CT");
        await decodesAsSdk(encodeFalconSignature({ n, nonce, s2: large, format: "ct" }), "CT, large coefficients");
        const extremes = Array.from(s2, (_, i) => (i % 2 ? 2047 : -2047));
        await decodesAsSdk(encodeFalconSignature({ n, nonce, s2: extremes, format: "ct" }), "CT, ±2047 everywhere");
        for (let i = 0; i < 16; i++) {
          const mutated = ct.slice();
          const byte = 41 + (randomBytes(2).readUInt16BE() % (ct.length - 41));
          mutated[byte] ^= 1 << (i % 8);
          await decodesAsSdk(mutated, `CT bit flip in byte ${byte}`);
        }
        await decodesAsSdk(ct.subarray(0, ct.length - 1), "CT truncated");
        await decodesAsSdk(concatBytes([ct, new Uint8Array(1)]), "CT extended");
        // Random CT payloads: every 12-bit field but 0x800 is a valid coefficient, so about one in nine payloads
        // of 512 fields holds a forbidden one; half of these runs plant one at a random place.
        for (let i = 0; i < 8; i++) {
          const payload = concatBytes([ct.subarray(0, 41), randomBytes(ct.length - 41)]);
          if (i % 2) setCtField(payload, randomBytes(2).readUInt16BE() % n, 0x800);
          await decodesAsSdk(payload, `random CT payload ${i}`);
        }
      }
    });

    it("decodeSignature takes every CT field value, and the edge values at every place of a round, as the reference does", async () => {
      // The CT decoder reads 16 fields (two words) a round, word w's into the high halves of the lanes and word w + 1's
      // into the low halves: the payloads below put every 12-bit value but 0x800 somewhere, the edge values (0, ±1,
      // ±2047, ±2046) at each of the 16 places of a round, and 0x800 (−2048, refused) alone at each place.
      const ctSignature = (field: (index: number) => number) => {
        const signature = new Uint8Array(41 + (3 * n) / 2);
        signature[0] = 0x50 + Number(logn);
        signature.set(randomBytes(40), 1);
        for (let i = 0; i < n; i++) setCtField(signature, i, field(i));
        return signature;
      };
      for (let first = 0; first < 4096; first += n) {
        await decodesAsSdk(ctSignature((i) => (first + i === 0x800 ? 0x7ff : first + i)), `fields ${first} to ${first + n - 1}`);
      }
      const edges = [0x000, 0x001, 0xfff, 0x7ff, 0x801, 0x7fe, 0x802];
      await decodesAsSdk(ctSignature((i) => edges[(i >> 4) % edges.length]), "edge values at every place");
      await decodesAsSdk(ctSignature((i) => (i % 2 ? 0x801 : 0x7ff)), "±2047 everywhere, the largest norm");
      for (let place = 0; place < 16; place++) {
        const round = randomBytes(2).readUInt16BE() % (n / 16);
        await decodesAsSdk(ctSignature((i) => (i === 16 * round + place ? 0x800 : edges[i % edges.length])), `0x800 at place ${place}`);
      }
      await decodesAsSdk(ctSignature((i) => (i === n - 1 ? 0x800 : 0x7ff)), "0x800 last");
    });

    it("decodeSignature equals the plain reference on random and edge compressed encodings", async () => {
      // Codes written bit by bit: sign, 7 low bits, `high` zeros and a one (high 16 or more: a run of 16 zeros).
      const encode = (codes: readonly { negative: boolean; low: number; high: number }[], length?: number) => {
        const bits: number[] = [];
        for (const { negative, low, high } of codes) {
          bits.push(negative ? 1 : 0);
          for (let b = 6; b >= 0; b--) bits.push((low >> b) & 1);
          for (let z = 0; z < high; z++) bits.push(0);
          if (high < 16) bits.push(1);
        }
        const payload = new Uint8Array(length === undefined ? Math.ceil(bits.length / 8) : length - 41);
        bits.forEach((bit, i) => {
          if (bit && i < 8 * payload.length) payload[i >> 3] |= 0x80 >> (i & 7);
        });
        return concatBytes([new Uint8Array([0x30 + Number(logn)]), randomBytes(40), payload]);
      };
      const paddedLength = n === 512 ? 666 : 1280;
      const random = (i: number) => randomBytes(4).readUInt32BE() % i;
      // Mostly high parts 0 and 1 (about 9.25 bits a code, as honest signatures, so that every encoding fits the
      // length limits), and one code in 32 with a high part up to `maxHigh` (15: |s| up to 2047, the longest code).
      const codes = (maxHigh: number) =>
        Array.from({ length: n }, () => {
          const low = random(128);
          const high = random(32) === 0 ? random(maxHigh + 1) : random(4) === 0 ? 1 : 0;
          return { negative: low + high > 0 && random(2) === 1, low, high };
        });
      const agree = async (signature: Uint8Array, label: string, expected?: boolean) => {
        const [ok, s2, s2Norm] = await falcon.read.decodeSignature([logn, bytesToHex(signature)]);
        const [referenceOk, referenceS2] = await reference.read.decodeSignature([logn, bytesToHex(signature)]);
        assert.equal(ok, referenceOk, label);
        if (expected !== undefined) assert.equal(ok, expected, label);
        if (ok) {
          assert.deepEqual(s2, referenceS2, label);
          assert.equal(s2Norm, referenceS2.reduce((sum, x) => sum + x * x, 0n), label);
        }
        return ok;
      };
      const honest = codes(0);
      await agree(encode(honest), "honest magnitudes", true);
      await agree(encode(honest, paddedLength), "honest magnitudes, padded", true);
      await agree(encode(codes(7)), "high parts up to 7", true);
      const longest = Array.from({ length: 16 }, (_, i) => ({ negative: i % 2 === 1, low: 127, high: 15 }));
      await agree(encode(longest.concat(honest.slice(16))), "two words of ±2047 first", true);
      for (let trial = 0; trial < 4; trial++) {
        const any = codes(15);
        const valid = await agree(encode(any), `any magnitude ${trial}`);
        // Planted at a random coefficient: a negative zero, runs of 15 zeros (valid), of 16 zeros (invalid).
        for (const [high, negative, low, plantedValid] of [
          [0, true, 0, false],
          [15, false, 127, true],
          [15, true, 0, true],
          [16, false, 0, false],
          [16, true, 5, false],
        ] as const) {
          const planted = any.slice();
          planted[random(n)] = { negative, low, high };
          await agree(encode(planted), `planted high ${high}, negative ${negative}, low ${low}, trial ${trial}`, valid ? plantedValid : undefined);
        }
      }
      // Every code of the first word, one at a time, with a high part of 7 to 16: the rare path's boundary.
      for (let high = 6; high <= 16; high++) {
        const word = honest.slice();
        word[random(8)] = { negative: true, low: 1, high };
        await agree(encode(word), `high part ${high} in the first word`, high < 16);
      }
      // What follows the encoding: a set bit in the last byte's unused bits, a non-zero padding byte, a short or
      // long compressed length, the encoding truncated, all-zero and all-one payloads.
      const exact = encode(honest);
      const padded = encode(honest, paddedLength);
      const usedBits = honest.reduce((sum, { high }) => sum + 9 + high, 0);
      if (usedBits % 8) {
        const tail = exact.slice();
        tail[tail.length - 1] |= 1;
        await agree(tail, "a set unused bit", false);
      }
      for (const offset of [exact.length, exact.length + 1 + random(paddedLength - exact.length - 1), paddedLength - 1]) {
        const bad = padded.slice();
        bad[offset] = 1 << random(8);
        await agree(bad, `padding byte ${offset} set`, false);
      }
      await agree(concatBytes([exact, new Uint8Array(1)]), "a trailing zero byte", false);
      await agree(exact.subarray(0, exact.length - 1), "truncated", false);
      await agree(padded.subarray(0, paddedLength - 1), "padded, one byte short", false);
      await agree(concatBytes([exact.subarray(0, 41), new Uint8Array(exact.length - 41)]), "all zeros", false);
      await agree(concatBytes([exact.subarray(0, 41), new Uint8Array(exact.length - 41).fill(0xff)]), "all ones", false);
      for (let trial = 0; trial < 4; trial++) {
        await agree(concatBytes([exact.subarray(0, 41), randomBytes(exact.length - 41)]), `random payload ${trial}`);
      }
    });

    it("hashToPoint equals the reference and the SDK's HashToPoint", async () => {
      for (let i = 0; i < 4; i++) {
        const input = randomBytes(72);
        const expected = Array.from(falconHashToPoint(input, n));
        const fast = await falcon.read.hashToPoint([logn, bytesToHex(input)]);
        assert.deepEqual(fast.map(Number), expected);
        assert.deepEqual(await reference.read.hashToPoint([logn, bytesToHex(input)]), fast);
        // The verifiers' form: the sponge built straight from a 40-byte nonce in calldata and a 32-byte message.
        const ofNonce = await falcon.read.hashToPointOfNonce([logn, bytesToHex(input.subarray(0, 40)), bytesToHex(input.subarray(40))]);
        assert.deepEqual(ofNonce, fast);
      }
      const input = randomBytes(72);
      const generic = await falcon.read.gasOfHashToPoint([logn, bytesToHex(input)]);
      const direct = await falcon.read.gasOfHashToPointOfNonce([logn, bytesToHex(input.subarray(0, 40)), bytesToHex(input.subarray(40))]);
      console.log(`    n = ${n}: hashToPoint of bytes ${generic} gas, of nonce and message ${direct} gas`);
    });

    it("isShort agrees with the reference on valid signatures, other points and norms around β²", async () => {
      const { publicKey, secretKey } = compressed.keygen(randomBytes(48));
      const { bytes, hHat } = expandFalconPublicKey(publicKey);
      const key = Array.from({ length: n }, (_, i) => BigInt(Number.parseInt(bytes.slice(2 + 8 * i, 10 + 8 * i), 16)));
      const message = randomBytes(32);
      const signature = compressed.sign(message, secretKey);
      const { nonce } = decodeFalconSignature(signature, n)!;
      const point = Array.from(falconHashToPoint(concatBytes([nonce, message]), n), BigInt);
      const other = Array.from(falconHashToPoint(randomBytes(72), n), BigInt);
      const { below, above } = straddleNormBound({ n, signature, message, secretKey, hHat, bound: falconParameters(n).normBound });
      for (const [c, candidate, expected] of [
        [point, signature, true],
        [other, signature, false],
        [point, below, true],
        [point, above, false],
      ] as const) {
        assert.equal(await falcon.read.verifyWithPoint([logn, bytes, c, bytesToHex(candidate)]), expected);
        const s2 = Array.from(decodeFalconSignature(candidate, n)!.s2, BigInt);
        assert.equal(await reference.read.isShort([c, s2, key]), expected);
      }
      const [decodeGas, isShortGas] = await falcon.read.gasOfVerifyWithPoint([logn, bytes, point, bytesToHex(signature)]);
      const hashGas = await falcon.read.gasOfHashToPoint([logn, bytesToHex(concatBytes([nonce, message]))]);
      console.log(`    n = ${n}: decodeSignature ${decodeGas} gas, hashToPoint ${hashGas} gas, isShort ${isShortGas} gas`);
    });

    it("isShort rejects an expanded key with a value of q or more, even one of the right residue", async () => {
      // The range check of E rides on the key product (FalconNTT.multiply's `reduced`): an E value v replaced by
      // v + q keeps every residue, so only that check can reject the signature; 2^31 and 2^32 − 1 too.
      const { publicKey, secretKey } = compressed.keygen(randomBytes(48));
      const { bytes } = expandFalconPublicKey(publicKey);
      const message = randomBytes(32);
      const signature = bytesToHex(compressed.sign(message, secretKey));
      const { nonce } = decodeFalconSignature(signature, n)!;
      const point = Array.from(falconHashToPoint(concatBytes([nonce, message]), n), BigInt);
      assert.equal(await falcon.read.verifyWithPoint([logn, bytes, point, signature]), true);
      const replaced = (index: number, value: (old: number) => number) => {
        const e = Buffer.from(bytes.slice(2), "hex");
        e.writeUInt32BE(value(e.readUInt32BE(4 * index)), 4 * index);
        return bytesToHex(e);
      };
      for (const index of [0, 7, 8, n - 1, ...Array.from(randomBytes(4), (b) => (b * 7) % n)]) {
        assert.equal(await falcon.read.verifyWithPoint([logn, replaced(index, (v) => v + q), point, signature]), false);
      }
      for (const value of [2 ** 31, 2 ** 32 - 1]) {
        assert.equal(await falcon.read.verifyWithPoint([logn, replaced(n / 2, () => value), point, signature]), false);
      }
    });

    it("isReduced accepts lanes below q only", async () => {
      const lanes = randomPolynomial(n, q);
      assert.equal(await falcon.read.isReduced([lanes]), true);
      for (const value of [Q, Q + 1n, 1n << 31n, (1n << 32n) - 1n]) {
        const mutated = lanes.slice();
        mutated[randomBytes(2).readUInt16BE() % n] = value;
        assert.equal(await falcon.read.isReduced([mutated]), false, `${value}`);
      }
    });
  });
}
