/** ML-DSA parameters (FIPS 204 Table 1 and Table 2): those every set shares, then one table row per set. */

/** The prime modulus 2^23 − 2^13 + 1. */
export const q = 8_380_417;
/** Coefficients per polynomial: ring R_q = Z_q[X]/(X^256 + 1). */
export const n = 256;
/** Bits dropped from t by Power2Round. */
export const d = 13;
/** tr = H(pk, 64). */
export const trLength = 64;
/** ρ, the seed of Â. */
export const rhoLength = 32;
/** FIPS 204 ML-DSA.KeyGen_internal's random seed ξ. */
export const seedLength = 32;
/** One t1 polynomial: 256 × 10 bits (bitlen(q − 1) − d = 10). */
export const t1PolynomialLength = (n * 10) / 8;
/** One polynomial of the expanded key: 256 big-endian uint32 coefficients. */
export const expandedPolynomialLength = n * 4;

export type MldsaParameterSetName = "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87";

/** One ML-DSA parameter set: its FIPS 204 Table 1 row and the sizes that follow from it. */
export type MldsaParameterSet = {
  scheme: MldsaParameterSetName;
  /** Rows of Â (length of t1, w, h). */
  k: number;
  /** Columns of Â (length of z). */
  l: number;
  /** Bound of the secret coefficients. */
  eta: number;
  /** Number of ±1 coefficients of the challenge c. */
  tau: number;
  /** Range of the mask y: z coefficients lie in (−γ1, γ1]. */
  gamma1: number;
  /** Low-order rounding range. */
  gamma2: number;
  /** Maximum number of 1s in the hint h. */
  omega: number;
  /** Collision strength λ; c̃ has λ/4 bytes. */
  lambda: number;
  /** τ·η: ‖z‖∞ must stay below γ1 − β. */
  beta: number;
  /** c̃: λ/4 bytes. */
  cTildeLength: number;
  /** Bits of one packed z coefficient: bitlen(γ1 − 1) + 1. */
  zBits: number;
  /** One z polynomial: 256 × zBits bits. */
  zPolynomialLength: number;
  /** Bits of one w1 coefficient: bitlen((q − 1)/(2γ2) − 1). */
  w1Bits: number;
  /** pk = ρ ‖ t1. */
  publicKeyLength: number;
  /** σ = c̃ ‖ z ‖ h. */
  signatureLength: number;
  /** sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0. */
  secretKeyLength: number;
  /** Expanded key E = Â ‖ t̂1 ‖ tr. */
  expandedKeyLength: number;
};

type TableRow = Pick<MldsaParameterSet, "scheme" | "k" | "l" | "eta" | "tau" | "gamma1" | "gamma2" | "omega" | "lambda">;

const bitLength = (value: number) => Math.floor(Math.log2(value)) + 1;

function parameterSet(row: TableRow): MldsaParameterSet {
  const { k, l, eta, tau, gamma1, gamma2, omega, lambda } = row;
  const cTildeLength = lambda / 4;
  const zBits = bitLength(gamma1 - 1) + 1;
  const zPolynomialLength = (n * zBits) / 8;
  const etaBits = bitLength(2 * eta);
  return Object.freeze({
    ...row,
    beta: tau * eta,
    cTildeLength,
    zBits,
    zPolynomialLength,
    w1Bits: bitLength((q - 1) / (2 * gamma2) - 1),
    publicKeyLength: rhoLength + k * t1PolynomialLength,
    signatureLength: cTildeLength + l * zPolynomialLength + omega + k,
    secretKeyLength: 32 + 32 + trLength + (l + k) * ((n * etaBits) / 8) + k * ((n * d) / 8),
    expandedKeyLength: (k * l + k) * expandedPolynomialLength + trLength,
  });
}

/**
 * FIPS 204 Table 1, one row per parameter set, with the derived sizes: ML-DSA-44 has pk 1,312, σ 2,420, sk 2,560 and
 * E 20,544 bytes; ML-DSA-65 1,952, 3,309, 4,032 and 36,928; ML-DSA-87 2,592, 4,627, 4,896 and 65,600.
 *
 * @example
 * const { k, l, signatureLength } = mldsaParameterSets["ML-DSA-87"]
 */
export const mldsaParameterSets: Readonly<Record<MldsaParameterSetName, MldsaParameterSet>> = /* @__PURE__ */ Object.freeze({
  "ML-DSA-44": parameterSet({ scheme: "ML-DSA-44", k: 4, l: 4, eta: 2, tau: 39, gamma1: 2 ** 17, gamma2: (q - 1) / 88, omega: 80, lambda: 128 }),
  "ML-DSA-65": parameterSet({ scheme: "ML-DSA-65", k: 6, l: 5, eta: 4, tau: 49, gamma1: 2 ** 19, gamma2: (q - 1) / 32, omega: 55, lambda: 192 }),
  "ML-DSA-87": parameterSet({ scheme: "ML-DSA-87", k: 8, l: 7, eta: 2, tau: 60, gamma1: 2 ** 19, gamma2: (q - 1) / 32, omega: 75, lambda: 256 }),
});
