import { InvalidPolynomialError } from "../../errors/keys.js";
import { n, q } from "./params.js";

/**
 * A polynomial of R_q (or, after {@link ntt}, of T_q): 256 coefficients. Values returned by this module are
 * reduced to [0, q).
 */
export type Polynomial = Int32Array;

/** 1753, the 512th root of unity mod q that FIPS 204 fixes. */
const zeta = 1753;
/** 256^−1 mod q, the scaling of FIPS 204 Algorithm 42's last step. */
const nInverse = 8_347_681;

/**
 * Reduces an integer to [0, q). Products of two values below q stay under 2^46, exact in a double, so the
 * whole NTT runs on plain numbers.
 */
export function modQ(value: number): number {
  const r = value % q;
  return r < 0 ? r + q : r;
}

function bitReverse8(value: number): number {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit++) reversed |= ((value >> bit) & 1) << (7 - bit);
  return reversed;
}

/**
 * zetas[m] = ζ^brv8(m) mod q (FIPS 204 Appendix B). Algorithm 41 consumes them in order m = 1..255 and
 * Algorithm 42 in reverse; zetas[0] = 1 is never used.
 */
export const zetas: readonly number[] = /* @__PURE__ */ (() => {
  const powers = [1];
  for (let i = 1; i < n; i++) powers.push(modQ(powers[i - 1] * zeta));
  return Object.freeze(powers.map((_, m) => powers[bitReverse8(m)]));
})();

export type NttErrorType = InvalidPolynomialError;

/**
 * FIPS 204 Algorithm 41: the number-theoretic transform R_q → T_q. Accepts any integer coefficients
 * (e.g. centred ones) and reduces them first; returns a new polynomial whose coefficients are in
 * bit-reversed evaluation order, the order ExpandA's output and the expanded key use.
 *
 * @example
 * const cHat = ntt(c)
 * const product = inverseNtt(multiplyNtt(cHat, ntt(s)))
 */
export function ntt(polynomial: ArrayLike<number>): Polynomial {
  const w = reduced(polynomial);
  let m = 0;
  for (let len = 128; len >= 1; len >>= 1) {
    for (let start = 0; start < n; start += 2 * len) {
      const z = zetas[++m];
      for (let j = start; j < start + len; j++) {
        const t = modQ(z * w[j + len]);
        w[j + len] = modQ(w[j] - t);
        w[j] = modQ(w[j] + t);
      }
    }
  }
  return w;
}

export type InverseNttErrorType = InvalidPolynomialError;

/**
 * FIPS 204 Algorithm 42: the inverse of {@link ntt}, T_q → R_q, with coefficients in [0, q).
 *
 * @example
 * const w = inverseNtt(multiplyNtt(aHat, ntt(y)))
 */
export function inverseNtt(polynomial: ArrayLike<number>): Polynomial {
  const w = reduced(polynomial);
  let m = n;
  for (let len = 1; len < n; len <<= 1) {
    for (let start = 0; start < n; start += 2 * len) {
      const z = q - zetas[--m];
      for (let j = start; j < start + len; j++) {
        const t = w[j];
        w[j] = modQ(t + w[j + len]);
        w[j + len] = modQ(z * modQ(t - w[j + len]));
      }
    }
  }
  for (let j = 0; j < n; j++) w[j] = modQ(w[j] * nInverse);
  return w;
}

export type MultiplyNttErrorType = InvalidPolynomialError;

/**
 * FIPS 204 Algorithm 45 (MultiplyNTT): coefficient-wise product in T_q, which is the product in R_q of the
 * polynomials the two inputs transform.
 *
 * @example
 * const ct1 = multiplyNtt(cHat, t1Hat[i])
 */
export function multiplyNtt(a: ArrayLike<number>, b: ArrayLike<number>): Polynomial {
  const x = reduced(a);
  const y = reduced(b);
  for (let j = 0; j < n; j++) x[j] = modQ(x[j] * y[j]);
  return x;
}

/** A fresh copy reduced to [0, q), after checking it is 256 safe integers. */
function reduced(polynomial: ArrayLike<number>): Polynomial {
  if (polynomial.length !== n)
    throw new InvalidPolynomialError({ reason: `expected ${n} coefficients, got ${polynomial.length}` });
  const w = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const coefficient = polynomial[j];
    if (!Number.isSafeInteger(coefficient))
      throw new InvalidPolynomialError({ reason: `coefficient ${j} (${coefficient}) is not a safe integer` });
    w[j] = modQ(coefficient);
  }
  return w;
}
