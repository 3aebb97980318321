import type { Address } from "viem";
import { PQ4337Error } from "./base.js";

/** A value passed as `Hex` is not an even-length `0x`-prefixed hex string. */
export class InvalidHexError extends PQ4337Error {
  override name = "InvalidHexError";
  constructor({ name, value }: { name: string; value: string }) {
    const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
    super(`\`${name}\` is not valid hex: "${shown}".`, {
      details: "Expected `0x` followed by an even number of hex digits (whole bytes).",
    });
  }
}

/** A public key does not have the length (or one of the lengths) its scheme's encoding fixes. */
export class InvalidPublicKeyLengthError extends PQ4337Error {
  override name = "InvalidPublicKeyLengthError";
  constructor({ scheme, expected, length }: { scheme: string; expected: number | readonly number[]; length: number }) {
    const lengths = typeof expected === "number" ? [expected] : expected;
    const named = lengths.length > 1 ? `${lengths.slice(0, -1).join("-, ")}- or ${lengths.at(-1)}` : `${lengths[0]}`;
    super(`Expected a ${named}-byte ${scheme} public key, got ${length} bytes.`);
  }
}

/** An ML-DSA-65 expanded key (Â ‖ t̂1 ‖ tr) is malformed: wrong length or a coefficient outside [0, q). */
export class InvalidExpandedKeyError extends PQ4337Error {
  override name = "InvalidExpandedKeyError";
  constructor({ reason }: { reason: string }) {
    super(`Invalid ML-DSA-65 expanded key: ${reason}.`);
  }
}

/** A polynomial (or its bit-packed form) has the wrong size or a coefficient out of range. */
export class InvalidPolynomialError extends PQ4337Error {
  override name = "InvalidPolynomialError";
  constructor({ reason }: { reason: string }) {
    super(`Invalid polynomial: ${reason}.`);
  }
}

/** A signature handed to a decoder does not have the length its scheme's encoding fixes. */
export class InvalidSignatureLengthError extends PQ4337Error {
  override name = "InvalidSignatureLengthError";
  constructor({ scheme, expected, length }: { scheme: string; expected: number; length: number }) {
    super(`Expected a ${expected}-byte ${scheme} signature, got ${length} bytes.`);
  }
}

/** Some code-store chunks are not on chain and no wallet client was given to deploy them. */
export class CodeChunksNotDeployedError extends PQ4337Error {
  override name = "CodeChunksNotDeployedError";
  constructor({ addresses }: { addresses: readonly Address[] }) {
    super(`${addresses.length} code chunk(s) are not deployed and no \`walletClient\` was given to deploy them.`, {
      details: `Missing: ${addresses.join(", ")}`,
    });
  }
}

/** A signer's expanded public key is not (entirely) in contract code, so its verifier cannot read it. */
export class ExpandedKeyNotDeployedError extends PQ4337Error {
  override name = "ExpandedKeyNotDeployedError";
  /** The chunks without code, in data order. */
  readonly addresses: readonly Address[];
  constructor({ scheme, addresses }: { scheme: string; addresses: readonly Address[] }) {
    super(`The ${scheme} signer's expanded key is not deployed: no code at ${addresses.join(", ")}.`, {
      details:
        "Deploy it once with `deployExpandedKey({ client, walletClient, signer })`; any funded account may pay, and " +
        "a second deployment is a no-op. Without it the verifier rejects every signature (AA24).",
    });
    this.addresses = addresses;
  }
}
