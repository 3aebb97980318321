import { mldsaParameterSets } from "../mldsa/params.js";

/** ML-DSA-44's row of FIPS 204 Table 1 and the sizes that follow from it (see `../mldsa/params.js`). */
export const mldsa44Parameters = mldsaParameterSets["ML-DSA-44"];

export const {
  k,
  l,
  /** pk = ρ ‖ t1: 1,312 bytes. */
  publicKeyLength,
  /** σ = c̃ ‖ z ‖ h: 2,420 bytes. */
  signatureLength,
  /** sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0: 2,560 bytes. */
  secretKeyLength,
  /** Expanded key E = Â ‖ t̂1 ‖ tr: 20,544 bytes. */
  expandedKeyLength,
} = mldsa44Parameters;
export { seedLength } from "../mldsa/params.js";
