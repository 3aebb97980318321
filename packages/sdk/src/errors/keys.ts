import type { Address, Hex } from "viem";
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

/** A lattice key's commitment is not attested on the chain and no wallet client was given to attest it. */
export class ExpandedKeyNotAttestedError extends PQ4337Error {
  override name = "ExpandedKeyNotAttestedError";
  /** The commitment commitment(E ‖ pk) that has no attestation. */
  readonly commitment: Hex;
  constructor({ scheme, commitment, keyAttestor }: { scheme: string; commitment: Hex; keyAttestor: Address }) {
    super(`The ${scheme} signer's expanded key is not attested: no record of ${commitment} by the key attestor ${keyAttestor}.`, {
      details:
        "Attest it once with `attestExpandedKey({ client, walletClient, signer })` (or `deployExpandedKey`, which does both); " +
        "any funded account may pay, and a second attestation is a no-op. Without it the verifier's keyId refuses the key " +
        "and no account can add it as a signer.",
    });
    this.commitment = commitment;
  }
}

/** The key attestor recomputed the expanded key from the public key and it is not the signer's: the key is not genuine. */
export class ExpandedKeyAttestationMismatchError extends PQ4337Error {
  override name = "ExpandedKeyAttestationMismatchError";
  constructor({ scheme, commitment, attested }: { scheme: string; commitment: Hex; attested: Hex }) {
    super(`The ${scheme} signer's expanded key is not its public key's expansion: it commits to ${commitment}, the attestor derives ${attested}.`, {
      details: "An expanded key must be computed from the public key (`toErc7913Key`, the signers' `expandedKey`); no verifier accepts another.",
    });
  }
}

/** The key attestor has no code on the chain: pq4337 is not (entirely) deployed there. */
export class KeyAttestorNotDeployedError extends PQ4337Error {
  override name = "KeyAttestorNotDeployedError";
  constructor({ scheme, keyAttestor }: { scheme: string; keyAttestor: Address }) {
    super(`The ${scheme} key attestor is not deployed at ${keyAttestor}.`, {
      details: "Deploy pq4337's contracts with `deployPQ4337` (or `pq4337 deploy`): the attestors are part of it.",
    });
  }
}
