/**
 * FIPS 204 Table 1, ML-DSA-44, and the sizes that follow from it. q, n and d are shared with ML-DSA-65
 * (`../mldsa65/params.js`).
 */
export const k = 4;
export const l = 4;
export const gamma1 = 2 ** 17;
export const tau = 39;
export const eta = 2;
export const beta = tau * eta;
export const omega = 80;
export const lambda = 128;

export const cTildeLength = lambda / 4;
export const trLength = 64;
export const rhoLength = 32;
export const t1PolynomialLength = (256 * 10) / 8;
export const zPolynomialLength = (256 * 18) / 8;
export const publicKeyLength = rhoLength + k * t1PolynomialLength;
export const signatureLength = cTildeLength + l * zPolynomialLength + omega + k;
export const seedLength = 32;
export const secretKeyLength = 32 + 32 + trLength + (l + k) * ((256 * 3) / 8) + k * ((256 * 13) / 8);

export const expandedPolynomialLength = 256 * 4;
/** Â (k × l) and t̂1 (k) as big-endian uint32 coefficients, then tr: 20,544 bytes, one code chunk. */
export const expandedKeyLength = (k * l + k) * expandedPolynomialLength + trLength;
