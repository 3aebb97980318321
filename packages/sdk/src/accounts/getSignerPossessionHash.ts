import { type Address, type Hex, hashTypedData } from "viem";

export type GetSignerPossessionHashParameters = {
  /** The account the signer is added to. */
  account: Address;
  chainId: number;
  /** The ERC-7913 signer being added, `verifier ‖ key`. */
  signer: Hex;
  /** The account's `signerNonce()` (0 before its first signer change). */
  nonce: bigint;
};

/**
 * What a new signer signs to prove possession of its key before `PQAccount.addSigners`: the EIP-712 hash of
 * `SignerPossession(bytes signer, uint256 nonce)` under the account's domain (`PQAccount`, version 1, the chain, the
 * account), equal to the account's own `possessionHash(signer)`.
 *
 * @example
 * const hash = getSignerPossessionHash({ account: account.address, chainId, signer: concat([verifier, next.key]), nonce: 0n })
 * const proof = await next.sign({ hash })
 */
export function getSignerPossessionHash({ account, chainId, signer, nonce }: GetSignerPossessionHashParameters): Hex {
  return hashTypedData({
    domain: { name: "PQAccount", version: "1", chainId, verifyingContract: account },
    types: { SignerPossession: [{ name: "signer", type: "bytes" }, { name: "nonce", type: "uint256" }] },
    primaryType: "SignerPossession",
    message: { signer, nonce },
  });
}
