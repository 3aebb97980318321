import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InvalidFalconPolynomialError } from "../../errors/falcon.js";
import { decodeCtS2, decodeFalconSignature, encodeCtS2, encodeFalconSignature } from "./encoding.js";
import { falcon1024Parameters, falcon512Parameters } from "./params.js";

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
const randomS2 = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 4095) - 2047);

/** Overwrites the 12-bit field i of a CT payload (bits 12i … 12i + 11, most significant first). */
function setField(payload: Uint8Array, i: number, field: number): Uint8Array {
  const out = payload.slice();
  for (let b = 0; b < 12; b++) {
    const position = 12 * i + b;
    const mask = 0x80 >> (position & 7);
    if ((field >> (11 - b)) & 1) out[position >> 3] |= mask;
    else out[position >> 3] &= ~mask;
  }
  return out;
}

describe("Falcon CT encoding of s2", () => {
  it("packs 12-bit two's-complement fields most significant bit first", () => {
    const s2 = new Array(512).fill(0);
    s2.splice(0, 4, 1, -1, 2047, -2047);
    const payload = encodeCtS2(s2);
    assert.equal(payload.length, 768);
    // 0x001 0xfff 0x7ff 0x801 0x000 …
    assert.deepEqual(Array.from(payload.subarray(0, 8)), [0x00, 0x1f, 0xff, 0x7f, 0xf8, 0x01, 0x00, 0x00]);
    assert.ok(payload.subarray(6).every((byte) => byte === 0));
    assert.deepEqual(Array.from(encodeCtS2([-2, 3])), [0xff, 0xe0, 0x03]);
    assert.deepEqual(Array.from(decodeCtS2(payload, 512)!), s2);
  });

  for (const n of [512, 1024] as const) {
    it(`round-trips random and extreme s2 (n = ${n})`, () => {
      for (const s2 of [randomS2(n), randomS2(n), new Array(n).fill(2047), new Array(n).fill(-2047), new Array(n).fill(0)]) {
        const payload = encodeCtS2(s2);
        assert.equal(payload.length, (3 * n) / 2);
        assert.deepEqual(Array.from(decodeCtS2(payload, n)!), s2);
      }
    });

    it(`rejects the field 0x800 (−2048) in any position and any other length (n = ${n})`, () => {
      const payload = encodeCtS2(randomS2(n));
      for (const i of [0, 1, 2, 3, n / 2 - 1, n / 2, n - 2, n - 1, Math.floor(Math.random() * n)])
        assert.equal(decodeCtS2(setField(payload, i, 0x800), n), undefined);
      // 0x801 (−2047) and 0x7ff (2047) are the extremes that decode.
      assert.equal(decodeCtS2(setField(payload, 5, 0x801), n)![5], -2047);
      assert.equal(decodeCtS2(setField(payload, 5, 0x7ff), n)![5], 2047);
      assert.equal(decodeCtS2(payload.subarray(1), n), undefined);
      assert.equal(decodeCtS2(Uint8Array.from([...payload, 0]), n), undefined);
      assert.equal(decodeCtS2(payload, n === 512 ? 1024 : 512), undefined);
    });
  }

  it("refuses coefficients outside [−2047, 2047] or not integers", () => {
    for (const bad of [2048, -2048, 4096, 1.5, Number.NaN])
      assert.throws(() => encodeCtS2([0, bad]), InvalidFalconPolynomialError);
  });
});

for (const parameters of [falcon512Parameters, falcon1024Parameters]) {
  const { n, logn, ctSignatureLength, paddedSignatureLength } = parameters;
  describe(`Falcon-${n} signature forms`, () => {
    const nonce = random(40);
    const s2 = randomS2(n).map((x) => x >> 4); // small enough to fit every form

    it("writes and reads the CT form: header 0x50 + logn, exact length", () => {
      const signature = encodeFalconSignature({ n, nonce, s2, format: "ct" });
      assert.equal(signature.length, ctSignatureLength);
      assert.equal(signature[0], 0x50 + logn);
      assert.deepEqual(signature.subarray(1, 41), nonce);
      assert.deepEqual(signature.subarray(41), encodeCtS2(s2));
      const decoded = decodeFalconSignature(signature, n)!;
      assert.equal(decoded.format, "ct");
      assert.deepEqual(decoded.nonce, nonce);
      assert.deepEqual(Array.from(decoded.s2), s2);
      const extremes = s2.map((_, i) => (i % 2 ? 2047 : -2047));
      assert.deepEqual(Array.from(decodeFalconSignature(encodeFalconSignature({ n, nonce, s2: extremes, format: "ct" }), n)!.s2), extremes);
    });

    it("labels the compressed and padded forms, compressed by default", () => {
      const compressed = encodeFalconSignature({ n, nonce, s2 });
      assert.equal(compressed[0], 0x30 + logn);
      assert.ok(compressed.length < paddedSignatureLength);
      assert.equal(decodeFalconSignature(compressed, n)!.format, "compressed");
      const padded = encodeFalconSignature({ n, nonce, s2, format: "padded" });
      assert.equal(padded.length, paddedSignatureLength);
      assert.equal(decodeFalconSignature(padded, n)!.format, "padded");
      assert.deepEqual(Array.from(decodeFalconSignature(padded, n)!.s2), s2);
    });

    it("rejects CT signatures with a wrong header, a wrong length or a −2048 field", () => {
      const signature = encodeFalconSignature({ n, nonce, s2, format: "ct" });
      const withHeader = (header: number) => Uint8Array.from([header, ...signature.subarray(1)]);
      assert.equal(decodeFalconSignature(withHeader(0x30 + logn), n), undefined);
      assert.equal(decodeFalconSignature(withHeader(0x50 + (logn === 9 ? 10 : 9)), n), undefined);
      assert.equal(decodeFalconSignature(withHeader(0x58), n), undefined);
      assert.equal(decodeFalconSignature(withHeader(0x70 + logn), n), undefined);
      assert.equal(decodeFalconSignature(signature.subarray(0, ctSignatureLength - 1), n), undefined);
      assert.equal(decodeFalconSignature(Uint8Array.from([...signature, 0]), n), undefined);
      assert.equal(decodeFalconSignature(signature, n === 512 ? 1024 : 512), undefined);
      for (const i of [0, n - 1]) {
        const payload = setField(signature.subarray(41), i, 0x800);
        assert.equal(decodeFalconSignature(Uint8Array.from([...signature.subarray(0, 41), ...payload]), n), undefined);
      }
    });

    it("refuses to write what the form cannot hold", () => {
      assert.throws(() => encodeFalconSignature({ n, nonce, s2: s2.map((x, i) => (i ? x : -2048)), format: "ct" }), InvalidFalconPolynomialError);
      // Every coefficient at 2047 takes 24 bits compressed: far beyond both compressed forms, fine for CT.
      const large = new Array(n).fill(2047);
      assert.throws(() => encodeFalconSignature({ n, nonce, s2: large }), InvalidFalconPolynomialError);
      assert.throws(() => encodeFalconSignature({ n, nonce, s2: large, format: "padded" }), InvalidFalconPolynomialError);
      assert.equal(encodeFalconSignature({ n, nonce, s2: large, format: "ct" }).length, ctSignatureLength);
      assert.throws(() => encodeFalconSignature({ n, nonce: nonce.subarray(1), s2, format: "ct" }), InvalidFalconPolynomialError);
      assert.throws(() => encodeFalconSignature({ n, nonce, s2: s2.slice(1), format: "ct" }), InvalidFalconPolynomialError);
    });
  });
}
