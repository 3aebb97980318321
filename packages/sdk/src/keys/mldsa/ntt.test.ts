import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { InvalidPolynomialError } from "../../errors/keys.js";
import { inverseNtt, multiplyNtt, ntt, zetas } from "./ntt.js";
import { n, q } from "./params.js";

/** Reproducible pseudo-random coefficients in [0, q) (the slight modulo bias does not matter here). */
function randomPolynomial(label: string): number[] {
  const bytes = shake256(new TextEncoder().encode(label), { dkLen: 4 * n });
  const view = new DataView(bytes.buffer);
  return Array.from({ length: n }, (_, i) => view.getUint32(4 * i) % q);
}

const mod = (value: bigint) => Number(((value % BigInt(q)) + BigInt(q)) % BigInt(q));

/** Schoolbook product in Z_q[X]/(X^256 + 1), in BigInt so it shares no arithmetic with the code under test. */
function negacyclicProduct(a: readonly number[], b: readonly number[]): number[] {
  const c = new Array<bigint>(n).fill(0n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const product = BigInt(a[i]) * BigInt(b[j]);
      // X^256 = −1: terms that wrap around change sign.
      if (i + j < n) c[i + j] += product;
      else c[i + j - n] -= product;
    }
  return c.map(mod);
}

describe("zetas", () => {
  it("matches FIPS 204 Appendix B", () => {
    assert.deepEqual(
      zetas.slice(1, 10),
      [4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987, 7778734, 3542485],
    );
    assert.equal(zetas.length, 256);
  });

  it("are powers of a primitive 512th root of unity", () => {
    // zetas[128] = ζ^brv8(128) = ζ^1; ζ^256 ≡ −1 mod q makes ζ a primitive 512th root.
    assert.equal(zetas[128], 1753);
    let power = 1n;
    for (let i = 0; i < 256; i++) power = (power * 1753n) % BigInt(q);
    assert.equal(power, BigInt(q - 1));
  });
});

describe("ntt / inverseNtt", () => {
  it("inverseNtt ∘ ntt and ntt ∘ inverseNtt are the identity", () => {
    for (let t = 0; t < 20; t++) {
      const p = randomPolynomial(`identity ${t}`);
      assert.deepEqual(Array.from(inverseNtt(ntt(p))), p);
      assert.deepEqual(Array.from(ntt(inverseNtt(p))), p);
    }
  });

  it("reduces centred (negative) coefficients mod q", () => {
    const centred = randomPolynomial("centred").map((c) => c - (q - 1) / 2);
    assert.deepEqual(
      Array.from(inverseNtt(ntt(centred))),
      centred.map((c) => mod(BigInt(c))),
    );
  });

  it("turns negacyclic convolution into pointwise multiplication", () => {
    for (let t = 0; t < 4; t++) {
      const a = randomPolynomial(`convolution a ${t}`);
      const b = randomPolynomial(`convolution b ${t}`);
      const expected = negacyclicProduct(a, b);
      assert.deepEqual(Array.from(inverseNtt(multiplyNtt(ntt(a), ntt(b)))), expected);
      assert.deepEqual(Array.from(multiplyNtt(ntt(a), ntt(b))), Array.from(ntt(expected)));
    }
  });

  it("wraps X · X^255 to X^256 = −1", () => {
    const x = new Array(n).fill(0);
    x[1] = 1;
    const x255 = new Array(n).fill(0);
    x255[255] = 1;
    const minusOne = new Array(n).fill(0);
    minusOne[0] = q - 1;
    assert.deepEqual(Array.from(inverseNtt(multiplyNtt(ntt(x), ntt(x255)))), minusOne);
  });

  it("keeps every output coefficient in [0, q)", () => {
    const output = ntt(randomPolynomial("range").map((c) => -c));
    assert.ok(output.every((c) => c >= 0 && c < q));
  });

  it("rejects polynomials of the wrong size or with non-integer coefficients", () => {
    assert.throws(() => ntt(new Array(255).fill(0)), InvalidPolynomialError);
    assert.throws(() => inverseNtt(new Array(257).fill(0)), InvalidPolynomialError);
    const fractional = new Array(n).fill(0);
    fractional[7] = 0.5;
    assert.throws(() => ntt(fractional), InvalidPolynomialError);
    assert.throws(() => multiplyNtt(new Array(n).fill(0), [1]), InvalidPolynomialError);
  });
});
