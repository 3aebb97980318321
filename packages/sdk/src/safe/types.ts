import type { Address, Hex } from "viem";

/** A Safe transaction: the fields of Safe's EIP-712 `SafeTx`. */
export type SafeTransaction = {
  to: Address;
  value: bigint;
  data: Hex;
  /** 0 = CALL, 1 = DELEGATECALL. */
  operation: 0 | 1;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
};

/**
 * One owner's signature of a Safe hash: `ecdsa`, an EOA owner's 65-byte `r ‖ s ‖ v` of the hash itself; `contract`,
 * a contract owner's ERC-1271 signature (for an ERC7913SafeOwner, its verifier's signature bytes).
 */
export type SafeSignature = { owner: Address; type: "ecdsa" | "contract"; signature: Hex };
