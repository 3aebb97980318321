import { type Address, type Hash, hashTypedData } from "viem";
import type { SafeTransaction } from "./types.js";

export type GetSafeTransactionHashParameters = {
  safe: Address;
  chainId: number;
  transaction: SafeTransaction;
};

/** Safe's EIP-712 `SafeTx` type (Safe 1.3.0 to 1.5.0). */
export const safeTransactionTypes = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/**
 * The hash a Safe's owners sign for `transaction`, computed off-chain as `Safe.getTransactionHash` does: EIP-712
 * `SafeTx` under the domain `{ chainId, verifyingContract: safe }`. It binds the Safe, the chain and the nonce,
 * so a signature of it is good for this one transaction of this one Safe.
 *
 * @example
 * const hash = getSafeTransactionHash({ safe, chainId: client.chain.id, transaction })
 */
export function getSafeTransactionHash({ safe, chainId, transaction }: GetSafeTransactionHashParameters): Hash {
  return hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: safeTransactionTypes,
    primaryType: "SafeTx",
    message: transaction,
  });
}
