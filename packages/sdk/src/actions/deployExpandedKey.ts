import type { Account, Chain, Client, Hash, Transport, WalletClient } from "viem";
import { deployCodeChunks } from "../keys/codeStore.js";
import { schemes } from "../schemes.js";
import type { PQ4337Signer } from "../signers/types.js";

export type DeployExpandedKeyParameters = {
  client: Client<Transport, Chain | undefined>;
  /** Pays for the chunks that are not deployed yet. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  signer: PQ4337Signer;
};

export type DeployExpandedKeyReturnType = {
  /** The deployment transactions sent: empty when the key was already on-chain or needs no code. */
  transactionHashes: Hash[];
};

/**
 * Puts a signer's expanded public key in contract code, where its verifier reads it, unless it is already
 * there. Content-addressed and idempotent: anyone may deploy anyone's expanded key, and a second call sends
 * nothing. A no-op for schemes whose key is self-contained (ECDSA).
 *
 * @example
 * const signer = mldsa65Signer()
 * await deployExpandedKey({ client, walletClient, signer })
 * const account = await toPQSmartAccount({ client, signer })
 */
export async function deployExpandedKey({ client, walletClient, signer }: DeployExpandedKeyParameters): Promise<DeployExpandedKeyReturnType> {
  const { expandedKey } = schemes[signer.scheme]!.toErc7913Key(signer.publicKey);
  if (!expandedKey) return { transactionHashes: [] };
  const { transactionHashes } = await deployCodeChunks({ client, walletClient, data: expandedKey });
  return { transactionHashes };
}
