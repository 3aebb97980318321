import { type Address, type Hex, getContractAddress } from "viem";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { initCodeHashes } from "../generated/initCodeHashes.js";

export type GetPQValidatorModuleAddressParameters = {
  /** The CREATE2 salt. Defaults to pq4337's deployment salt: the one module every account on a chain can share. */
  salt?: Hex | undefined;
};

/**
 * Where {@link deployPQValidatorModule} puts the ERC-7579 validator module: the CREATE2 deployer's address for its
 * creation code, the same on every chain. One module serves every account (its storage is keyed by the account).
 *
 * @example
 * const module = getPQValidatorModuleAddress()
 */
export function getPQValidatorModuleAddress({ salt = deploymentSalt }: GetPQValidatorModuleAddressParameters = {}): Address {
  return getContractAddress({ opcode: "CREATE2", from: create2DeployerAddress, salt, bytecodeHash: initCodeHashes.PQValidatorModule });
}
