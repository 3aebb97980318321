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
  constructor({ reason }: { reason: string }) {
    super(`Invalid Falcon polynomial: ${reason}.`);
  }
}
