import { type Hex, encodeAbiParameters, keccak256 } from "viem";

export type EncodeMultiSignatureParameters = readonly {
  /** The ERC-7913 signer, `verifier ‖ key`. */
  signer: Hex;
  /** Its signature, in the verifier's format. */
  signature: Hex;
}[];

/**
 * The signature a {@link PQAccount} validates: `abi.encode(bytes[] signers, bytes[] signatures)` with the signers
 * ordered by keccak256, which OpenZeppelin's `MultiSignerERC7913` checks for duplicates in one pass.
 *
 * @example
 * const signature = encodeMultiSignature([{ signer: concat([verifier, signer.key]), signature: await signer.sign({ hash }) }])
 */
export function encodeMultiSignature(parts: EncodeMultiSignatureParameters): Hex {
  const ordered = parts
    .map((part) => ({ ...part, id: BigInt(keccak256(part.signer)) }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return encodeAbiParameters(
    [{ type: "bytes[]" }, { type: "bytes[]" }],
    [ordered.map((part) => part.signer), ordered.map((part) => part.signature)],
  );
}
