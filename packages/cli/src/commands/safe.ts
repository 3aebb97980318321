import {
  type Address,
  type Chain,
  type Client,
  type Hex,
  type LocalAccount,
  type TransactionReceipt,
  type Transport,
  createWalletClient,
  formatEther,
  isAddressEqual,
  isHex,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { getBalance, getCode, readContract } from "viem/actions";
import { privateKeyToAccount } from "viem/accounts";
import {
  type PQ4337Signer,
  type SafeTransaction,
  type SchemeName,
  UnsupportedSafeVersionError,
  deploySafeOwner,
  encodeSafeSignatures,
  executeSafeTransaction,
  getAddSafeOwnerTransaction,
  getSafeOwnerAddress,
  getSafeTransactionHash,
  getSafeVersion,
  safeAbi,
  supportedSafeVersions,
  signSafeHash,
} from "@pq4337/sdk";
import { connectChain, parseUrl } from "../chain.js";
import { InputError, parseOptions, required, runReportingErrors } from "../commandErrors.js";
import { loadPayerKey, openKeyFile, payerKeyHelp, payerKeyOptions } from "../secrets.js";
import { deployPublicKey, describeKey, parseAddress, parseValue, readPublicKey } from "./account.js";

export const safeHelp = `pq4337 safe owner --key-file FILE [--rpc-url URL]
pq4337 safe add-owner --safe 0x… --key-file FILE --threshold N --rpc-url URL [--private-key 0x… | --keystore FILE]
pq4337 safe send --safe 0x… --key-file FILE --to 0x… --value ETH [--data 0x…] --rpc-url URL [--private-key 0x… | --keystore FILE] [--passphrase-file FILE]

A post-quantum owner for a Safe (${supportedSafeVersions.join(", ")}) that already exists: an ERC7913SafeOwner, an ERC-1271
contract at an address computed from the key (the same on every chain), which answers only whether a signature is
the key's. FILE is a key file from "pq4337 account new" of any scheme but ecdsa (an ECDSA key owns a Safe as itself).

  owner       prints the key's Safe owner address, computed offline (no passphrase needed); with --rpc-url also
              whether it is deployed on that chain.
  add-owner   makes the key an owner of the Safe, with the Safe's new threshold (--threshold 2 on a 1-of-1 Safe
              makes it hybrid: ECDSA and the post-quantum key must both sign). Deploys the key's expanded public
              key, its attestation and its Safe owner where missing (idempotent), then executes the Safe transaction
              addOwnerWithThreshold, signed by the paying key, which must be an owner of a Safe whose threshold is 1.
  send        transfers --value ETH (and --data) from the Safe to --to in one Safe transaction signed by FILE's
              key (decrypted: --passphrase-file, else PQ4337_PASSPHRASE, else a prompt) and, when the Safe's
              threshold needs a second signature, by the paying key as an ECDSA owner. Refuses, before signing,
              when these cannot reach the threshold.

The paying key sends the Ethereum transactions (any funded key; for add-owner an owner of the Safe):
${payerKeyHelp}`;

const subcommands: Record<string, (args: string[]) => Promise<number>> = { owner, "add-owner": addOwner, send };

export function safeCommand(args: string[]): Promise<number> {
  return runReportingErrors(async () => {
    const [name, ...rest] = args;
    const subcommand = name === undefined ? undefined : subcommands[name];
    if (!subcommand)
      throw new InputError(name === undefined ? "missing subcommand" : `unknown subcommand ${JSON.stringify(name)}; expected owner, add-owner or send`, { usage: safeHelp });
    return subcommand(rest);
  });
}

async function owner(args: string[]): Promise<number> {
  const values = parseOptions(args, { "key-file": { type: "string" }, "rpc-url": { type: "string" } }, safeHelp);
  const { scheme, publicKey } = readOwnerKey(required(values["key-file"], "key-file", safeHelp));
  const rpcUrl = values["rpc-url"] === undefined ? undefined : parseUrl(values["rpc-url"], "rpc-url");
  const { owner, erc7913Signer } = getSafeOwnerAddress({ signer: describeKey(scheme, publicKey) });
  console.log(`owner ${owner}`);
  console.log(`signer ${erc7913Signer.slice(0, 42)} (${scheme} verifier) ‖ ${(erc7913Signer.length - 42) / 2}-byte key`);
  if (rpcUrl === undefined) return 0;
  const { client } = await connectChain(rpcUrl);
  console.log(`deployed ${(await hasCode(client, owner)) ? "yes" : "no"} (chain ${client.chain.id})`);
  return 0;
}

async function addOwner(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    { safe: { type: "string" }, "key-file": { type: "string" }, threshold: { type: "string" }, "rpc-url": { type: "string" }, ...payerKeyOptions },
    safeHelp,
  );
  const safe = parseAddress(required(values.safe, "safe", safeHelp), "--safe");
  const keyFilePath = required(values["key-file"], "key-file", safeHelp);
  const threshold = parseThreshold(required(values.threshold, "threshold", safeHelp));
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", safeHelp), "rpc-url");
  const { scheme, publicKey } = readOwnerKey(keyFilePath);
  const payer = privateKeyToAccount(await loadPayerKey(values, safeHelp));

  const { chain, client, transport } = await connectChain(rpcUrl);
  const state = await readSafe(client, safe);
  const signer = describeKey(scheme, publicKey);
  const { owner } = getSafeOwnerAddress({ signer });
  const walletClient = createWalletClient({ chain, transport, account: payer });
  /** The expanded key, its attestation and the owner contract, where missing: the owner signs only once deployed. */
  const deployOwner = async () => {
    await deployPublicKey({ client, walletClient, scheme, publicKey });
    const deployed = await deploySafeOwner({ client, walletClient, signer });
    console.log(`owner ${owner}${deployed.transactionHash ? `: deployed in transaction ${deployed.transactionHash}` : ": already deployed, nothing sent"}`);
  };
  if (includes(state.owners, owner)) {
    if (state.threshold !== threshold)
      throw new InputError(`${keyFilePath}'s owner ${owner} already owns the Safe ${safe} (threshold ${state.threshold}); add-owner does not change the threshold alone`);
    // Added before it was deployed (Safe does not call an owner it adds): deploy it now.
    if (!(await hasCode(client, owner))) await deployOwner();
    console.log(`owner ${owner} already owns the Safe ${safe}, threshold ${state.threshold}: nothing more to send`);
    return 0;
  }
  if (threshold > BigInt(state.owners.length + 1))
    throw new InputError(`--threshold ${threshold} is more than the ${state.owners.length + 1} owners the Safe would have`);
  if (!includes(state.owners, payer.address))
    throw new InputError(`the paying key ${payer.address} is not an owner of the Safe ${safe}: add-owner is signed by the Safe's ECDSA owner`);
  if (state.threshold > 1n)
    throw new InputError(
      `the Safe ${safe} needs ${state.threshold} signatures to add an owner; add-owner signs with one owner key (${payer.address}): use a Safe's own tools to collect the others`,
    );

  await deployOwner();
  const transaction = await getAddSafeOwnerTransaction({ client, safe, owner, threshold });
  await execute({ client, walletClient, safe, transaction, signers: [payer] });
  const after = await readSafe(client, safe);
  console.log(`safe ${safe}: owners ${after.owners.join(", ")}; threshold ${after.threshold}`);
  return 0;
}

