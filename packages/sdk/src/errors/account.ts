import type { Address, Hex } from "viem";
import type { SchemeName } from "../signers/types.js";
import { PQ4337Error } from "./base.js";

/** No verifier address is known for the signer's scheme on this deployment. */
export class MissingVerifierError extends PQ4337Error {
  override name = "MissingVerifierError";
  constructor({ scheme }: { scheme: SchemeName }) {
    super(`No ERC-7913 verifier is known for scheme "${scheme}": pass \`verifier\`.`);
  }
}

/** The account was asked to decode or perform something other than an ERC-7821 batch of calls. */
export class UnsupportedCallsError extends PQ4337Error {
  override name = "UnsupportedCallsError";
  constructor({ data }: { data: Hex }) {
    super(`PQAccount executes ERC-7821 batches of calls only; cannot handle ${data.slice(0, 10)}….`);
  }
}

/** A multi-signer's threshold is not a whole number between 1 and its number of signers. */
export class InvalidThresholdError extends PQ4337Error {
  override name = "InvalidThresholdError";
  constructor({ threshold, signers }: { threshold: number; signers: number }) {
    super(`Threshold ${threshold} is not reachable with ${signers} signer${signers === 1 ? "" : "s"}: it must be between 1 and ${signers}.`);
  }
}

/** The same key appears twice among an account's signers. */
export class DuplicateSignerError extends PQ4337Error {
  override name = "DuplicateSignerError";
  constructor({ key }: { key: Hex }) {
    super(`The key ${key.slice(0, 42)}… appears twice: an account counts each keypair once.`);
  }
}

/**
 * A signer names a verifier that is not one of pq4337's (`getPQ4337Addresses().verifiers`). An account trusts its
 * signers' verifiers completely, and the on-chain signer guard cannot tell an honest verifier from one written to
 * pass its checks and accept everything, nor see a proxy or upgradeable contract.
 */
export class UnknownVerifierError extends PQ4337Error {
  override name = "UnknownVerifierError";
  constructor({ verifier, scheme }: { verifier: Address; scheme: SchemeName }) {
    super(`The ${scheme} signer's verifier ${verifier} is not one of pq4337's verifiers (getPQ4337Addresses).`, {
      details:
        "An account accepts whatever its signers' verifiers accept, and no on-chain check can prove a verifier honest or immutable. " +
        "If you deployed this verifier yourself (e.g. with a chain's precompiles) and checked that it is an immutable, non-proxy contract, pass `allowUnknownVerifier: true`.",
    });
  }
}
