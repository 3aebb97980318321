import type { Address, Hex } from "viem";
import { PQ4337Error } from "./base.js";

/** The Safe answers a `VERSION()` the SDK does not support (or none: not a Safe). */
export class UnsupportedSafeVersionError extends PQ4337Error {
  override name = "UnsupportedSafeVersionError";
  readonly safe: Address;
  readonly version: string | undefined;
  constructor({ safe, version, supported, cause }: { safe: Address; version: string | undefined; supported: readonly string[]; cause?: unknown }) {
    super(
      version === undefined
        ? `${safe} is not a Safe: it does not answer VERSION(). Supported Safe versions: ${supported.join(", ")}.`
        : `The Safe at ${safe} is version ${version}; the SDK supports ${supported.join(", ")}.`,
      { cause },
    );
    this.safe = safe;
    this.version = version;
  }
}

/** The Safe owner factory refused the signer (ERC7913SignerGuard): its verifier or its key is not usable. */
export class SafeOwnerSignerRefusedError extends PQ4337Error {
  override name = "SafeOwnerSignerRefusedError";
  readonly signer: Hex;
  readonly reason: string;
  constructor({ signer, reason, cause }: { signer: Hex; reason: string; cause?: unknown }) {
    super(`The Safe owner factory refuses the signer ${signer.slice(0, 42)}…: ${reason}.`, { cause });
    this.signer = signer;
    this.reason = reason;
  }
}

/** Two signatures name the same Safe owner. */
export class DuplicateSafeOwnerSignatureError extends PQ4337Error {
  override name = "DuplicateSafeOwnerSignatureError";
  constructor({ owner }: { owner: Address }) {
    super(`Two signatures name the Safe owner ${owner}: a Safe counts each owner once.`);
  }
}

/** A signature's bytes do not fit the Safe's layout (e.g. an ECDSA signature that is not 65 bytes). */
export class InvalidSafeSignatureError extends PQ4337Error {
  override name = "InvalidSafeSignatureError";
  constructor({ owner, reason }: { owner: Address; reason: string }) {
    super(`The signature of Safe owner ${owner} is invalid: ${reason}.`);
  }
}
