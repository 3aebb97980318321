import { type Address, isAddressEqual } from "viem";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { UnknownVerifierError } from "../errors/account.js";
import type { SchemeName } from "../signers/types.js";

export type AssertKnownVerifierParameters = {
  /** The verifier a signer names. */
  verifier: Address;
  /** The signer's scheme, for the error message. */
  scheme: SchemeName;
  /** Accept a verifier outside pq4337's deployment (default `false`): one you deployed and checked yourself. */
  allowUnknownVerifier?: boolean | undefined;
};

export type AssertKnownVerifierErrorType = UnknownVerifierError;

/**
 * Throws {@link UnknownVerifierError} unless `verifier` is one of pq4337's verifiers (`getPQ4337Addresses()`, the
 * same addresses on every chain deployed without precompiles) or `allowUnknownVerifier` is set. Every path that puts
 * a signer into an account goes through it (`getErc7913Signer`, hence `toPQSmartAccount` and `getSignerChangeCalls`):
 * an account trusts its verifiers completely, and on-chain checks cannot tell an honest verifier from a hostile one.
 *
 * @example
 * assertKnownVerifier({ verifier: getPQ4337Addresses().verifiers.falcon512!, scheme: "falcon512" }) // passes
 */
export function assertKnownVerifier({ verifier, scheme, allowUnknownVerifier = false }: AssertKnownVerifierParameters): void {
  if (allowUnknownVerifier) return;
  const known = Object.values(getPQ4337Addresses().verifiers);
  if (!known.some((address) => isAddressEqual(address, verifier))) throw new UnknownVerifierError({ verifier, scheme });
}
