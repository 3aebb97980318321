import { type Address, type Chain, type Client, type Transport, zeroHash } from "viem";
import { measureVerifyGas } from "../actions/measureVerifyGas.js";
import type { PQ4337Signer } from "../signers/types.js";

export type EstimateSignersVerifyGasParameters = {
  client: Client<Transport, Chain | undefined>;
  /** The signers that sign an operation, each with its verifier. */
  signing: readonly { signer: PQ4337Signer; verifier: Address }[];
  /** How many calls lie between the validation frame and the verifiers: 1 for PQAccount, 2 through a module. */
  depth: bigint;
};

/**
 * The gas the signers' verifiers need, called `depth` calls below the validation frame. Bundlers estimate
 * verificationGasLimit tightly, but each call passes on at most 63/64 of the gas it has (EIP-150): for a verifier
 * costing millions, that 1/64 is more than their margin, and a verifier that runs out of gas reads as a bad
 * signature (AA24). So each verifier's cost is measured on-chain with its stub signature, which takes the full path,
 * and raised by 64/63 per call.
 *
 * @example
 * const verifyGas = await estimateSignersVerifyGas({ client, signing, depth: 1n })
 */
export async function estimateSignersVerifyGas({ client, signing, depth }: EstimateSignersVerifyGasParameters): Promise<bigint> {
  let verifyGas = 0n;
  for (const { signer, verifier } of signing) {
    const { gas } = await measureVerifyGas({
      client,
      verifier,
      key: signer.key,
      hash: zeroHash,
      signature: await signer.getStubSignature(),
      expandedKey: signer.expandedKey?.bytes,
    });
    verifyGas += (BigInt(gas) * 64n ** depth) / 63n ** depth;
  }
  return verifyGas;
}
