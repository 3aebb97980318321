import { type Account, type Address, type Chain, type Client, type Hash, type Hex, type Transport, type WalletClient, parseGwei } from "viem";
import { getBalance, getBlock, getCode, getTransactionCount, sendRawTransaction, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { create2DeployerAddress } from "../constants.js";
import { Create2DeployerUnavailableError, UnexpectedCodeError } from "../errors/deploy.js";

/**
 * The CREATE2 deployer's deployment: a legacy transaction without chain id (valid on every chain) signed by a
 * key nobody holds (r = s = 0x22…22), so its one-time signer deploys the same code at the same address
 * everywhere. From Arachnid/deterministic-deployment-proxy.
 */
export const create2DeployerTransaction: Hex =
  "0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222";

/** The address that signed {@link create2DeployerTransaction}. */
export const create2DeployerSigner: Address = "0x3fab184622dc19b6109349b94811493bf2a45362";

/** The transaction's fixed gas price (100 gwei): the base fee must not exceed it. */
export const create2DeployerGasPrice = parseGwei("100");

/** The transaction's gas limit; it uses 68,131 (with today's opcode prices). */
export const create2DeployerGasLimit = 100_000n;

/** The runtime code the transaction deploys. */
export const create2DeployerRuntimeCode: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

export type DeployCreate2DeployerParameters = {
  client: Client<Transport, Chain | undefined>;
  /** Funds the one-time signer when it holds less than gas limit × gas price (0.01 ETH). */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

export type DeployCreate2DeployerReturnType = {
  /** The transfer that funded the one-time signer, or `undefined` when none was needed. */
  fundingTransactionHash: Hash | undefined;
  /** The presigned deployment transaction, or `undefined` when the deployer was already there. */
  transactionHash: Hash | undefined;
  blockNumber: bigint | undefined;
  gasUsed: bigint | undefined;
};

export type DeployCreate2DeployerErrorType = Create2DeployerUnavailableError | UnexpectedCodeError;

/**
 * Installs the canonical CREATE2 deployer at {@link create2DeployerAddress} unless it is there: funds its
 * one-time signer, then broadcasts the presigned transaction. Idempotent; code other than the canonical
 * deployer at that address throws {@link UnexpectedCodeError}.
 *
 * @example
 * await deployCreate2Deployer({ client: publicClient, walletClient })
 */
export async function deployCreate2Deployer({ client, walletClient }: DeployCreate2DeployerParameters): Promise<DeployCreate2DeployerReturnType> {
  if (await checkCreate2Deployer(client))
    return { fundingTransactionHash: undefined, transactionHash: undefined, blockNumber: undefined, gasUsed: undefined };
  await assertCreate2DeployerInstallable(client);

  let fundingTransactionHash: Hash | undefined;
  const shortfall = create2DeployerGasLimit * create2DeployerGasPrice - (await getBalance(client, { address: create2DeployerSigner }));
  if (shortfall > 0n) {
    fundingTransactionHash = await sendTransaction(walletClient, {
      account: walletClient.account,
      chain: walletClient.chain,
      to: create2DeployerSigner,
      value: shortfall,
    });
    await waitForTransactionReceipt(client, { hash: fundingTransactionHash });
  }
  let transactionHash: Hash;
  try {
    transactionHash = await sendRawTransaction(client, { serializedTransaction: create2DeployerTransaction });
  } catch (error) {
    // geth refuses transactions without a chain id unless started with --rpc.allow-unprotected-txs.
    throw new Create2DeployerUnavailableError({ reason: "the node refused its presigned transaction, which has no chain id (EIP-155)", cause: error });
  }
  const { blockNumber, gasUsed } = await waitForTransactionReceipt(client, { hash: transactionHash });
  if (!(await checkCreate2Deployer(client)))
    throw new Create2DeployerUnavailableError({ reason: `its deployment transaction ${transactionHash} left no code` });
  return { fundingTransactionHash, transactionHash, blockNumber, gasUsed };
}

/**
 * Whether the canonical CREATE2 deployer is installed: `false` when the address has no code; throws
 * {@link UnexpectedCodeError} when it has other code.
 */
export async function checkCreate2Deployer(client: Client<Transport, Chain | undefined>): Promise<boolean> {
  const code = await getCode(client, { address: create2DeployerAddress });
  if (code === undefined || code === "0x") return false;
  if (code.toLowerCase() !== create2DeployerRuntimeCode) throw new UnexpectedCodeError({ name: "the CREATE2 deployer", address: create2DeployerAddress });
  return true;
}

/** The presigned transaction can be mined only with nonce 0 and a base fee of at most its gas price. */
export async function assertCreate2DeployerInstallable(client: Client<Transport, Chain | undefined>): Promise<void> {
  const nonce = await getTransactionCount(client, { address: create2DeployerSigner });
  if (nonce !== 0) throw new Create2DeployerUnavailableError({ reason: `its one-time signer ${create2DeployerSigner} has already sent ${nonce} transaction(s)` });
  const { baseFeePerGas } = await getBlock(client);
  if (baseFeePerGas !== null && baseFeePerGas > create2DeployerGasPrice)
    throw new Create2DeployerUnavailableError({ reason: `the base fee (${baseFeePerGas} wei) is above the presigned transaction's gas price of 100 gwei` });
}
