import { type Hex, bytesToHex } from "viem";
import { InvalidExpandedKeyError, type InvalidPublicKeyLengthError } from "../../errors/keys.js";
import type { ToCodeChunksErrorType } from "../codeStore.js";
import { type ExpandedMldsaPublicKey, expandMldsaPublicKey } from "../mldsa/expandMldsaPublicKey.js";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import { expandedKeyLength, mldsa44Parameters, publicKeyLength } from "./params.js";

/** A FIPS 204 ML-DSA-44 public key `pk` (1,312 bytes). */
export type ExpandMldsa44PublicKeyParameters = Hex | Uint8Array;

/** E = Â ‖ t̂1 ‖ tr (20,544 bytes, one code chunk) and the 52-byte ERC-7913 key `MLDSA44Verifier` takes. */
export type ExpandMldsa44PublicKeyReturnType = ExpandedMldsaPublicKey;

export type ExpandMldsa44PublicKeyErrorType = ToBytesErrorType | InvalidPublicKeyLengthError | ToCodeChunksErrorType;

/**
 * Expands an ML-DSA-44 public key pk = ρ ‖ t1 into the data the on-chain verifier reads, as `expandPublicKey` does
 * for ML-DSA-65: Â = ExpandA(ρ) (4 × 4), t̂1 = NTT(t1 · 2^13), tr = H(pk, 64).
 *
 * @example
 * const { key, chunks } = expandMldsa44PublicKey(ml_dsa44.keygen().publicKey)
 */
export function expandMldsa44PublicKey(publicKey: ExpandMldsa44PublicKeyParameters): ExpandMldsa44PublicKeyReturnType {
  return expandMldsaPublicKey(mldsa44Parameters, publicKey);
}

/** Whether `expanded`, the data a verifier reads (E ‖ pk), is exactly the expansion of `publicKey`. */
export function verifyMldsa44ExpandedKey(publicKey: Hex | Uint8Array, expanded: Hex | Uint8Array): boolean {
  const candidate = toBytes(expanded, "expanded");
  if (candidate.length !== expandedKeyLength + publicKeyLength)
    throw new InvalidExpandedKeyError({ reason: `expected ${expandedKeyLength} + ${publicKeyLength} bytes (E ‖ pk), got ${candidate.length}` });
  return expandMldsa44PublicKey(publicKey).bytes === bytesToHex(candidate);
}
