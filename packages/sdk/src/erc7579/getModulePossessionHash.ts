import { type Address, type Hex, hashTypedData } from "viem";

export type GetModulePossessionHashParameters = {
  /** The PQValidatorModule. */
  module: Address;
  /** The ERC-7579 account the signer is added to. */
  account: Address;
  chainId: number;
  /** The ERC-7913 signer being added, `verifier ‖ key`. */
  signer: Hex;
  /** The module's `possessionNonce(account)` (0 before the account's first install). */
  nonce: bigint;
};

/**
 * What a signer signs to prove possession before {@link PQValidatorModule} adds it to an account (`onInstall`,
 * `addSigners`): EIP-712 `SignerPossession(address account, bytes signer, uint256 nonce)` under the module's
 * domain (name "PQValidatorModule", version "1", the chain, the module), the module's `possessionHash`.
 *
 * @example
 * const hash = getModulePossessionHash({ module, account, chainId: 1, signer: erc7913Signer, nonce: 0n })
 * const proof = await falcon.sign({ hash })
 */
export function getModulePossessionHash({ module, account, chainId, signer, nonce }: GetModulePossessionHashParameters): Hex {
  return hashTypedData({
    domain: { name: "PQValidatorModule", version: "1", chainId, verifyingContract: module },
    types: {
      SignerPossession: [
        { name: "account", type: "address" },
        { name: "signer", type: "bytes" },
        { name: "nonce", type: "uint256" },
      ],
    },
    primaryType: "SignerPossession",
    message: { account, signer, nonce },
  });
}
