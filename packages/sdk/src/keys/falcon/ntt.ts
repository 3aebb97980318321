import { InvalidFalconPolynomialError } from "../../errors/falcon.js";
import { type FalconDegree, q } from "./params.js";

/** Coefficients of a polynomial in Z_q[X]/(X^n + 1) (or its NTT), each in [0, q) unless stated otherwise. */
export type FalconPolynomial = Int32Array;

/** x mod q in [0, q), for any integer x within ±2^53. */
export const modQ = (x: number): number => ((x % q) + q) % q;

const mulQ = (a: number, b: number): number => modQ(a * b);

/** base^exponent mod q (q − 2 as the exponent inverts a nonzero base). */
export function powerModQ(base: number, exponent: number): number {
  let result = 1;
  for (let b = modQ(base), e = exponent; e > 0; e >>= 1, b = mulQ(b, b)) if (e & 1) result = mulQ(result, b);
  return result;
}

function bitReverse(value: number, bits: number): number {
  let result = 0;
  for (let i = 0; i < bits; i++) result |= ((value >> i) & 1) << (bits - 1 - i);
  return result;
}

/**
 * The 1,024 twiddle factors ζ[k] = 7^brv10(k) mod q. 7 is a primitive 2048th root of unity modulo q, and
 * brv10(k) = 2·brv9(k) for k < 512, so the first 512 entries are the Falcon-512 twiddles 49^brv9(k): one table
 * serves both degrees (the on-chain verifiers embed the same one).
 *
 * @example
 * falconZetas[1] // 10810 = 7^512, a square root of −1 modulo q
 */
export const falconZetas: readonly number[] = Array.from({ length: 1024 }, (_, k) => powerModQ(7, bitReverse(k, 10)));

export type FalconNttErrorType = InvalidFalconPolynomialError;

function checkPolynomial(a: ArrayLike<number>): FalconDegree {
  if (a.length !== 512 && a.length !== 1024)
    throw new InvalidFalconPolynomialError({ reason: `expected 512 or 1024 coefficients, got ${a.length}` });
  return a.length;
}

/** Cooley–Tukey layers len = n/2 … `lastLen` (twiddles ζ[1], ζ[2], …) on a copy of `a`, reduced into [0, q). */
function forwardLayers(a: ArrayLike<number>, lastLen: number): FalconPolynomial {
  const n = a.length;
  const out = Int32Array.from(a, modQ);
  let k = 0;
  for (let len = n / 2; len >= lastLen; len >>= 1)
    for (let start = 0; start < n; start += 2 * len) {
      const zeta = falconZetas[++k];
      for (let j = start; j < start + len; j++) {
        const t = mulQ(zeta, out[j + len]);
        out[j + len] = modQ(out[j] - t);
        out[j] = modQ(out[j] + t);
      }
    }
  return out;
}

/**
 * The negacyclic number-theoretic transform over Z_q[X]/(X^n + 1), n = 512 or 1024: Cooley–Tukey butterflies
 * a[j], a[j + len] ← a[j] ± ζ[k]·a[j + len] for len = n/2 … 1, with k counting blocks from 1. Input in natural
 * order, output in bit-reversed order: out[i] = a(ψ^(2·brv(i) + 1)) with ψ = 49 (n = 512) or 7 (n = 1024).
 *
 * @example
 * const hHat = falconNtt(h) // h from decodeFalconPublicKey
 */
export function falconNtt(a: ArrayLike<number>): FalconPolynomial {
  checkPolynomial(a);
  return forwardLayers(a, 1);
}

/**
 * The first log2(n) − 3 layers of {@link falconNtt}, the transform the on-chain verifiers compute: block w
 * (coefficients 8w … 8w + 7) of the result is a mod (X^8 − ζ[n/8 + w]²), a polynomial of degree below 8. The
 * verifiers multiply these residues whole instead of running the last three layers.
 *
 * @example
 * const residues = falconPartialNtt(h)
 */