async function send(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    {
      safe: { type: "string" },
      "key-file": { type: "string" },
      to: { type: "string" },
      value: { type: "string" },
      data: { type: "string" },
      "rpc-url": { type: "string" },
      ...payerKeyOptions,
    },
    safeHelp,
  );
  const safe = parseAddress(required(values.safe, "safe", safeHelp), "--safe");
  const keyFilePath = required(values["key-file"], "key-file", safeHelp);
  const to = parseAddress(required(values.to, "to", safeHelp), "--to");
  const value = parseValue(required(values.value, "value", safeHelp));
  const data = values.data ?? "0x";
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) throw new InputError("--data must be 0x-prefixed hex of whole bytes");
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", safeHelp), "rpc-url");
  readOwnerKey(keyFilePath);
  const payer = privateKeyToAccount(await loadPayerKey(values, safeHelp));
  const { signer } = await openKeyFile(keyFilePath, values["passphrase-file"]);

  const { chain, client, transport } = await connectChain(rpcUrl);
  const state = await readSafe(client, safe);
  const { owner } = getSafeOwnerAddress({ signer });
  if (!includes(state.owners, owner))
    throw new InputError(`${keyFilePath}'s Safe owner ${owner} is not an owner of the Safe ${safe}: run "pq4337 safe add-owner" first`);
  if (!(await hasCode(client, owner)))
    throw new Error(`${keyFilePath}'s Safe owner ${owner} owns the Safe but is not deployed on chain ${chain.id}: run "pq4337 safe add-owner" with it and the Safe's threshold to deploy it`);
  // The post-quantum owner signs; the paying key too when the threshold needs it and it is an owner.
  const signers: (PQ4337Signer | LocalAccount)[] = [signer];
  if (state.threshold > 1n && includes(state.owners, payer.address)) signers.push(payer);
  if (BigInt(signers.length) < state.threshold)
    throw new InputError(
      `the Safe ${safe} needs ${state.threshold} signatures; ${keyFilePath}'s owner${signers.length > 1 ? " and the paying key give 2" : ` gives 1 (the paying key ${payer.address} is not an owner)`}`,
    );
  const balance = await getBalance(client, { address: safe });
  if (balance < value) throw new Error(`the Safe ${safe} holds ${formatEther(balance)} ETH; this transfer needs ${formatEther(value)} ETH`);

  const transaction: SafeTransaction = {
    to,
    value,
    data,
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: state.nonce,
  };
  await execute({ client, walletClient: createWalletClient({ chain, transport, account: payer }), safe, transaction, signers });
  return 0;
}

