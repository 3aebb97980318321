import type { Chain, Client, Transport } from "viem";
import { getCode } from "viem/actions";
import { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import type { PQ4337Signer } from "../signers/types.js";

export type AssertExpandedKeyDeployedParameters = {
  /** A client of the chain the verifier runs on. */
  client: Client<Transport, Chain | undefined>;
  signer: PQ4337Signer;
};

export type AssertExpandedKeyDeployedErrorType = ExpandedKeyNotDeployedError;

/**
 * Checks that every code chunk of the signer's expanded key has code on the chain, and throws
 * {@link ExpandedKeyNotDeployedError} naming the chunks that do not. Without them the verifier cannot read the
 * key and rejects every signature, which a bundler reports as AA24, like a wrong key. A chunk's address depends
 * only on its content (see `toCodeChunks`), so code there is the right code. A no-op for a signer without an
 * expanded key (ECDSA).
 *
 * @example
 * await assertExpandedKeyDeployed({ client, signer }) // throws until deployExpandedKey({ client, walletClient, signer })
 */
export async function assertExpandedKeyDeployed({ client, signer }: AssertExpandedKeyDeployedParameters): Promise<void> {
  const chunks = signer.expandedKey?.chunks ?? [];
  const codes = await Promise.all(chunks.map(({ address }) => getCode(client, { address })));
  const missing = chunks.filter((_, index) => codes[index] === undefined || codes[index] === "0x").map(({ address }) => address);
  if (missing.length > 0) throw new ExpandedKeyNotDeployedError({ scheme: signer.scheme, addresses: missing });
}