export function falconPartialNtt(a: ArrayLike<number>): FalconPolynomial {
  checkPolynomial(a);
  return forwardLayers(a, 8);
}

/** ζ[n/8 + w]²: the residue of block w of {@link falconPartialNtt} is taken mod X^8 − this. */
export function falconPartialNttModulus(n: FalconDegree, w: number): number {
  return mulQ(falconZetas[n / 8 + w], falconZetas[n / 8 + w]);
}

/**
 * Runs the last three layers of {@link falconNtt} on the output of {@link falconPartialNtt}, giving {@link falconNtt}'s output.
 *
 * @example
 * falconCompleteNtt(falconPartialNtt(h)) // equals falconNtt(h)
 */
export function falconCompleteNtt(residues: ArrayLike<number>): FalconPolynomial {
  const n = checkPolynomial(residues);
  const out = Int32Array.from(residues, modQ);
  for (let len = 4, first = n / 8; len >= 1; len >>= 1, first <<= 1)
    for (let start = 0, k = first; start < n; start += 2 * len, k++) {
      const zeta = falconZetas[k];
      for (let j = start; j < start + len; j++) {
        const t = mulQ(zeta, out[j + len]);
        out[j + len] = modQ(out[j] - t);
        out[j] = modQ(out[j] + t);
      }
    }
  return out;
}

export type FalconInverseNttErrorType = InvalidFalconPolynomialError;

/**
 * The inverse of {@link falconNtt}: Gentleman–Sande butterflies a[j], a[j + len] ← a[j] + a[j + len],
 * −ζ[k]·(a[j] − a[j + len]) for len = 1 … n/2, k counting down from n, then a scaling by n⁻¹.
 *
 * @example
 * const product = falconInverseNtt(falconMultiplyNtt(falconNtt(a), falconNtt(b))) // a·b mod (q, X^n + 1)
 */
export function falconInverseNtt(a: ArrayLike<number>): FalconPolynomial {
  const n = checkPolynomial(a);
  const out = Int32Array.from(a, modQ);
  let k = n;
  for (let len = 1; len < n; len <<= 1)
    for (let start = 0; start < n; start += 2 * len) {
      const zeta = q - falconZetas[--k];
      for (let j = start; j < start + len; j++) {
        const t = out[j];
        out[j] = modQ(t + out[j + len]);
        out[j + len] = mulQ(zeta, t - out[j + len]);
      }
    }
  const nInverse = powerModQ(n, q - 2);
  return out.map((coefficient) => mulQ(coefficient, nInverse));
}

export type FalconMultiplyNttErrorType = InvalidFalconPolynomialError;

/**
 * The coefficient-wise product of two NTT-domain polynomials: the NTT of their product in Z_q[X]/(X^n + 1).
 *
 * @example
 * const s2h = falconInverseNtt(falconMultiplyNtt(falconNtt(s2), hHat))
 */
export function falconMultiplyNtt(a: ArrayLike<number>, b: ArrayLike<number>): FalconPolynomial {
  const n = checkPolynomial(a);
  if (b.length !== n) throw new InvalidFalconPolynomialError({ reason: `cannot multiply degrees ${n} and ${b.length}` });
  return Int32Array.from(a, (coefficient, i) => mulQ(coefficient, b[i]));
}

/**
 * 2^16 · (n/8)⁻¹ mod q: the factor the expanded key carries (see `expandFalconPublicKey`), undoing the
 * verifier's Montgomery division by 2^16 and its unscaled partial inverse transform's factor n/8.
 */
export function expandedKeyFactor(n: FalconDegree): number {
  return mulQ(powerModQ(n / 8, q - 2), 1 << 16);
}

/** The inverse of {@link expandedKeyFactor}. */
export function expandedKeyFactorInverse(n: FalconDegree): number {
  return powerModQ(expandedKeyFactor(n), q - 2);
}
