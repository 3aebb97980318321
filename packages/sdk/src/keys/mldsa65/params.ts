/** ML-DSA-65 parameters (FIPS 204 Table 1 and Table 2) and the byte lengths derived from them. */

/** The prime modulus 2^23 − 2^13 + 1. */
export const q = 8_380_417;
/** Coefficients per polynomial: ring R_q = Z_q[X]/(X^256 + 1). */
export const n = 256;
/** Rows of Â (length of t1, w, h). */
export const k = 6;
/** Columns of Â (length of z). */
export const l = 5;
/** Bits dropped from t by Power2Round. */
export const d = 13;
/** Range of the mask y: z coefficients lie in (−γ1, γ1]. */
export const gamma1 = 2 ** 19;
/** Low-order rounding range (q − 1)/32. */
export const gamma2 = (q - 1) / 32;
/** Number of ±1 coefficients of the challenge c. */
export const tau = 49;
/** Bound of the secret coefficients. */
export const eta = 4;
/** τ·η: ‖z‖∞ must stay below γ1 − β. */
export const beta = tau * eta;
/** Maximum number of 1s in the hint h. */
export const omega = 55;
/** Collision strength λ; c̃ has λ/4 bytes. */
export const lambda = 192;

/** c̃: λ/4 bytes. */
export const cTildeLength = lambda / 4;
/** tr = H(pk, 64). */
export const trLength = 64;
/** ρ, the seed of Â. */
export const rhoLength = 32;
/** One t1 polynomial: 256 × 10 bits (bitlen(q − 1) − d = 10). */
export const t1PolynomialLength = (n * 10) / 8;
/** One z polynomial: 256 × 20 bits (bitlen(γ1 − 1) + 1 = 20). */
export const zPolynomialLength = (n * 20) / 8;
/** pk = ρ ‖ t1: 1,952 bytes. */
export const publicKeyLength = rhoLength + k * t1PolynomialLength;
/** σ = c̃ ‖ z ‖ h: 3,309 bytes. */
export const signatureLength = cTildeLength + l * zPolynomialLength + omega + k;
/** FIPS 204 ML-DSA.KeyGen_internal's random seed ξ. */
export const seedLength = 32;
/** sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0: 4,032 bytes. */
export const secretKeyLength = 32 + 32 + trLength + (l + k) * ((n * 4) / 8) + k * ((n * d) / 8);

/** One polynomial of the expanded key: 256 big-endian uint32 coefficients. */
export const expandedPolynomialLength = n * 4;
/** Expanded key E = Â ‖ t̂1 ‖ tr: 36,928 bytes. */
export const expandedKeyLength = (k * l + k) * expandedPolynomialLength + trLength;
