import type { Account, Address, Chain, Client, Hash, Transport, WalletClient } from "viem";
import { getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import type { ToPQSmartAccountReturnType } from "../accounts/toPQSmartAccount.js";
import { DeploymentFailedError } from "../errors/deploy.js";

export type DeployAccountParameters = {
  client: Client<Transport, Chain | undefined>;
  /** Pays for the deployment: any funded key, not necessarily one of the account's signers. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** The account, from {@link toPQSmartAccount}. */
  account: ToPQSmartAccountReturnType;
};

export type DeployAccountReturnType = {
  address: Address;
  /** The `createAccount` transaction, or `undefined` when the account was already deployed. */
  transactionHash: Hash | undefined;
};

export type DeployAccountErrorType = DeploymentFailedError;

/**
 * Deploys a PQAccount with a plain transaction to its factory's `createAccount`, unless it is deployed already, so that
 * its first user operation carries no `initCode` and declares the verification gas of validation alone. A Falcon-512
 * account needs this to stay in the public mempool: its creating operation declares more than ERC-7562's 500,000
 * (`MAX_VERIFICATION_GAS`), its operations once it exists less.
 *
 * Anyone may pay: the address binds the signers and threshold (they are in the CREATE2 salt), so whoever sends the
 * transaction, the account is the one `toPQSmartAccount` computed, controlled by its signers only.
 *
 * @example
 * import { deployAccount, deployExpandedKey, falcon512Signer, toPQSmartAccount } from "@pq4337/sdk"
 *
 * const signer = falcon512Signer()
 * await deployExpandedKey({ client, walletClient, signer })
 * const account = await toPQSmartAccount({ client, signer })
 * await deployAccount({ client, walletClient, account })
 * // account's first user operation now fits the public mempool's 500,000 verification gas
 */
export async function deployAccount({ client, walletClient, account }: DeployAccountParameters): Promise<DeployAccountReturnType> {
  const address = account.address;
  if (await hasCode(client, address)) return { address, transactionHash: undefined };
  const { factory, factoryData } = await account.getFactoryArgs();
  const transactionHash = await sendTransaction(walletClient, {
    account: walletClient.account,
    chain: walletClient.chain,
    to: factory!,
    data: factoryData!,
  });
  const receipt = await waitForTransactionReceipt(client, { hash: transactionHash });
  if (receipt.status !== "success" || !(await hasCode(client, address))) throw new DeploymentFailedError({ address, transactionHash });
  return { address, transactionHash };
}

async function hasCode(client: Client<Transport, Chain | undefined>, address: Address): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
