import { type Hex, decodeAbiParameters } from "viem";
import type { EncodeMultiSignatureParameters } from "./encodeMultiSignature.js";

export type DecodeMultiSignatureReturnType = EncodeMultiSignatureParameters;

/**
 * Splits a {@link PQAccount} signature, `abi.encode(bytes[] signers, bytes[] signatures)`, into its signers and
 * their signatures, e.g. to verify one of them alone or to read what a bundler received.
 *
 * @example
 * const [{ signer, signature }] = decodeMultiSignature(userOperation.signature)
 */
export function decodeMultiSignature(signature: Hex): DecodeMultiSignatureReturnType {
  const [signers, signatures] = decodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }], signature);
  return signers.map((signer, i) => ({ signer, signature: signatures[i] ?? "0x" }));
}
