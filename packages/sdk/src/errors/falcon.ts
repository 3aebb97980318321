import { PQ4337Error } from "./base.js";

/** A Falcon public key is not the round-3 encoding `0x00 + logn ‖ h` (14-bit coefficients below q). */
export class InvalidFalconPublicKeyError extends PQ4337Error {
  override name = "InvalidFalconPublicKeyError";
  constructor({ reason }: { reason: string }) {
    super(`Invalid Falcon public key: ${reason}.`);
  }
}

/** A Falcon expanded key (the NTT-domain public key the verifier reads) has the wrong length or a coefficient ≥ q. */
export class InvalidFalconExpandedKeyError extends PQ4337Error {
  override name = "InvalidFalconExpandedKeyError";
  constructor({ reason }: { reason: string }) {
    super(`Invalid Falcon expanded key: ${reason}.`);
  }
}

/** A polynomial handed to a Falcon encoder has the wrong degree or a coefficient outside the encodable range. */
export class InvalidFalconPolynomialError extends PQ4337Error {
  override name = "InvalidFalconPolynomialError";
  /** What is wrong, without the prefix. */
  readonly reason: string;
  constructor({ reason }: { reason: string }) {
    super(`Invalid Falcon polynomial: ${reason}.`);
    this.reason = reason;
  }
}

/**
 * A detached Falcon signature cannot be used as asked: it is not a canonical compressed, padded or CT signature
 * of the expected degree, or its s2 does not fit the form it is to be written in.
 */
export class InvalidFalconSignatureError extends PQ4337Error {
  override name = "InvalidFalconSignatureError";
  constructor({ reason }: { reason: string }) {
    super(`Invalid Falcon signature: ${reason}.`);
  }
}
