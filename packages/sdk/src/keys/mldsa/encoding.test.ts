import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import {
  InvalidExpandedKeyError,
  InvalidPolynomialError,
  InvalidPublicKeyLengthError,
  InvalidSignatureLengthError,
} from "../../errors/keys.js";
import {
  decodeExpandedKey,
  decodePublicKey,
  decodeSignature,
  encodeExpandedKey,
  hintBitUnpack,
  simpleBitPack,
  simpleBitUnpack,
} from "./encoding.js";
import { mldsaParameterSets, n, q } from "./params.js";

const { beta, expandedKeyLength, gamma1, k, l, omega } = mldsaParameterSets["ML-DSA-65"];

const label = (text: string, length: number) => shake256(new TextEncoder().encode(text), { dkLen: length });

describe("simpleBitPack / simpleBitUnpack", () => {
  it("round-trips every width the scheme uses", () => {
    for (const bits of [4, 10, 13, 20]) {
      const bytes = label(`pack ${bits}`, (n * bits) / 8);
      const polynomial = simpleBitUnpack(bytes, bits);
      assert.ok(polynomial.every((c) => c >= 0 && c < 2 ** bits));
      assert.deepEqual(simpleBitPack(polynomial, bits), bytes);
    }
  });

  it("packs least significant bit first (FIPS 204 BitsToBytes)", () => {
    const polynomial = new Array(n).fill(0);
    polynomial[0] = 0b11_0000_0001;
    polynomial[1] = 1;
    const packed = simpleBitPack(polynomial, 10);
    // Coefficient 0 fills byte 0 and the low 2 bits of byte 1; coefficient 1 starts at bit 10.
    assert.deepEqual(Array.from(packed.subarray(0, 3)), [0b0000_0001, 0b0000_0111, 0]);
  });

  it("rejects wrong sizes and values that do not fit", () => {
    assert.throws(() => simpleBitUnpack(new Uint8Array(319), 10), InvalidPolynomialError);
    assert.throws(() => simpleBitPack(new Array(n).fill(16), 4), InvalidPolynomialError);
    assert.throws(() => simpleBitPack(new Array(n).fill(-1), 4), InvalidPolynomialError);
    assert.throws(() => simpleBitPack(new Array(n - 1).fill(0), 4), InvalidPolynomialError);
  });
});

describe("decodePublicKey", () => {
  const { publicKey } = ml_dsa65.keygen(label("decode pk", 32));

  it("splits pk into ρ and the six 10-bit t1 polynomials that re-encode to pk", () => {
    const { rho, t1 } = decodePublicKey(publicKey);
    assert.deepEqual(rho, publicKey.slice(0, 32));
    assert.equal(t1.length, k);
    const reencoded = new Uint8Array([...rho, ...t1.flatMap((p) => Array.from(simpleBitPack(p, 10)))]);
    assert.deepEqual(reencoded, publicKey);
  });

  it("rejects a public key of the wrong length", () => {
    assert.throws(() => decodePublicKey(publicKey.subarray(1)), InvalidPublicKeyLengthError);
    assert.throws(() => decodePublicKey(new Uint8Array(1953)), InvalidPublicKeyLengthError);
  });
});

describe("decodeSignature", () => {
  const { secretKey } = ml_dsa65.keygen(label("decode sig", 32));
  const signature = ml_dsa65.sign(label("message", 32), secretKey);

  it("decodes noble's signatures into c̃, z within bounds and a hint", () => {
    const { cTilde, z, h } = decodeSignature(signature);
    assert.deepEqual(cTilde, signature.slice(0, 48));
    assert.equal(z.length, l);
    assert.ok(z.every((p) => p.every((c) => Math.abs(c) < gamma1 - beta)));
    assert.ok(h !== undefined);
    const ones = h.reduce((sum, p) => sum + p.reduce((s, c) => s + c, 0), 0);
    assert.equal(ones, signature[3308]);
  });

  it("maps the packed field back to z = γ1 − field", () => {
    const edited = signature.slice();
    // Field 0 of z[0] = 0 means z = γ1; 2^20 − 1 means z = −γ1 + 1.
    edited.set([0, 0], 48);
    edited[50] &= 0xf0;
    assert.equal(decodeSignature(edited).z[0][0], gamma1);
    edited.set([0xff, 0xff], 48);
    edited[50] |= 0x0f;
    assert.equal(decodeSignature(edited).z[0][0], -gamma1 + 1);
  });

  it("rejects a signature of the wrong length", () => {
    assert.throws(() => decodeSignature(signature.subarray(1)), InvalidSignatureLengthError);
  });
});

