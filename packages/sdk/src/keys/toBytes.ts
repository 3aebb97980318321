import { type Hex, hexToBytes, isHex } from "viem";
import { InvalidHexError } from "../errors/keys.js";

export type ToBytesErrorType = InvalidHexError;

/**
 * Normalises `Hex | Uint8Array` input to bytes. Unlike viem's `hexToBytes`, odd-length or non-hex strings
 * are an error rather than padded, so no key material is silently altered.
 *
 * @example
 * const publicKey = toBytes(signer.publicKey, "publicKey")
 */
export function toBytes(value: Hex | Uint8Array, name: string): Uint8Array {
  if (typeof value !== "string") return value;
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw new InvalidHexError({ name, value });
  return hexToBytes(value);
}
