import { type Address, type Hex, hashTypedData } from "viem";

export type GetModuleReplaySafeHashParameters = {
  /** The PQValidatorModule. */
  module: Address;
  /** The ERC-7579 account asked to validate the signature (ERC-1271). */
  account: Address;
  chainId: number;
  /** The hash the account is asked about (e.g. an EIP-191 or EIP-712 hash). */
  hash: Hex;
};

/**
 * What an account's signers sign for an ERC-1271 request through {@link PQValidatorModule}: EIP-712
 * `AccountMessage(address account, bytes32 hash)` under the module's domain, the module's `replaySafeHash`. It binds
 * the signature to one account, one chain and one module, so it cannot be replayed on another account of the same
 * signers.
 *
 * @example
 * const hash = getModuleReplaySafeHash({ module, account, chainId: 1, hash: hashMessage("hello") })
 */
export function getModuleReplaySafeHash({ module, account, chainId, hash }: GetModuleReplaySafeHashParameters): Hex {
  return hashTypedData({
    domain: { name: "PQValidatorModule", version: "1", chainId, verifyingContract: module },
    types: { AccountMessage: [{ name: "account", type: "address" }, { name: "hash", type: "bytes32" }] },
    primaryType: "AccountMessage",
    message: { account, hash },
  });
}
