import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
  type WalletClient,
  concatHex,
  getContractAddress,
} from "viem";
import { getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { Create2DeployerMissingError, DeploymentFailedError } from "../errors/deploy.js";

export type GetDeterministicAddressParameters = {
  /** Creation code (with constructor arguments appended, if any). */
  bytecode: Hex;
  /** Defaults to {@link deploymentSalt}. */
  salt?: Hex | undefined;
};

/**
 * The address at which `bytecode` lands when deployed through the CREATE2 deployer: it depends only on the
 * code and the salt, so it is the same on every chain.
 *
 * @example
 * const address = getDeterministicAddress({ bytecode: ecdsaVerifierBytecode })
 */
export function getDeterministicAddress({ bytecode, salt = deploymentSalt }: GetDeterministicAddressParameters): Address {
  return getContractAddress({ opcode: "CREATE2", from: create2DeployerAddress, salt, bytecode });
}

export type DeployDeterministicParameters = GetDeterministicAddressParameters & {
  /** Reads the chain. */
  client: Client<Transport, Chain | undefined>;
  /** Pays for the deployment when the code is not there yet. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

export type DeployDeterministicReturnType = {
  address: Address;
  /** The deployment transaction, or `undefined` when the code was already deployed. */
  transactionHash: Hash | undefined;
};

export type DeployDeterministicErrorType = Create2DeployerMissingError | DeploymentFailedError;

/**
 * Deploys `bytecode` through the CREATE2 deployer unless it is already there. Idempotent: a second call sends
 * nothing and returns the same address.
 *
 * @example
 * const { address } = await deployDeterministic({ client, walletClient, bytecode: ecdsaVerifierBytecode })
 */
export async function deployDeterministic(parameters: DeployDeterministicParameters): Promise<DeployDeterministicReturnType> {
  const { client, walletClient, bytecode, salt = deploymentSalt } = parameters;
  const address = getDeterministicAddress({ bytecode, salt });
  if (await hasCode(client, address)) return { address, transactionHash: undefined };
  if (!(await hasCode(client, create2DeployerAddress))) throw new Create2DeployerMissingError();

  const transactionHash = await sendTransaction(walletClient, {
    account: walletClient.account,
    chain: walletClient.chain,
    to: create2DeployerAddress,
    data: concatHex([salt, bytecode]),
  });
  const receipt = await waitForTransactionReceipt(client, { hash: transactionHash });
  if (receipt.status !== "success" || !(await hasCode(client, address)))
    throw new DeploymentFailedError({ address, transactionHash });
  return { address, transactionHash };
}

async function hasCode(client: Client<Transport, Chain | undefined>, address: Address): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
