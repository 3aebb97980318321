import { PQ4337Error } from "./base.js";

/** A file handed to `decryptKeyFile` or `parseKeyFile` is not a key file of a known format, or is malformed. */
export class InvalidKeyFileError extends PQ4337Error {
  override name = "InvalidKeyFileError";
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`Not a valid key file: ${reason}.`, { cause });
  }
}

/** Decryption failed its authentication: the passphrase is wrong, or the file was altered. */
export class KeyFileDecryptionError extends PQ4337Error {
  override name = "KeyFileDecryptionError";
  constructor() {
    super("Could not decrypt the key file: wrong passphrase, or the file was altered.");
  }
}
