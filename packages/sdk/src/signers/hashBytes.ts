import type { Hex } from "viem";
import { InvalidHashError } from "../errors/signer.js";
import { type ToBytesErrorType, toBytes } from "../keys/toBytes.js";

export type HashBytesErrorType = ToBytesErrorType | InvalidHashError;

/**
 * The bytes of the 32-byte hash a signer signs (ERC-7913's `hash`); anything else is an error, not truncated.
 *
 * @example
 * const message = hashBytes(hash) // 32 bytes
 */
export function hashBytes(hash: Hex): Uint8Array {
  const bytes = toBytes(hash, "hash");
  if (bytes.length !== 32) throw new InvalidHashError({ length: bytes.length });
  return bytes;
}
