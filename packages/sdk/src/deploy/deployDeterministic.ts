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
  hexToBytes,
} from "viem";
import { getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { Create2DeployerMissingError, DeploymentFailedError, UnexpectedCodeError } from "../errors/deploy.js";

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
  /**
   * The compiler's runtime code (immutables zero-filled). When given, code already at the address must match it
   * (see {@link matchesDeployedBytecode}), or {@link UnexpectedCodeError} is thrown.
   */
  deployedBytecode?: Hex | undefined;
  /** Named in errors. Defaults to the address. */
  name?: string | undefined;
};

export type DeployDeterministicReturnType = {
  address: Address;
  /** The deployment transaction, or `undefined` when the code was already deployed. */
  transactionHash: Hash | undefined;
  /** The block that included the deployment, or `undefined` when the code was already deployed. */
  blockNumber: bigint | undefined;
  /** The deployment's gas, or `undefined` when the code was already deployed. */
  gasUsed: bigint | undefined;
};

export type DeployDeterministicErrorType = Create2DeployerMissingError | DeploymentFailedError | UnexpectedCodeError;

/**
 * Deploys `bytecode` through the CREATE2 deployer unless it is already there. Idempotent: a second call sends
 * nothing and returns the same address.
 *
 * @example
 * const { address } = await deployDeterministic({ client, walletClient, bytecode: ecdsaVerifierBytecode })
 */
export async function deployDeterministic(parameters: DeployDeterministicParameters): Promise<DeployDeterministicReturnType> {
  const { client, walletClient, bytecode, salt = deploymentSalt, deployedBytecode } = parameters;
  const address = getDeterministicAddress({ bytecode, salt });
  const code = await getCode(client, { address });
  if (code !== undefined && code !== "0x") {
    if (deployedBytecode && !matchesDeployedBytecode(code, deployedBytecode))
      throw new UnexpectedCodeError({ name: parameters.name ?? address, address });
    return { address, transactionHash: undefined, blockNumber: undefined, gasUsed: undefined };
  }
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
  return { address, transactionHash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed };
}

/**
 * Whether on-chain runtime code is the compiler's `deployedBytecode`. The two differ only in immutables,
 * which the compiler leaves zero-filled and the constructor writes: each is loaded by a `PUSH32`, so the
 * operands of `PUSH32 0` in `deployedBytecode` (an instruction solc emits for nothing else) are not compared.
 *
 * @example
 * matchesDeployedBytecode(await getCode(client, { address }), pqAccountFactoryDeployedBytecode)
 */
export function matchesDeployedBytecode(code: Hex, deployedBytecode: Hex): boolean {
  const actual = hexToBytes(code);
  const expected = hexToBytes(deployedBytecode);
  if (actual.length !== expected.length) return false;
  const masked = immutablePositions(expected);
  for (let index = 0; index < expected.length; index++)
    if (actual[index] !== expected[index] && !masked.has(index)) return false;
  return true;
}

const push1 = 0x60;
const push32 = 0x7f;

/** The byte positions of zero-filled `PUSH32` operands, found by walking the instructions (skipping push data). */
function immutablePositions(code: Uint8Array): Set<number> {
  const positions = new Set<number>();
  for (let pc = 0; pc < code.length; pc++) {
    const opcode = code[pc]!;
    if (opcode < push1 || opcode > push32) continue;
    const width = opcode - push1 + 1;
    if (opcode === push32 && code.subarray(pc + 1, pc + 33).every((byte) => byte === 0) && pc + 32 < code.length)
      for (let offset = 1; offset <= 32; offset++) positions.add(pc + offset);
    pc += width;
  }
  return positions;
}

/** Whether an address has code. */
export async function hasCode(client: Client<Transport, Chain | undefined>, address: Address): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
