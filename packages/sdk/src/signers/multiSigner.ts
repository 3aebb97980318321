import { DuplicateSignerError, InvalidThresholdError } from "../errors/account.js";
import type { PQ4337Signer } from "./types.js";

/**
 * Several keys that control one account together: any `threshold` of `signers` sign an operation. The account's
 * on-chain signers are `verifier ‖ key` of each; `toPQSmartAccount` resolves the verifiers.
 */
export type MultiSigner = {
  type: "multiSigner";
  signers: readonly PQ4337Signer[];
  /** How many signatures an operation needs; the first `threshold` of `signers` sign. */
  threshold: number;
};

export type MultiSignerParameters = {
  signers: readonly PQ4337Signer[];
  /** Defaults to every signer (all of them must sign). */
  threshold?: number | undefined;
};

export type MultiSignerReturnType = MultiSigner;

export type MultiSignerErrorType = InvalidThresholdError | DuplicateSignerError;

/**
 * A threshold signer for a {@link PQAccount}: the account accepts an operation signed by any `threshold` of
 * `signers`. The signature is `abi.encode(bytes[] signers, bytes[] signatures)`, ordered by keccak256 of the
 * signer as OpenZeppelin's `MultiSignerERC7913` expects, and its stub holds every signer's stub, so gas
 * estimation runs every verifier.
 *
 * @example
 * import { ecdsaSigner, falcon512Signer, multiSigner, toPQSmartAccount } from "@pq4337/sdk"
 *
 * const signer = multiSigner({ signers: [ecdsaSigner(), falcon512Signer(), falcon512Signer()], threshold: 2 })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function multiSigner({ signers, threshold = signers.length }: MultiSignerParameters): MultiSignerReturnType {
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > signers.length)
    throw new InvalidThresholdError({ threshold, signers: signers.length });
  const keys = new Set<string>();
  for (const { scheme, key } of signers) {
    const id = `${scheme}:${key.toLowerCase()}`;
    if (keys.has(id)) throw new DuplicateSignerError({ key });
    keys.add(id);
  }
  return { type: "multiSigner", signers, threshold };
}

/**
 * A hybrid signer: every one of `signers` must sign (n of n), so the account stays secure while any one of the
 * schemes does, e.g. ECDSA + Falcon-512 against both a classical and a quantum adversary.
 *
 * @example
 * const signer = hybridSigner([ecdsaSigner({ privateKey }), falcon512Signer({ seed })])
 * const account = await toPQSmartAccount({ client, signer })
 */
export function hybridSigner(signers: readonly PQ4337Signer[]): MultiSignerReturnType {
  return multiSigner({ signers });
}
