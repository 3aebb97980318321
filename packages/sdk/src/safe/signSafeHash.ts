import type { Address, Hex, LocalAccount } from "viem";
import type { PQ4337Signer } from "../signers/types.js";
import { type GetSafeOwnerAddressErrorType, type GetSafeOwnerAddressParameters, getSafeOwnerAddress } from "./getSafeOwnerAddress.js";
import type { SafeSignature } from "./types.js";

export type SignSafeHashParameters = {
  /** A Safe transaction hash (`getSafeTransactionHash`) or any other hash the Safe checks (a SafeOp, a SafeMessage). */
  hash: Hex;
  /**
   * A post-quantum key, which signs as its `ERC7913SafeOwner` (a contract signature), or an EOA owner (a viem
   * local account), which signs the hash itself with ECDSA.
   */
  signer: PQ4337Signer | LocalAccount;
} & Pick<GetSafeOwnerAddressParameters, "verifiers" | "factory">;

export type SignSafeHashErrorType = GetSafeOwnerAddressErrorType;

/**
 * One Safe owner's signature of `hash`, ready for {@link encodeSafeSignatures}: a post-quantum key's is its
 * verifier's signature bytes under its Safe owner's address (`type: "contract"`); an EOA's is `r ‖ s ‖ v` of the
 * hash (`type: "ecdsa"`).
 *
 * @example
 * const signatures = [await signSafeHash({ hash, signer: eoa }), await signSafeHash({ hash, signer: falcon })]
 * const encoded = encodeSafeSignatures({ signatures })
 */
export async function signSafeHash({ hash, signer, verifiers, factory }: SignSafeHashParameters): Promise<SafeSignature> {
  if ("scheme" in signer) {
    const { owner } = getSafeOwnerAddress({ signer, verifiers, factory });
    return { owner, type: "contract", signature: await signer.sign({ hash }) };
  }
  const owner: Address = signer.address;
  return { owner, type: "ecdsa", signature: await signer.sign!({ hash }) };
}
