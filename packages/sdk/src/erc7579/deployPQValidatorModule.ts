import type { Account, Chain, Client, Hex, Transport, WalletClient } from "viem";
import { type DeployDeterministicErrorType, type DeployDeterministicReturnType, deployDeterministic } from "../deploy/deployDeterministic.js";
import { pqValidatorModuleBytecode, pqValidatorModuleDeployedBytecode } from "../generated/contracts.js";

export type DeployPQValidatorModuleParameters = {
  client: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** The CREATE2 salt; see {@link getPQValidatorModuleAddress}. */
  salt?: Hex | undefined;
};

export type DeployPQValidatorModuleReturnType = DeployDeterministicReturnType;

export type DeployPQValidatorModuleErrorType = DeployDeterministicErrorType;

/**
 * Deploys the ERC-7579 validator module through the CREATE2 deployer unless it is already there (a second call
 * sends nothing). The module needs pq4337's verifiers on the chain (`deployPQ4337`) for its signers.
 *
 * @example
 * const { address } = await deployPQValidatorModule({ client, walletClient })
 */
export async function deployPQValidatorModule({ client, walletClient, salt }: DeployPQValidatorModuleParameters): Promise<DeployPQValidatorModuleReturnType> {
  return deployDeterministic({
    client,
    walletClient,
    bytecode: pqValidatorModuleBytecode,
    deployedBytecode: pqValidatorModuleDeployedBytecode,
    salt,
    name: "PQValidatorModule",
  });
}
