import { type Address, type Hex, concatHex } from "viem";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import type { UnknownVerifierError } from "../errors/account.js";
import { MissingVerifierError } from "../errors/account.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { assertKnownVerifier } from "./assertKnownVerifier.js";

export type GetErc7913SignerParameters = {
  signer: PQ4337Signer;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
  /**
   * Accept a verifier that is not one of pq4337's (default `false`, which throws {@link UnknownVerifierError}):
   * only for a verifier you deployed and checked to be an immutable, non-proxy contract.
   */
  allowUnknownVerifier?: boolean | undefined;
};

export type GetErc7913SignerReturnType = { verifier: Address; erc7913Signer: Hex };

export type GetErc7913SignerErrorType = MissingVerifierError | UnknownVerifierError;

/**
 * A key as a {@link PQAccount} stores it: `verifier ‖ key`, with the verifier of the key's scheme. A verifier outside
 * pq4337's deployment throws {@link UnknownVerifierError} unless `allowUnknownVerifier` is set.
 *
 * @example
 * const { erc7913Signer } = getErc7913Signer({ signer: falcon512Signer() })
 */
export function getErc7913Signer({ signer, verifiers, allowUnknownVerifier }: GetErc7913SignerParameters): GetErc7913SignerReturnType {
  const verifier = verifiers?.[signer.scheme] ?? getPQ4337Addresses().verifiers[signer.scheme];
  if (!verifier) throw new MissingVerifierError({ scheme: signer.scheme });
  assertKnownVerifier({ verifier, scheme: signer.scheme, allowUnknownVerifier });
  return { verifier, erc7913Signer: concatHex([verifier, signer.key]) };
}
