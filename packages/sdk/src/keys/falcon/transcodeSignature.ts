import type { Hex } from "viem";
import { InvalidFalconPolynomialError, InvalidFalconSignatureError } from "../../errors/falcon.js";
import {
  type FalconSignatureFormat,
  type FalconToBytesErrorType,
  decodeFalconSignature,
  encodeFalconSignature,
} from "./encoding.js";
import type { FalconDegree } from "./params.js";

export type TranscodeFalconSignatureParameters = {
  /** A detached Falcon signature in any of the three forms. */
  signature: Hex | Uint8Array;
  /** The degree the signature must be of. */
  n: FalconDegree;
  /** The form to rewrite it in. */
  format: FalconSignatureFormat;
};

/** The same signature (same nonce, same s2) in the requested form. */
export type TranscodeFalconSignatureReturnType = Uint8Array;

export type TranscodeFalconSignatureErrorType = FalconToBytesErrorType | InvalidFalconSignatureError;

/**
 * Rewrites a detached Falcon signature in another form: the nonce and s2 are kept, only their encoding changes,
 * so the result verifies exactly when the input does. PQClean and noble sign in the compressed and padded forms;
 * this turns their signatures into the CT form the on-chain verifiers decode most cheaply, and back.
 *
 * Throws when the input is not a canonical compressed, padded or CT signature of degree n, or when s2's compressed
 * encoding is too long for the target: any CT signature within the norm bound fits the compressed form (at most
 * 746 / 1,454 of its 752 / 1,462 bytes), but not always the padded one.
 *
 * @example
 * import { falcon512 } from "@noble/post-quantum/falcon.js"
 * const ct = transcodeFalconSignature({ signature: falcon512.sign(message, secretKey), n: 512, format: "ct" })
 * // ct.length === 809, ct[0] === 0x59
 */
export function transcodeFalconSignature({
  signature,
  n,
  format,
}: TranscodeFalconSignatureParameters): TranscodeFalconSignatureReturnType {
  const decoded = decodeFalconSignature(signature, n);
  if (decoded === undefined)
    throw new InvalidFalconSignatureError({ reason: `it is not a canonical compressed, padded or CT Falcon-${n} signature` });
  const { nonce, s2 } = decoded;
  try {
    return encodeFalconSignature({ n, nonce, s2, format });
  } catch (error) {
    // Decoding guarantees the nonce and the coefficients: encoding fails only when s2 compresses too long.
    if (!(error instanceof InvalidFalconPolynomialError)) throw error;
    throw new InvalidFalconSignatureError({ reason: error.reason });
  }
}
