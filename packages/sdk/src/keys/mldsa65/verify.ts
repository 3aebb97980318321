import type { Hex } from "viem";
import type { DecodeExpandedKeyErrorType } from "../mldsa/encoding.js";
import { verifyMldsaWithExpandedKey } from "../mldsa/verify.js";
import type { ToBytesErrorType } from "../toBytes.js";
import { mldsa65Parameters } from "./params.js";

/** The expanded key, the signed message, the signature and the optional FIPS 204 context string. */
export type VerifyWithExpandedKeyParameters = [
  expanded: Hex | Uint8Array,
  message: Hex | Uint8Array,
  signature: Hex | Uint8Array,
  context?: Hex | Uint8Array | undefined,
];

/** Whether the signature is a valid ML-DSA-65 signature of the message under the expanded key's public key. */
export type VerifyWithExpandedKeyReturnType = boolean;

export type VerifyWithExpandedKeyErrorType = ToBytesErrorType | DecodeExpandedKeyErrorType;

/**
 * FIPS 204 ML-DSA.Verify for ML-DSA-65 on the expanded key (Â, t̂1, tr) instead of pk: the family's reference verifier
 * `verifyMldsaWithExpandedKey` with ML-DSA-65's parameters. A signature that cannot be valid returns `false`; only a
 * malformed expanded key throws.
 *
 * @example
 * import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js"
 * const { publicKey, secretKey } = ml_dsa65.keygen(seed)
 * const signature = ml_dsa65.sign(message, secretKey)
 * verifyWithExpandedKey(expandPublicKey(publicKey).bytes, message, signature) // true
 */
export function verifyWithExpandedKey(
  ...[expanded, message, signature, context]: VerifyWithExpandedKeyParameters
): VerifyWithExpandedKeyReturnType {
  return verifyMldsaWithExpandedKey(mldsa65Parameters, expanded, message, signature, context);
}
