import {
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
} from "viem";
import { type BundlerClient, createBundlerClient, prepareUserOperation } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import {
  type KeyFile,
  type PQ4337Signer,
  type SchemeName,
  type ToPQSmartAccountReturnType,
  InsufficientBalanceError,
  assertExpandedKeyDeployed,
  deployExpandedKey,
  parseUserOperationError,
  schemes,
  sendUserOperation,
  toPQSmartAccount,
} from "@pq4337/sdk";
import type { WalletConfig } from "./config.js";
import { runKeyWork } from "./keyWork.js";

/** The devnet mines at once; viem's default 4 s polling would make every step wait. */
const pollingInterval = 250;

export type Connection = {
  config: WalletConfig;
  chain: Chain;
  client: PublicClient<Transport, Chain>;
  bundler: BundlerClient;
};

/** Clients for the chain and the bundler that `config.json` names. */
export function connect(config: WalletConfig): Connection {
  const chain = defineChain({
    id: config.chainId,
    name: `chain ${config.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(config.rpcUrl), pollingInterval });
  // No account on the bundler client: `send` prepares and signs each step itself, to show them.
  const bundler = createBundlerClient({ client, transport: http(config.bundlerUrl), pollingInterval });
  return { config, chain, client, bundler };
}

export type UnlockedKey = { keyFile: KeyFile; signer: PQ4337Signer; account: ToPQSmartAccountReturnType };

/**
 * A new key for `scheme`, in a key file encrypted under `passphrase` (scrypt N = 2¹⁸, as the CLI writes). The key
 * generation and scrypt run in the key worker, off the page's thread.
 */
export async function createKey(connection: Connection, scheme: SchemeName, passphrase: string): Promise<UnlockedKey> {
  const { keyFile, signer } = await runKeyWork({ type: "create", scheme, passphrase });
  return { keyFile, signer, account: await toPQSmartAccount({ client: connection.client, signer }) };
}

/** Decrypts a stored or imported key file in the key worker; a wrong passphrase throws `KeyFileDecryptionError`. */
export async function unlockKey(connection: Connection, keyFile: KeyFile, passphrase: string): Promise<UnlockedKey> {
  const { signer } = await runKeyWork({ type: "unlock", keyFile, passphrase });
  return { keyFile, signer, account: await toPQSmartAccount({ client: connection.client, signer }) };
}

/** Sends 1 ETH to `address` from the devnet's funded key. Only a devnet's config carries that key. */
export async function fundFromDevnet(connection: Connection, address: Address): Promise<Hash> {
  const { config, chain, client } = connection;
  if (!config.devnetFunderPrivateKey) throw new Error("This chain has no faucet: send ETH to the address from a wallet.");
  const funder = createWalletClient({ chain, transport: http(config.rpcUrl), account: privateKeyToAccount(config.devnetFunderPrivateKey) });
  const hash = await funder.sendTransaction({ to: address, value: parseEther("1") });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * Deploys the key's expanded public key (ML-DSA, Falcon) as contract code, paid by `payerPrivateKey`: anyone may
 * pay, since the code is content-addressed. Returns the transactions sent, none when it was already deployed.
 */
export async function deployKey(connection: Connection, signer: PQ4337Signer, payerPrivateKey: Hex): Promise<Hash[]> {
  const { chain, client, config } = connection;
  const walletClient = createWalletClient({ chain, transport: http(config.rpcUrl), account: privateKeyToAccount(payerPrivateKey) });
  const { transactionHashes } = await deployExpandedKey({ client, walletClient, signer });
  for (const hash of transactionHashes) await client.waitForTransactionReceipt({ hash });
  return transactionHashes;
}

export type SendStep = "estimating" | "signing" | "sent" | "included";

export type SendResult = { userOperationHash: Hash; transactionHash: Hash; gasUsed: bigint; gasPerSecureBit: bigint };

/**
 * Sends `value` wei to `to` from the account through the bundler, reporting each step: the bundler estimates the
 * operation's gas, the key signs it, the bundler accepts it, and a block includes it. A missing expanded key throws
 * `ExpandedKeyNotDeployedError` before anything is asked, and so does a value above a funded account's balance
 * (`InsufficientBalanceError`; an empty account meets the bundler's AA21); the bundler's refusals throw the SDK's
 * typed errors.
 */
export async function send(
  connection: Connection,
  { signer, account }: UnlockedKey,
  { to, value }: { to: Address; value: bigint },
  onStep: (step: SendStep, detail?: string) => void,
): Promise<SendResult> {
  const { bundler, client } = connection;
  await assertExpandedKeyDeployed({ client, signer });
  // A transfer above the balance would fail in simulation as OpenZeppelin's bare FailedCall: say it plainly first.
  const balance = await client.getBalance({ address: account.address });
  if (balance > 0n && value > balance) throw new InsufficientBalanceError({ account: account.address, balance, needed: value });
  onStep("estimating");
  const { account: _, ...userOperation } = await prepareUserOperation(bundler, { account, calls: [{ to, value }] }).catch((error: unknown) => {
    throw parseUserOperationError(error);
  });
  onStep("signing");
  const signature = await account.signUserOperation(userOperation);
  const userOperationHash = await sendUserOperation(bundler, { ...userOperation, signature, entryPointAddress: account.entryPoint.address });
  onStep("sent", userOperationHash);
  const receipt = await bundler.waitForUserOperationReceipt({ hash: userOperationHash });
  if (!receipt.success) throw new Error(`The user operation was included but reverted: ${receipt.reason ?? "no reason given"}`);
  onStep("included", receipt.receipt.transactionHash);
  const securityBits = BigInt(schemes[signer.scheme]!.securityBits);
  return {
    userOperationHash,
    transactionHash: receipt.receipt.transactionHash,
    gasUsed: receipt.actualGasUsed,
    gasPerSecureBit: receipt.actualGasUsed / securityBits,
  };
}
