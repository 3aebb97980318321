import { type Hex, bytesToHex } from "viem";
import { InvalidExpandedKeyError } from "../../errors/keys.js";
import { type CodeChunk, type ToCodeChunksErrorType } from "../codeStore.js";
import type { DecodePublicKeyErrorType } from "../mldsa/encoding.js";
import { expandMldsaPublicKey } from "../mldsa/expandMldsaPublicKey.js";
import type { Polynomial } from "../mldsa/ntt.js";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import { expandedKeyLength, mldsa65Parameters, publicKeyLength } from "./params.js";

/** A FIPS 204 ML-DSA-65 public key `pk` (1,952 bytes). */
export type ExpandPublicKeyParameters = Hex | Uint8Array;

export type ExpandPublicKeyReturnType = {
  /** The public key it was expanded from. */
  publicKey: Hex;
  /** The data the on-chain verifier reads: the expanded key E = Â ‖ t̂1 ‖ tr (36,928 bytes), then pk. */
  bytes: Hex;
  /** Â = ExpandA(ρ), in T_q: `aHat[i][j]` for rows i < 6 and columns j < 5. */
  aHat: Polynomial[][];
  /** t̂1[i] = NTT(t1[i] · 2^d), i < 6. */
  t1Hat: Polynomial[];
  /** tr = H(pk, 64). */
  tr: Hex;
  /** commitment(E ‖ pk): what the ERC-7913 key commits to. */
  commitment: Hex;
  /** E cut into code-store chunks (two for ML-DSA-65), to deploy with `deployCodeChunks`. */
  chunks: CodeChunk[];
  /** The ERC-7913 key: commitment ‖ address(chunk 0) ‖ address(chunk 1), 72 bytes. */
  key: Hex;
};

export type ExpandPublicKeyErrorType = ToBytesErrorType | DecodePublicKeyErrorType | ToCodeChunksErrorType;

/**
 * Precomputes what ML-DSA-65 verification derives from the public key alone, so the on-chain verifier does
 * not run ExpandA (30 SHAKE128 rejection samplings) or transform t1 on every call: Â, t̂1 and tr, serialised
 * as the expanded key E (see {@link encodeExpandedKey}), stored in contract code after E with pk itself (which the
 * verifier passes to the chain's EIP-8355 precompile where there is one), and committed to by commitment(E ‖ pk) in
 * the ERC-7913 key.
 *
 * @example
 * import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js"
 * const { publicKey } = ml_dsa65.keygen(seed)
 * const expanded = expandPublicKey(publicKey)
 * await deployCodeChunks({ client, walletClient, data: expanded.bytes })
 * // expanded.key is the ERC-7913 key for the ML-DSA-65 verifier
 */
export function expandPublicKey(publicKey: ExpandPublicKeyParameters): ExpandPublicKeyReturnType {
  return expandMldsaPublicKey(mldsa65Parameters, publicKey);
}

/** A public key and the expanded key claimed to belong to it. */
export type VerifyExpandedKeyParameters = [publicKey: Hex | Uint8Array, expanded: Hex | Uint8Array];

/** Whether `expanded` is exactly the expansion of `publicKey`. */
export type VerifyExpandedKeyReturnType = boolean;

export type VerifyExpandedKeyErrorType = ToBytesErrorType | DecodePublicKeyErrorType | InvalidExpandedKeyError;

/**
 * Checks the data a verifier reads, E ‖ pk (e.g. read back from chain), against its public key by recomputing the
 * expansion and comparing byte for byte. A wrong length is an error, not `false`: it cannot be an expanded key at all.
 *
 * @example
 * const ok = verifyExpandedKey(signer.publicKey, await readExpandedKey(addresses))
 */
export function verifyExpandedKey(...[publicKey, expanded]: VerifyExpandedKeyParameters): VerifyExpandedKeyReturnType {
  const candidate = toBytes(expanded, "expanded");
  if (candidate.length !== expandedKeyLength + publicKeyLength)
    throw new InvalidExpandedKeyError({ reason: `expected ${expandedKeyLength} + ${publicKeyLength} bytes (E ‖ pk), got ${candidate.length}` });
  return expandPublicKey(publicKey).bytes === bytesToHex(candidate);
}