type SafeState = { owners: readonly Address[]; threshold: bigint; nonce: bigint };

/** The Safe's owners, threshold and nonce, after checking its version: another version is bad input. */
async function readSafe(client: Client<Transport, Chain>, safe: Address): Promise<SafeState> {
  try {
    await getSafeVersion({ client, safe });
  } catch (error) {
    if (error instanceof UnsupportedSafeVersionError) throw new InputError(`--safe: ${error.shortMessage}`);
    throw error;
  }
  const read = <name extends "getOwners" | "getThreshold" | "nonce">(functionName: name) => readContract(client, { address: safe, abi: safeAbi, functionName });
  const [owners, threshold, nonce] = await Promise.all([read("getOwners"), read("getThreshold"), read("nonce")]);
  return { owners, threshold, nonce };
}

/** Signs the Safe transaction with each signer, executes it and prints its hash and gas; throws if the Safe reports a failure. */
async function execute({
  client,
  walletClient,
  safe,
  transaction,
  signers,
}: {
  client: Client<Transport, Chain>;
  walletClient: Parameters<typeof executeSafeTransaction>[0]["walletClient"];
  safe: Address;
  transaction: SafeTransaction;
  signers: (PQ4337Signer | LocalAccount)[];
}): Promise<TransactionReceipt> {
  const hash = getSafeTransactionHash({ safe, chainId: client.chain.id, transaction });
  const signatures = encodeSafeSignatures({ signatures: await Promise.all(signers.map((signer) => signSafeHash({ hash, signer }))) });
  console.log(`safe transaction ${hash} (nonce ${transaction.nonce}), signed by ${signers.map(signerName).join(" + ")}`);
  const receipt = await executeSafeTransaction({ client, walletClient, safe, transaction, signatures });
  console.log(`transaction ${receipt.transactionHash}, gas used ${receipt.gasUsed} (${formatEther(receipt.gasUsed * receipt.effectiveGasPrice)} ETH)`);
  const executed = parseEventLogs({ abi: safeAbi, logs: receipt.logs, eventName: ["ExecutionSuccess", "ExecutionFailure"] }).find((log) =>
    isAddressEqual(log.address, safe),
  );
  if (receipt.status !== "success" || executed?.eventName !== "ExecutionSuccess") throw new Error(`the Safe transaction ${hash} failed in transaction ${receipt.transactionHash}`);
  return receipt;
}

function signerName(signer: PQ4337Signer | LocalAccount): string {
  return "scheme" in signer ? `${signer.scheme} owner ${getSafeOwnerAddress({ signer }).owner}` : `ECDSA owner ${signer.address}`;
}

/** A key file's public part, for a scheme that owns a Safe through an ERC7913SafeOwner: any but ECDSA. */
function readOwnerKey(path: string): { scheme: SchemeName; publicKey: Hex } {
  const key = readPublicKey(path);
  if (key.scheme === "ecdsa")
    throw new InputError(`${path} holds an ecdsa key, which owns a Safe as its own address: safe commands take a post-quantum key file (pay with --keystore ${path})`);
  return key;
}

/** The Safe's threshold after the change: a whole number from 1. */
function parseThreshold(value: string): bigint {
  if (!/^\d+$/.test(value) || BigInt(value) < 1n) throw new InputError(`--threshold must be a whole number from 1, got ${JSON.stringify(value)}`);
  return BigInt(value);
}

function includes(owners: readonly Address[], address: Address): boolean {
  return owners.some((candidate) => isAddressEqual(candidate, address));
}

async function hasCode(client: Client<Transport, Chain>, address: Address): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
