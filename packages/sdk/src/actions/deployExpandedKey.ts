import type { Account, Chain, Client, Hash, Transport, WalletClient } from "viem";
import { deployCodeChunks } from "../keys/codeStore.js";
import { attestExpandedKey } from "./attestExpandedKey.js";
import type { PQ4337Signer } from "../signers/types.js";

export type DeployExpandedKeyParameters = {
  client: Client<Transport, Chain | undefined>;
  /** Pays for the chunks that are not deployed yet. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  signer: PQ4337Signer;
};

export type DeployExpandedKeyReturnType = {
  /**
   * The transactions sent, the chunks' deployments then the attestation: empty when the key was already on-chain and
   * attested, or needs no code.
   */
  transactionHashes: Hash[];
};

/**
 * Puts a signer's expanded public key in contract code, where its verifier reads it, and attests it (see
 * {@link attestExpandedKey}: the key attestor proves on-chain that it is the public key's expansion, which the
 * verifier requires before an account may store the key), skipping what is already done. Content-addressed and
 * idempotent: anyone may deploy and attest anyone's expanded key, and a second call sends nothing. A no-op for a
 * signer whose key is self-contained (no `expandedKey`: ECDSA, passkeys, Ed25519).
 *
 * @example
 * const signer = mldsa65Signer()
 * await deployExpandedKey({ client, walletClient, signer })
 * const account = await toPQSmartAccount({ client, signer })
 */
export async function deployExpandedKey({ client, walletClient, signer }: DeployExpandedKeyParameters): Promise<DeployExpandedKeyReturnType> {
  if (!signer.expandedKey) return { transactionHashes: [] };
  const { transactionHashes } = await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes });
  const { transactionHash } = await attestExpandedKey({ client, walletClient, signer });
  return { transactionHashes: transactionHash ? [...transactionHashes, transactionHash] : transactionHashes };
}
