import { mldsaParameterSets } from "../mldsa/params.js";

/** ML-DSA-87's row of FIPS 204 Table 1 and the sizes that follow from it (see `../mldsa/params.js`). */
export const mldsa87Parameters = mldsaParameterSets["ML-DSA-87"];

export const {
  k,
  l,
  /** pk = ρ ‖ t1: 2,592 bytes. */
  publicKeyLength,
  /** σ = c̃ ‖ z ‖ h: 4,627 bytes. */
  signatureLength,
  /** sk = ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0: 4,896 bytes. */
  secretKeyLength,
  /** Expanded key E = Â ‖ t̂1 ‖ tr: 65,600 bytes. */
  expandedKeyLength,
} = mldsa87Parameters;
export { seedLength } from "../mldsa/params.js";
