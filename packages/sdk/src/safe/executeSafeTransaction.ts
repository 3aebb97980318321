import { type Account, type Address, type Chain, type Client, type Hex, type TransactionReceipt, type Transport, type WalletClient, encodeFunctionData } from "viem";
import { sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { safeAbi } from "./abi.js";
import type { SafeTransaction } from "./types.js";

export type ExecuteSafeTransactionParameters = {
  client: Client<Transport, Chain | undefined>;
  /** Sends `execTransaction`: anyone may, the signatures authorise the transaction. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  safe: Address;
  transaction: SafeTransaction;
  /** The owners' signatures, from `encodeSafeSignatures`. */
  signatures: Hex;
  /** Gas limit of the Ethereum transaction. Default: estimated by the node (a refused signature then throws there). */
  gas?: bigint | undefined;
};

/**
 * Executes a signed Safe transaction (`execTransaction`) and waits for its receipt. A Safe that refuses the
 * signatures reverts with its own `GS0xx` error.
 *
 * @example
 * const receipt = await executeSafeTransaction({ client, walletClient, safe, transaction, signatures: encodeSafeSignatures({ signatures }) })
 */
export async function executeSafeTransaction({ client, walletClient, safe, transaction, signatures, gas }: ExecuteSafeTransactionParameters): Promise<TransactionReceipt> {
  const { to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver } = transaction;
  const hash = await sendTransaction(walletClient, {
    account: walletClient.account,
    chain: walletClient.chain,
    to: safe,
    gas,
    data: encodeFunctionData({
      abi: safeAbi,
      functionName: "execTransaction",
      args: [to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, signatures],
    }),
  });
  return waitForTransactionReceipt(client, { hash });
}
