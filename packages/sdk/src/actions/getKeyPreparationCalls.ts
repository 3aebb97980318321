import { type Address, type Chain, type Client, type Hex, type Transport, concatHex, encodeFunctionData } from "viem";
import { getCode } from "viem/actions";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { keyAttestorAbi } from "../generated/contracts.js";
import { getKeyAttestationRecord } from "../keys/keyAttestation.js";
import type { PQ4337Signer } from "../signers/types.js";

export type GetKeyPreparationCallsParameters = {
  client: Client<Transport, Chain | undefined>;
  /** The keys about to be added as signers. */
  signers: readonly PQ4337Signer[];
};

/** Calls that any contract (an account, through its own operation) can make: `to` and `data`. */
export type GetKeyPreparationCallsReturnType = { to: Address; data: Hex }[];

/**
 * The calls that make keys ready to be added as signers, for what the chain lacks: each missing chunk of a
 * post-quantum key's expanded key (through the CREATE2 deployer) and, for a lattice key, its attestation (the key
 * attestor's `attest(pk)`, which every signer guard requires). Shared by the account's and the ERC-7579 module's
 * signer changes, so a key added either way is prepared the same way.
 *
 * @example
 * const calls = await getKeyPreparationCalls({ client, signers: [falcon] }) // [] once deployed and attested
 */
export async function getKeyPreparationCalls({ client, signers }: GetKeyPreparationCallsParameters): Promise<GetKeyPreparationCallsReturnType> {
  const calls: GetKeyPreparationCallsReturnType = [];
  for (const signer of signers) {
    for (const chunk of signer.expandedKey?.chunks ?? []) {
      if ((await getCode(client, { address: chunk.address })) === undefined)
        calls.push({ to: create2DeployerAddress, data: concatHex([deploymentSalt, chunk.initCode]) });
    }
    // A lattice key is added only once its attestor has proven E to be pk's expansion (paid once per key).
    const keyAttestor = getPQ4337Addresses().keyAttestors[signer.scheme];
    if (signer.expandedKey && keyAttestor) {
      const record = getKeyAttestationRecord({ keyAttestor, commitment: signer.expandedKey.commitment });
      if ((await getCode(client, { address: record })) === undefined)
        calls.push({ to: keyAttestor, data: encodeFunctionData({ abi: keyAttestorAbi, functionName: "attest", args: [signer.expandedKey.publicKey] }) });
    }
  }
  return calls;
}
