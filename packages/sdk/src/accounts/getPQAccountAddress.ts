import { type Address, type Hex, concatHex, encodeAbiParameters, getContractAddress, keccak256 } from "viem";

export type GetPQAccountAddressParameters = {
  /** The account's first ERC-7913 signers, `verifier ‖ key` each. */
  signers: readonly Hex[];
  /** How many of them must sign. */
  threshold: number | bigint;
  /** The bytes32 salt given to the factory. */
  salt: Hex;
  factory: Address;
  implementation: Address;
};

/**
 * The counterfactual address of a {@link PQAccount}, computed off-chain exactly as
 * `PQAccountFactory.getAddress(signers, threshold, salt)` does: an ERC-1167 clone of `implementation` deployed with
 * CREATE2 by `factory`, salted with `keccak256(abi.encode(signers, threshold, salt))`.
 *
 * @example
 * const address = getPQAccountAddress({ signers: [concat([verifier, key])], threshold: 1, salt: zeroHash, factory, implementation })
 */
export function getPQAccountAddress({ signers, threshold, salt, factory, implementation }: GetPQAccountAddressParameters): Address {
  const cloneSalt = keccak256(
    encodeAbiParameters([{ type: "bytes[]" }, { type: "uint64" }, { type: "bytes32" }], [signers, BigInt(threshold), salt]),
  );
  // ERC-1167 minimal proxy creation code, as OpenZeppelin's Clones deploys it.
  const bytecode = concatHex(["0x3d602d80600a3d3981f3363d3d373d3d3d363d73", implementation, "0x5af43d82803e903d91602b57fd5bf3"]);
  return getContractAddress({ opcode: "CREATE2", from: factory, salt: cloneSalt, bytecode });
}
