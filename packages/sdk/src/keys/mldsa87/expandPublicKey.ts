import { type Hex, bytesToHex } from "viem";
import { InvalidExpandedKeyError, type InvalidPublicKeyLengthError } from "../../errors/keys.js";
import type { ToCodeChunksErrorType } from "../codeStore.js";
import { type ExpandedMldsaPublicKey, expandMldsaPublicKey } from "../mldsa/expandMldsaPublicKey.js";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import { expandedKeyLength, mldsa87Parameters, publicKeyLength } from "./params.js";

/** A FIPS 204 ML-DSA-87 public key `pk` (2,592 bytes). */
export type ExpandMldsa87PublicKeyParameters = Hex | Uint8Array;

/** E = Â ‖ t̂1 ‖ tr (65,600 bytes, three code chunks) and the 92-byte ERC-7913 key `MLDSA87Verifier` takes. */
export type ExpandMldsa87PublicKeyReturnType = ExpandedMldsaPublicKey;

export type ExpandMldsa87PublicKeyErrorType = ToBytesErrorType | InvalidPublicKeyLengthError | ToCodeChunksErrorType;

/**
 * Expands an ML-DSA-87 public key pk = ρ ‖ t1 into the data the on-chain verifier reads, as `expandPublicKey` does
 * for ML-DSA-65: Â = ExpandA(ρ) (8 × 7), t̂1 = NTT(t1 · 2^13), tr = H(pk, 64).
 *
 * @example
 * const { key, chunks } = expandMldsa87PublicKey(ml_dsa87.keygen().publicKey)
 */
export function expandMldsa87PublicKey(publicKey: ExpandMldsa87PublicKeyParameters): ExpandMldsa87PublicKeyReturnType {
  return expandMldsaPublicKey(mldsa87Parameters, publicKey);
}

/** Whether `expanded`, the data a verifier reads (E ‖ pk), is exactly the expansion of `publicKey`. */
export function verifyMldsa87ExpandedKey(publicKey: Hex | Uint8Array, expanded: Hex | Uint8Array): boolean {
  const candidate = toBytes(expanded, "expanded");
  if (candidate.length !== expandedKeyLength + publicKeyLength)
    throw new InvalidExpandedKeyError({ reason: `expected ${expandedKeyLength} + ${publicKeyLength} bytes (E ‖ pk), got ${candidate.length}` });
  return expandMldsa87PublicKey(publicKey).bytes === bytesToHex(candidate);
}