describe("hintBitUnpack", () => {
  /** A hint with 1s at the given positions per polynomial, encoded as HintBitPack would. */
  function encodeHint(positions: number[][]): Uint8Array {
    const y = new Uint8Array(omega + k);
    let index = 0;
    positions.forEach((list, i) => {
      for (const position of list) y[index++] = position;
      y[omega + i] = index;
    });
    return y;
  }
  const valid = [[3, 200], [], [0], [1, 2, 255], [], [17]];

  it("decodes a well-formed hint", () => {
    const h = hintBitUnpack(encodeHint(valid));
    assert.ok(h);
    h.forEach((polynomial, i) =>
      assert.deepEqual(
        Array.from(polynomial.entries()).filter(([, c]) => c === 1).map(([j]) => j),
        valid[i],
      ),
    );
    assert.ok(hintBitUnpack(new Uint8Array(omega + k))?.every((p) => p.every((c) => c === 0)));
  });

  it("accepts exactly ω ones", () => {
    const full = [Array.from({ length: omega }, (_, j) => j), [], [], [], [], []];
    assert.ok(hintBitUnpack(encodeHint(full)));
  });

  it("rejects positions that are not strictly increasing", () => {
    assert.equal(hintBitUnpack(encodeHint([[200, 3], [], [0], [1, 2, 255], [], [17]])), undefined);
    assert.equal(hintBitUnpack(encodeHint([[3, 3], [], [], [], [], []])), undefined);
  });

  it("allows a position to restart in the next polynomial", () => {
    assert.ok(hintBitUnpack(encodeHint([[5, 9], [5], [], [], [], []])));
  });

  it("rejects decreasing counts and counts above ω", () => {
    const decreasing = encodeHint(valid);
    decreasing[omega + 1] = decreasing[omega] - 1;
    assert.equal(hintBitUnpack(decreasing), undefined);
    const tooMany = encodeHint(valid);
    tooMany[omega + k - 1] = omega + 1;
    assert.equal(hintBitUnpack(tooMany), undefined);
  });

  it("rejects ω + 1 ones even when the bytes read as increasing positions", () => {
    // Positions 0..54, then the first count byte (56) read as a 56th position: only the ω bound catches it.
    const y = new Uint8Array(omega + k);
    for (let j = 0; j < omega; j++) y[j] = j;
    y.fill(omega + 1, omega);
    assert.equal(hintBitUnpack(y), undefined);
  });

  it("rejects non-zero padding after the last position", () => {
    const padded = encodeHint(valid);
    padded[omega - 1] = 1;
    assert.equal(hintBitUnpack(padded), undefined);
  });
});

describe("encodeExpandedKey / decodeExpandedKey", () => {
  const polynomial = (text: string) => {
    const bytes = label(text, 4 * n);
    const view = new DataView(bytes.buffer);
    return Int32Array.from({ length: n }, (_, j) => view.getUint32(4 * j) % q);
  };
  const parts = {
    aHat: Array.from({ length: k }, (_, i) => Array.from({ length: l }, (_, j) => polynomial(`a ${i} ${j}`))),
    t1Hat: Array.from({ length: k }, (_, i) => polynomial(`t ${i}`)),
    tr: label("tr", 64),
  };

  it("lays out Â row-major, then t̂1, as big-endian uint32s, then tr", () => {
    const bytes = encodeExpandedKey(parts);
    assert.equal(bytes.length, expandedKeyLength);
    const view = new DataView(bytes.buffer);
    // Â[2][3] is polynomial 2 · 5 + 3; t̂1[4] is polynomial 30 + 4.
    assert.equal(view.getUint32((2 * l + 3) * 1024 + 7 * 4), parts.aHat[2][3][7]);
    assert.equal(view.getUint32((k * l + 4) * 1024 + 255 * 4), parts.t1Hat[4][255]);
    assert.equal(bytes[0], parts.aHat[0][0][0] >>> 24);
    assert.deepEqual(bytes.subarray(expandedKeyLength - 64), parts.tr);
    assert.deepEqual(decodeExpandedKey(bytes), parts);
  });

  it("rejects a wrong length and coefficients that are not reduced", () => {
    const bytes = encodeExpandedKey(parts);
    assert.throws(() => decodeExpandedKey(bytes.subarray(1)), InvalidExpandedKeyError);
    const unreduced = bytes.slice();
    new DataView(unreduced.buffer).setUint32(1024 * 31, q);
    assert.throws(() => decodeExpandedKey(unreduced), InvalidExpandedKeyError);
  });
});
