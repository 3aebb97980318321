import { type Address, type Hash, type Hex, concatHex, domainSeparator, hashStruct, keccak256 } from "viem";
import type { UserOperation } from "viem/account-abstraction";

export type GetSafeOperationHashParameters = {
  chainId: number;
  /** The Safe 4337 module (0.3.0), the EIP-712 domain's verifying contract. */
  module: Address;
  /** The EntryPoint v0.7 the module supports. */
  entryPoint: Address;
  userOperation: Omit<UserOperation<"0.7">, "signature">;
  /** The seconds between which the operation is valid (0 = no bound), carried in its signature. */
  validAfter?: number | undefined;
  validUntil?: number | undefined;
};

/** The Safe 4337 module's EIP-712 `SafeOp` type (0.3.0). */
export const safeOperationTypes = {
  SafeOp: [
    { name: "safe", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "initCode", type: "bytes" },
    { name: "callData", type: "bytes" },
    { name: "verificationGasLimit", type: "uint128" },
    { name: "callGasLimit", type: "uint128" },
    { name: "preVerificationGas", type: "uint256" },
    { name: "maxPriorityFeePerGas", type: "uint128" },
    { name: "maxFeePerGas", type: "uint128" },
    { name: "paymasterAndData", type: "bytes" },
    { name: "validAfter", type: "uint48" },
    { name: "validUntil", type: "uint48" },
    { name: "entryPoint", type: "address" },
  ],
} as const;

/**
 * The hash the Safe's owners sign for a user operation of a Safe with the Safe 4337 module 0.3.0, computed
 * off-chain as the module's `getOperationHash`: EIP-712 `SafeOp` under the domain `{ chainId, verifyingContract:
 * module }`, with the Safe's address, the EntryPoint and the validity window as fields. Sign it with
 * `signSafeHash`, then put the result in the operation with {@link encodeSafeOperationSignature}.
 *
 * @example
 * const hash = getSafeOperationHash({ chainId, module, entryPoint, userOperation })
 */
export function getSafeOperationHash(parameters: GetSafeOperationHashParameters): Hash {
  return keccak256(getSafeOperationData(parameters));
}

/**
 * The EIP-712 encoding (`0x1901 ‖ domain separator ‖ SafeOp struct hash`) whose keccak256 is
 * {@link getSafeOperationHash}: the `data` the module passes to the Safe's `checkSignatures(hash, data, signatures)`,
 * e.g. to estimate the owners' checks with `eth_estimateGas` on that call.
 *
 * @example
 * const data = getSafeOperationData({ chainId, module, entryPoint, userOperation })
 */
export function getSafeOperationData({ chainId, module, entryPoint, userOperation, validAfter = 0, validUntil = 0 }: GetSafeOperationHashParameters): Hex {
  const { sender, nonce, factory, factoryData, callData, callGasLimit, verificationGasLimit, preVerificationGas, maxFeePerGas, maxPriorityFeePerGas } = userOperation;
  const { paymaster, paymasterVerificationGasLimit, paymasterPostOpGasLimit, paymasterData } = userOperation;
  const initCode: Hex = factory ? `${factory}${(factoryData ?? "0x").slice(2)}` : "0x";
  const paymasterAndData: Hex = paymaster
    ? `${paymaster}${(paymasterVerificationGasLimit ?? 0n).toString(16).padStart(32, "0")}${(paymasterPostOpGasLimit ?? 0n).toString(16).padStart(32, "0")}${(paymasterData ?? "0x").slice(2)}`
    : "0x";
  const message = {
    safe: sender,
    nonce,
    initCode,
    callData,
    verificationGasLimit,
    callGasLimit,
    preVerificationGas,
    maxPriorityFeePerGas,
    maxFeePerGas,
    paymasterAndData,
    validAfter,
    validUntil,
    entryPoint,
  };
  return concatHex([
    "0x1901",
    domainSeparator({ domain: { chainId, verifyingContract: module } }),
    hashStruct({ data: message, primaryType: "SafeOp", types: safeOperationTypes }),
  ]);
}

export type EncodeSafeOperationSignatureParameters = {
  /** The owners' signatures, from `encodeSafeSignatures`. */
  signatures: Hex;
  validAfter?: number | undefined;
  validUntil?: number | undefined;
};

/**
 * A user operation's `signature` for the Safe 4337 module 0.3.0: `validAfter` (6 bytes) ‖ `validUntil` (6 bytes) ‖
 * the Safe's signatures, whose contract-signature offsets count from the start of the Safe's signatures.
 *
 * @example
 * userOperation.signature = encodeSafeOperationSignature({ signatures: encodeSafeSignatures({ signatures }) })
 */
export function encodeSafeOperationSignature({ signatures, validAfter = 0, validUntil = 0 }: EncodeSafeOperationSignatureParameters): Hex {
  return `0x${validAfter.toString(16).padStart(12, "0")}${validUntil.toString(16).padStart(12, "0")}${signatures.slice(2)}`;
}
