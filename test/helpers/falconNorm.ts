// Helpers for Falcon tests that need signatures with a chosen norm or a chosen CT field. Free of Hardhat, so the
// SDK's unit tests (packages/sdk/src/keys/falcon/verify.test.ts) and the on-chain tests share them.
import { concatBytes } from "viem";
import {
  type FalconDegree,
  decodeFalconSignature,
  encodeFalconSignature,
  falconHashToPoint as hashToPoint,
  falconInverseNtt,
  falconMultiplyNtt,
  falconNtt,
  falconQ as q,
} from "../../packages/sdk/src/keys/falcon/index.js";

/** f and g from a round-3 Falcon secret key `0x50 + logn ‖ f ‖ g ‖ F` (f, g: two's complement, MSB first). */
export function decodeFG(secretKey: Uint8Array, n: FalconDegree): { f: number[]; g: number[] } {
  const bits = n === 512 ? 6 : 5;
  let position = 8;
  const read = () => {
    let value = 0;
    for (let b = 0; b < bits; b++, position++) value = (value << 1) | ((secretKey[position >> 3] >> (7 - (position & 7))) & 1);
    return value >= 1 << (bits - 1) ? value - (1 << bits) : value;
  };
  const f = Array.from({ length: n }, read);
  const g = Array.from({ length: n }, read);
  return { f, g };
}

const centre = (x: number) => {
  const r = ((x % q) + q) % q;
  return r > (q - 1) / 2 ? r - q : r;
};

/**
 * From a valid signature, two others of the same message and key whose norms straddle `bound`: adding lattice
 * vectors x^k·(−g, f) to (s1, s2) keeps s1 + s2·h = c mod q, so climbing with them reaches any norm. Returns the
 * compressed signatures with the largest norm ≤ bound and the smallest norm > bound found, and those norms.
 */
export function straddleNormBound(parameters: {
  n: FalconDegree;
  signature: Uint8Array;
  message: Uint8Array;
  secretKey: Uint8Array;
  hHat: ArrayLike<number>;
  bound: number;
}) {
  const { n, signature, message, secretKey, hHat, bound } = parameters;
  const { f, g } = decodeFG(secretKey, n);
  const decoded = decodeFalconSignature(signature, n)!;
  const c = hashToPoint(concatBytes([decoded.nonce, message]), n);
  const s2 = Array.from(decoded.s2);
  const s2h = falconInverseNtt(falconMultiplyNtt(falconNtt(s2), hHat));
  const s1 = Array.from({ length: n }, (_, i) => centre(c[i] - s2h[i]));
  // x^k·p mod X^n + 1: a negacyclic shift.
  const shifted = (p: number[], k: number, sign: number) =>
    Array.from({ length: n }, (_, i) => sign * (i >= k ? p[i - k] : -p[i - k + n]));
  const normOf = (a: number[], b: number[]) => a.reduce((sum, x) => sum + x * x, 0) + b.reduce((sum, x) => sum + x * x, 0);
  for (;;) {
    let best: { a: number[]; b: number[]; norm: number } | undefined;
    let below: { a: number[]; b: number[]; norm: number } | undefined;
    let above: { a: number[]; b: number[]; norm: number } | undefined;
    for (let k = 0; k < n; k++)
      for (const sign of [1, -1]) {
        const gk = shifted(g, k, sign);
        const fk = shifted(f, k, sign);
        const a = s1.map((x, i) => x - gk[i]);
        const b = s2.map((x, i) => x + fk[i]);
        if (b.some((x) => Math.abs(x) > 2047) || a.some((x) => Math.abs(x) > (q - 1) / 2)) continue;
        const norm = normOf(a, b);
        if (norm <= bound && (below === undefined || norm > below.norm)) below = { a, b, norm };
        if (norm > bound && (above === undefined || norm < above.norm)) above = { a, b, norm };
        if (best === undefined || norm > best.norm) best = { a, b, norm };
      }
    if (above !== undefined && below !== undefined)
      return {
        below: encodeFalconSignature({ n, nonce: decoded.nonce, s2: below.b }),
        belowNorm: below.norm,
        above: encodeFalconSignature({ n, nonce: decoded.nonce, s2: above.b }),
        aboveNorm: above.norm,
      };
    s1.splice(0, n, ...best!.a);
    s2.splice(0, n, ...best!.b);
  }
}

/** Writes the 12-bit `field` as coefficient `index` of a CT signature (fields start after header and nonce). */
export function setCtField(signature: Uint8Array, index: number, field: number): void {
  const first = 41 * 8 + 12 * index;
  for (let b = 0; b < 12; b++) {
    const position = first + b;
    const mask = 0x80 >> (position & 7);
    if ((field >> (11 - b)) & 1) signature[position >> 3] |= mask;
    else signature[position >> 3] &= ~mask;
  }
}
