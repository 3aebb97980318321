import { mldsaParameterSets } from "../mldsa/params.js";

/** ML-DSA-65's row of FIPS 204 Table 1 and the sizes that follow from it (see `../mldsa/params.js`). */
export const mldsa65Parameters = mldsaParameterSets["ML-DSA-65"];

export const {
  k,
  l,
  /** pk = ρ ‖ t1: 1,952 bytes. */
  publicKeyLength,
  /** σ = c̃ ‖ z ‖ h: 3,309 bytes. */
  signatureLength,
  /** sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0: 4,032 bytes. */
  secretKeyLength,
  /** Expanded key E = Â ‖ t̂1 ‖ tr: 36,928 bytes. */
  expandedKeyLength,
} = mldsa65Parameters;
export { seedLength } from "../mldsa/params.js";
