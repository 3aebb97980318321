import { type Address, type Chain, type Client, type Hex, type Transport, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { type GetErc7913SignerErrorType, getErc7913Signer } from "../accounts/getErc7913Signer.js";
import { getKeyPreparationCalls } from "../actions/getKeyPreparationCalls.js";
import { pqValidatorModuleAbi } from "../generated/contracts.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { type AssertChainErrorType, assertChain } from "../utils/assertChain.js";
import { getModulePossessionHash } from "./getModulePossessionHash.js";
import { getPQValidatorModuleAddress } from "./getPQValidatorModuleAddress.js";

export type GetPQValidatorSignerChangeCallsParameters = {
  /** Reads the chain: the account's possession nonce and threshold in the module, which chunks exist. */
  client: Client<Transport, Chain | undefined>;
  /** The ERC-7579 account whose signers change; it sends the calls in one user operation. */
  account: Address;
  /** The module. Defaults to {@link getPQValidatorModuleAddress}. */
  module?: Address | undefined;
  /** Keys to add. Each signs its proof of possession here. */
  add?: readonly PQ4337Signer[] | undefined;
  /** Signers to remove: keys, or ERC-7913 signers (`verifier ‖ key`) as the module stores them. */
  remove?: readonly (PQ4337Signer | Hex)[] | undefined;
  /** The new threshold, if it changes. */
  threshold?: number | undefined;
  /** Whether the account deploys the added keys' missing expanded-key chunks and attests them itself first (default `true`). */
  deployKeys?: boolean | undefined;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
};

export type GetPQValidatorSignerChangeCallsReturnType = { to: Address; data: Hex }[];

export type GetPQValidatorSignerChangeCallsErrorType = GetErc7913SignerErrorType | AssertChainErrorType;

/**
 * The calls an ERC-7579 account makes, in one user operation, to change its signers in {@link PQValidatorModule}:
 * deploy and attest the new keys (`getKeyPreparationCalls`), `addSigners` with their proofs of possession, `removeSigners`, `setThreshold` (lowered
 * before removals and raised after additions, so it stays reachable at every step). The module keys everything by
 * its caller, so these are calls from the account to the module.
 *
 * @example
 * const calls = await getPQValidatorSignerChangeCalls({ client, account: address, add: [falcon512Signer()], remove: [oldKey] })
 * await sendUserOperation(bundler, { calls })
 */
export async function getPQValidatorSignerChangeCalls(parameters: GetPQValidatorSignerChangeCallsParameters): Promise<GetPQValidatorSignerChangeCallsReturnType> {
  const { client, account, add = [], remove = [], threshold, deployKeys = true, verifiers } = parameters;
  assertChain(client);
  const module = parameters.module ?? getPQValidatorModuleAddress();
  const toErc7913Signer = (signer: PQ4337Signer | Hex): Hex => (typeof signer === "string" ? signer : getErc7913Signer({ signer, verifiers }).erc7913Signer);
  const [nonce, currentThreshold] = await Promise.all([
    readContract(client, { address: module, abi: pqValidatorModuleAbi, functionName: "possessionNonce", args: [account] }),
    readContract(client, { address: module, abi: pqValidatorModuleAbi, functionName: "threshold", args: [account] }).then(Number),
  ]);

  const calls: GetPQValidatorSignerChangeCallsReturnType = [];
  if (deployKeys) calls.push(...(await getKeyPreparationCalls({ client, signers: add })));
  const call = (data: Hex) => ({ to: module, data });
  if (add.length > 0) {
    const signers = add.map(toErc7913Signer);
    const proofs = await Promise.all(
      add.map((signer, i) => signer.sign({ hash: getModulePossessionHash({ module, account, chainId: client.chain.id, signer: signers[i]!, nonce }) })),
    );
    calls.push(call(encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "addSigners", args: [signers, proofs] })));
  }
  const setThreshold = threshold === undefined ? undefined : call(encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "setThreshold", args: [BigInt(threshold)] }));
  if (setThreshold && threshold! < currentThreshold) calls.push(setThreshold);
  if (remove.length > 0) calls.push(call(encodeFunctionData({ abi: pqValidatorModuleAbi, functionName: "removeSigners", args: [remove.map(toErc7913Signer)] })));
  if (setThreshold && threshold! > currentThreshold) calls.push(setThreshold);
  return calls;
}
