import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stringToBytes } from "viem";
import { falconSeededRandom } from "./keccak.js";
import { approxExp, baseSampler, berExp, reverseCumulativeTable, samplerZ, sigmaMax } from "./samplerZ.js";

const random = (label: string) => falconSeededRandom(stringToBytes(`samplerZ.test ${label}`));

/** Pearson's χ² of observed counts against expected probabilities, bins with fewer than 5 expected merged into the tails. */
function chiSquare(counts: Map<number, number>, probability: (z: number) => number, samples: number, range: [number, number]): { statistic: number; bins: number } {
  let statistic = 0;
  let bins = 0;
  let tailObserved = 0;
  let tailExpected = 0;
  for (let z = range[0]; z <= range[1]; z++) {
    const expected = probability(z) * samples;
    const observed = counts.get(z) ?? 0;
    if (expected < 5) {
      tailObserved += observed;
      tailExpected += expected;
      continue;
    }
    statistic += (observed - expected) ** 2 / expected;
    bins++;
  }
  const outside = samples - [...counts].filter(([z]) => z >= range[0] && z <= range[1]).reduce((sum, [, c]) => sum + c, 0);
  tailObserved += outside;
  tailExpected = Math.max(tailExpected, 1e-9);
  statistic += (tailObserved - tailExpected) ** 2 / Math.max(tailExpected, 5);
  return { statistic, bins: bins + 1 };
}

/** The χ² value with `df` degrees of freedom exceeded with probability about 10⁻⁶ (Wilson–Hilferty, z = 4.753). */
const criticalChiSquare = (df: number) => df * (1 - 2 / (9 * df) + 4.753 * Math.sqrt(2 / (9 * df))) ** 3;

describe("Falcon's SamplerZ", () => {
  it("RCDT is 2^72 · Pr[z0 > i] for the half-Gaussian of width σ_max, recomputed here", () => {
    // BaseSampler's distribution: Pr[z0 = i] ∝ exp(−i²/(2σ_max²)) for i ≥ 0 (specification eq. 3.33).
    const weights = Array.from({ length: 40 }, (_, i) => Math.exp(-(i * i) / (2 * sigmaMax ** 2)));
    const total = weights.reduce((a, b) => a + b);
    for (let i = 0; i < reverseCumulativeTable.length; i++) {
      const tail = weights.slice(i + 1).reduce((a, b) => a + b) / total;
      const table = Number(reverseCumulativeTable[i]) / 2 ** 72;
      // Doubles carry 53 bits; the smallest entries are a few units of 2^-72, where truncation dominates.
      assert.ok(Math.abs(table - tail) <= tail * 1e-9 + 2 ** -71, `RCDT[${i}]: ${table} vs ${tail}`);
    }
  });

  it("ApproxExp is 2^63 · ccs · exp(−x) to within 2^-45 relative, over [0, ln 2) × (0, 1]", () => {
    for (let i = 0; i <= 200; i++) {
      const x = (i / 201) * Math.LN2;
      for (const ccs of [1, 0.75, 0.702]) {
        const value = Number(approxExp(x, ccs)) / 2 ** 63;
        const exact = ccs * Math.exp(-x);
        assert.ok(Math.abs(value - exact) <= exact * 2 ** -45, `x = ${x}, ccs = ${ccs}: ${value} vs ${exact}`);
      }
    }
  });

  it("BerExp accepts with probability ccs · exp(−x)", () => {
    const draw = random("berExp");
    for (const [x, ccs] of [
      [0.1, 1],
      [1.5, 0.8],
      [4, 0.9],
    ]) {
      const trials = 20_000;
      let accepted = 0;
      for (let t = 0; t < trials; t++) if (berExp(x, ccs, draw)) accepted++;
      const p = ccs * Math.exp(-x);
      // Five standard deviations of a binomial proportion.
      assert.ok(Math.abs(accepted / trials - p) <= 5 * Math.sqrt((p * (1 - p)) / trials), `x = ${x}, ccs = ${ccs}: ${accepted / trials} vs ${p}`);
    }
  });

  it("BaseSampler draws from the half-Gaussian (χ² test)", () => {
    const draw = random("base");
    const samples = 30_000;
    const counts = new Map<number, number>();
    for (let s = 0; s < samples; s++) {
      const z = baseSampler(draw);
      counts.set(z, (counts.get(z) ?? 0) + 1);
    }
    const weights = Array.from({ length: 19 }, (_, i) => Math.exp(-(i * i) / (2 * sigmaMax ** 2)));
    const total = weights.reduce((a, b) => a + b);
    const { statistic, bins } = chiSquare(counts, (z) => weights[z] / total, samples, [0, 18]);
    assert.ok(statistic < criticalChiSquare(bins - 1), `χ² = ${statistic} over ${bins} bins`);
  });

  it("SamplerZ(μ, σ') draws from the discrete Gaussian D_{Z,μ,σ'} (χ² test), for centres and widths Falcon's tree uses", () => {
    const sigmaMin = 1.2778336969128337;
    for (const [mu, sigmaPrime] of [
      [0.3, 1.5],
      [-7.8, sigmaMin],
      [1234.5, sigmaMax],
      [-0.999, 1.65],
    ]) {
      const draw = random(`samplerZ ${mu} ${sigmaPrime}`);
      const samples = 20_000;
      const counts = new Map<number, number>();
      for (let s = 0; s < samples; s++) {
        const z = samplerZ(mu, sigmaPrime, sigmaMin, draw);
        counts.set(z, (counts.get(z) ?? 0) + 1);
      }
      const centre = Math.floor(mu);
      const range: [number, number] = [centre - 15, centre + 15];
      const density = (z: number) => Math.exp(-((z - mu) ** 2) / (2 * sigmaPrime ** 2));
      let total = 0;
      for (let z = range[0]; z <= range[1]; z++) total += density(z);
      const { statistic, bins } = chiSquare(counts, (z) => density(z) / total, samples, range);
      assert.ok(statistic < criticalChiSquare(bins - 1), `μ = ${mu}, σ' = ${sigmaPrime}: χ² = ${statistic} over ${bins} bins`);
      // And a sampler of the wrong width fails the same test: the test can tell.
      const wrong = (z: number) => Math.exp(-((z - mu) ** 2) / (2 * (sigmaPrime * 1.15) ** 2));
      let wrongTotal = 0;
      for (let z = range[0]; z <= range[1]; z++) wrongTotal += wrong(z);
      assert.ok(chiSquare(counts, (z) => wrong(z) / wrongTotal, samples, range).statistic > 4 * criticalChiSquare(bins - 1));
    }
  });
});
