import { type Address, type Chain, type Client, type Transport, encodeFunctionData, zeroAddress } from "viem";
import { readContract } from "viem/actions";
import { safeAbi } from "./abi.js";
import { type GetSafeVersionErrorType, getSafeVersion } from "./getSafeVersion.js";
import type { SafeTransaction } from "./types.js";

export type GetAddSafeOwnerTransactionParameters = {
  client: Client<Transport, Chain | undefined>;
  safe: Address;
  /** The owner to add, e.g. from `getSafeOwnerAddress` (it may be deployed later: Safe does not call it when adding). */
  owner: Address;
  /** The Safe's threshold after the change. Default: unchanged. */
  threshold?: bigint | number | undefined;
};

export type GetAddSafeOwnerTransactionErrorType = GetSafeVersionErrorType;

/**
 * The Safe transaction that adds `owner` and sets the threshold (`addOwnerWithThreshold`), at the Safe's current
 * nonce, to be signed by the current owners (`signSafeHash`) and executed (`executeSafeTransaction`). Checks the
 * Safe's version first ({@link getSafeVersion}).
 *
 * @example
 * const { owner } = getSafeOwnerAddress({ signer: falcon })
 * const transaction = await getAddSafeOwnerTransaction({ client, safe, owner, threshold: 2 }) // a hybrid Safe
 */
export async function getAddSafeOwnerTransaction({ client, safe, owner, threshold }: GetAddSafeOwnerTransactionParameters): Promise<SafeTransaction> {
  await getSafeVersion({ client, safe });
  const [nonce, current] = await Promise.all([
    readContract(client, { address: safe, abi: safeAbi, functionName: "nonce" }),
    threshold === undefined ? readContract(client, { address: safe, abi: safeAbi, functionName: "getThreshold" }) : BigInt(threshold),
  ]);
  return {
    to: safe,
    value: 0n,
    data: encodeFunctionData({ abi: safeAbi, functionName: "addOwnerWithThreshold", args: [owner, current] }),
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
}
