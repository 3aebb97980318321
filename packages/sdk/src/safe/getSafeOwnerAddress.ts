import { type Address, type Hex, concatHex, getContractAddress, numberToHex, size, zeroHash } from "viem";
import { getErc7913Signer, type GetErc7913SignerErrorType } from "../accounts/getErc7913Signer.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";

export type GetSafeOwnerAddressParameters = {
  /** The post-quantum key, or its ERC-7913 signer `verifier ‖ key`. */
  signer: PQ4337Signer | Hex;
  /** The ERC-7913 verifier of each scheme (with a {@link PQ4337Signer}). Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
  /** The ERC7913SafeOwnerFactory. Default: pq4337's deterministic deployment. */
  factory?: Address | undefined;
};

export type GetSafeOwnerAddressReturnType = { owner: Address; erc7913Signer: Hex };

export type GetSafeOwnerAddressErrorType = GetErc7913SignerErrorType;

/**
 * The address of the Safe owner of a post-quantum key (an `ERC7913SafeOwner`), deployed or not, computed off-chain
 * exactly as `ERC7913SafeOwnerFactory.getOwnerAddress(signer)`: an ERC-1167 clone of the factory's implementation
 * with the signer as its immutable arguments (OpenZeppelin's `Clones`), CREATE2 with the zero salt.
 *
 * @example
 * const { owner } = getSafeOwnerAddress({ signer: falcon512Signer() })
 */
export function getSafeOwnerAddress({ signer, verifiers, factory = getPQ4337Addresses().safeOwnerFactory }: GetSafeOwnerAddressParameters): GetSafeOwnerAddressReturnType {
  const erc7913Signer = typeof signer === "string" ? signer : getErc7913Signer({ signer, verifiers }).erc7913Signer;
  // The factory creates its implementation in its constructor: the factory's first CREATE, nonce 1.
  const implementation = getContractAddress({ from: factory, nonce: 1n });
  const bytecode = concatHex([
    "0x61",
    numberToHex(size(erc7913Signer) + 0x2d, { size: 2 }),
    "0x3d81600a3d39f3363d3d373d3d3d363d73",
    implementation,
    "0x5af43d82803e903d91602b57fd5bf3",
    erc7913Signer,
  ]);
  return { owner: getContractAddress({ opcode: "CREATE2", from: factory, salt: zeroHash, bytecode }), erc7913Signer };
}

