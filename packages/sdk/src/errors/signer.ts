import type { SchemeName } from "../signers/types.js";
import { PQ4337Error } from "./base.js";

/** A private key or seed handed to a signer is malformed. */
export class InvalidPrivateKeyError extends PQ4337Error {
  override name = "InvalidPrivateKeyError";
  constructor({ scheme, reason }: { scheme: SchemeName; reason: string }) {
    super(`Invalid ${scheme} private key: ${reason}.`);
  }
}

/** The message handed to a signer is not a 32-byte hash. */
export class InvalidHashError extends PQ4337Error {
  override name = "InvalidHashError";
  constructor({ length }: { length: number }) {
    super(`Expected a 32-byte hash to sign, got ${length} bytes.`);
  }
}

/** An ML-DSA context string is longer than the 255 bytes FIPS 204 allows. */
export class InvalidContextError extends PQ4337Error {
  override name = "InvalidContextError";
  constructor({ length }: { length: number }) {
    super(`Invalid context: at most 255 bytes, got ${length}.`);
  }
}
