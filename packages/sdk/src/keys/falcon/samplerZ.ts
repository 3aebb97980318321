/**
 * Falcon's integer Gaussian sampler (specification §3.9.3, Algorithms 12–15): SamplerZ(μ, σ') draws z ∈ Z from
 * a distribution negligibly far from the discrete Gaussian D_{Z,μ,σ'}, for σ' in [σ_min, σ_max]. It draws a
 * half-Gaussian of width σ_max from a table, symmetrises it, and corrects it to (μ, σ') by rejection, accepting
 * with probability ccs·exp(−x) computed in 63-bit fixed point.
 */

/** A source of uniform random bytes: `random(k)` returns the next k bytes of the stream. */
export type FalconRandomBytes = (length: number) => Uint8Array;

/** σ_max: every leaf σ' of a Falcon-512/1024 tree is at most this. */
export const sigmaMax = 1.8205;

/**
 * RCDT (Table 3.1): RCDT[i] = 2^72 · Pr[z0 > i] for the half-Gaussian of width σ_max that BaseSampler draws,
 * truncated to 72 bits (the test recomputes it from σ_max).
 */
export const reverseCumulativeTable: readonly bigint[] = [
  3024686241123004913666n,
  1564742784480091954050n,
  636254429462080897535n,
  199560484645026482916n,
  47667343854657281903n,
  8595902006365044063n,
  1163297957344668388n,
  117656387352093658n,
  8867391802663976n,
  496969357462633n,
  20680885154299n,
  638331848991n,
  14602316184n,
  247426747n,
  3104126n,
  28824n,
  198n,
  1n,
];

/**
 * ApproxExp's polynomial (Algorithm 13, from FACCT): with z = 2^63·x, y ← C[0], then y ← C[i] − z·y / 2^63 for
 * i = 1 … 12 gives y ≈ 2^63·exp(−x) for x ∈ [0, ln 2).
 */
const expCoefficients: readonly bigint[] = [
  0x00000004741183a3n,
  0x00000036548cfc06n,
  0x0000024fdcbf140an,
  0x0000171d939de045n,
  0x0000d00cf58f6f84n,
  0x000680681cf796e3n,
  0x002d82d8305b0fean,
  0x011111110e066fd0n,
  0x0555555555070f00n,
  0x155555555581ff00n,
  0x400000000002b400n,
  0x7fffffffffff4800n,
  0x8000000000000000n,
];

const two63 = 2 ** 63;

/** Algorithm 12, BaseSampler: z0 ∈ {0, …, 18}, the number of RCDT entries above a uniform 72-bit u. */
export function baseSampler(random: FalconRandomBytes): number {
  let u = 0n;
  for (const byte of random(9)) u = (u << 8n) | BigInt(byte);
  let z0 = 0;
  for (const threshold of reverseCumulativeTable) if (u < threshold) z0++;
  return z0;
}

/** Algorithm 13, ApproxExp: ⌊2^63·ccs·exp(−x)⌋ up to a few units, for x ∈ [0, ln 2) and ccs ∈ [0, 1]. */
export function approxExp(x: number, ccs: number): bigint {
  // 2^63·x is exact in binary64 (a power-of-two scaling), so the floor is too.
  const z = BigInt(Math.floor(x * two63));
  let y = expCoefficients[0];
  for (let i = 1; i < expCoefficients.length; i++) y = expCoefficients[i] - ((z * y) >> 63n);
  return (BigInt(Math.floor(ccs * two63)) * y) >> 63n;
}

/** Algorithm 14, BerExp: true with probability ≈ ccs·exp(−x), for x ≥ 0 and ccs ∈ [0, 1]. */
export function berExp(x: number, ccs: number, random: FalconRandomBytes): boolean {
  // x = s·ln 2 + r with r ∈ [0, ln 2); exp(−x) = 2^−s·exp(−r).
  let s = Math.floor(x / Math.LN2);
  const r = x - s * Math.LN2;
  s = Math.min(s, 63);
  // z ≈ 2^64·ccs·exp(−x); compare it with a uniform 64-bit value, byte by byte from the top, drawing bytes only
  // until they differ.
  const z = (2n * approxExp(r, ccs) - 1n) >> BigInt(s);
  for (let i = 56; i >= 0; i -= 8) {
    const w = random(1)[0] - Number((z >> BigInt(i)) & 0xffn);
    if (w !== 0 || i === 0) return w < 0;
  }
  return false;
}

/**
 * Algorithm 15, SamplerZ: an integer z drawn from D_{Z,μ,σ'}, for σ' ∈ [σ_min, σ_max]. `sigmaMin` is the
 * parameter set's σ_min; ccs = σ_min/σ' makes the acceptance rate, and so the running time, independent of σ'.
 *
 * @example
 * const z = samplerZ(12.3, 1.5, 1.2778336969128337, random) // most often 11, 12 or 13
 */
export function samplerZ(mu: number, sigmaPrime: number, sigmaMin: number, random: FalconRandomBytes): number {
  const floorMu = Math.floor(mu);
  const r = mu - floorMu;
  const ccs = sigmaMin / sigmaPrime;
  for (;;) {
    const z0 = baseSampler(random);
    const b = random(1)[0] & 1;
    const z = b + (2 * b - 1) * z0;
    // Rejection from the symmetrised half-Gaussian (width σ_max, centre 1/2) to D_{Z,r,σ'}.
    const x = (z - r) ** 2 / (2 * sigmaPrime ** 2) - z0 ** 2 / (2 * sigmaMax ** 2);
    if (berExp(x, ccs, random)) return z + floorMu;
  }
}
