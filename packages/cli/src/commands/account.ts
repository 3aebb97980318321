import { readFileSync, writeFileSync } from "node:fs";
import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  createWalletClient,
  formatEther,
  getAddress,
  http,
  isAddress,
  isHex,
  maxUint256,
  parseEther,
  zeroHash,
} from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount, publicKeyToAddress } from "viem/accounts";
import {
  type PQ4337Signer,
  type SchemeName,
  type ToPQSmartAccountReturnType,
  assertExpandedKeyDeployed,
  attestExpandedKey,
  deployAccount,
  entryPointAddress,
  ExpandedKeyNotDeployedError,
  InvalidKeyFileError,
  PQ4337Error,
  createPlaintextKeyFile,
  codeChunksCommitment,
  defaultScryptParameters,
  deployCodeChunks,
  encryptKeyFile,
  generateKeyFileSecret,
  getErc7913Signer,
  getPQ4337Addresses,
  getPQAccountAddress,
  getSignerChangeCalls,
  keyFileSchemes,
  maxVerificationGas,
  parseKeyFile,
  schemes,
  sendUserOperation,
  toPQSmartAccount,
  VerificationGasTooHighError,
} from "@pq4337/sdk";
import { assertBundlerServes, connectChain, parseUrl, pollingInterval } from "../chain.js";
import { InputError, parseOptions, required, runReportingErrors } from "../commandErrors.js";
import { loadPayerKey, openKeyFile, payerKeyHelp, payerKeyOptions, readPassphrase } from "../secrets.js";

export const accountHelp = `pq4337 account new --scheme ${keyFileSchemes.join("|")} --out FILE [--passphrase-file FILE | --insecure-plaintext]
pq4337 account address --key-file FILE
pq4337 account deploy-key --key-file FILE --rpc-url URL [--private-key 0x… | --keystore FILE]
pq4337 account deploy --key-file FILE --rpc-url URL [--private-key 0x… | --keystore FILE]
pq4337 account send --key-file FILE --rpc-url URL --bundler-url URL --to 0x… --value ETH [--data 0x…] [--account 0x…] [--passphrase-file FILE]
pq4337 account rotate --key-file FILE --to NEW_FILE --rpc-url URL --bundler-url URL [--account 0x…] [--passphrase-file FILE] [--to-passphrase-file FILE]

A testnet user's commands for a pq4337 account (PQAccount on EntryPoint v0.8, at the same address on every chain).

  new         writes a new key to FILE, encrypted with a passphrase (scrypt N=2^18 + AES-256-GCM): from
              --passphrase-file (first line), else PQ4337_PASSPHRASE, else typed twice at a prompt. Prints the
              account's address (for an ECDSA key also its own address, the EOA that "pq4337 deploy --keystore
              FILE" pays from). --insecure-plaintext writes the secret unencrypted: anyone who reads the file
              owns the account.
  address     prints the account's counterfactual address (no passphrase needed): send ETH there before its
              first operation, which also creates it.
  deploy-key  puts a post-quantum key's expanded public key in contract code, where its verifier reads it, and
              attests it (the key attestor proves on-chain that it is the public key's expansion, which an
              account requires before storing the key); any funded key pays (below). Idempotent: a second run
              sends nothing. ECDSA keys need none.
  deploy      creates the account with a plain transaction to its factory (any funded key pays; the address
              binds the key, so whoever pays, the account is FILE's). Idempotent. Do it before the first send when
              that would declare more than ERC-7562's 500,000 verification gas (a Falcon-512 or Ed25519 account):
              send then refuses, before signing, and says so.
  send        sends --value ETH (and --data) to --to from the account, as a user operation through the bundler;
              decrypts the key file (passphrase as for new). Prints the user-operation hash, the transaction
              hash and the gas used. --account names an account whose key was rotated to FILE (its address is
              then not FILE's own counterfactual address).
  rotate      replaces the account's key (FILE) by NEW_FILE's in one user operation signed by FILE's key: the
              account deploys the new expanded key itself, NEW_FILE's key signs its proof of possession, the old
              key is removed. The address stays; afterwards use send --key-file NEW_FILE --account ADDRESS.

For deploy-key and deploy, the paying key:
${payerKeyHelp}`;

const subcommands: Record<string, (args: string[]) => Promise<number>> = { new: newKey, address, "deploy-key": deployKey, deploy: deployAccountCommand, send, rotate };

export function accountCommand(args: string[]): Promise<number> {
  return runReportingErrors(async () => {
    const [name, ...rest] = args;
    const subcommand = name === undefined ? undefined : subcommands[name];
    if (!subcommand)
      throw new InputError(name === undefined ? "missing subcommand" : `unknown subcommand ${JSON.stringify(name)}; expected new, address, deploy-key, deploy, send or rotate`, { usage: accountHelp });
    return subcommand(rest);
  });
}

async function newKey(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    { scheme: { type: "string" }, out: { type: "string" }, "passphrase-file": { type: "string" }, "insecure-plaintext": { type: "boolean" } },
    accountHelp,
  );
  const scheme = parseScheme(required(values.scheme, "scheme", accountHelp));
  const out = required(values.out, "out", accountHelp);
  const plaintext = values["insecure-plaintext"] === true;
  if (plaintext && values["passphrase-file"] !== undefined) throw new InputError("--insecure-plaintext and --passphrase-file exclude each other");
  const passphrase = plaintext ? undefined : await readPassphrase({ file: values["passphrase-file"], prompt: `Passphrase for ${out}: `, confirm: true });

  const secret = generateKeyFileSecret(scheme);
  const keyFile = passphrase === undefined ? createPlaintextKeyFile({ scheme, secret }) : await encryptKeyFile({ scheme, secret, passphrase });
  try {
    writeFileSync(out, `${JSON.stringify(keyFile, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === "EEXIST" ? `${out} exists; not overwriting it` : `cannot write ${out}: ${code ?? String(error)}`);
  }
  if (plaintext) console.error(`WARNING: ${out} holds the key unencrypted. Anyone who can read it controls the account.`);
  console.log(`wrote ${out}: a ${scheme} key, ${plaintext ? "NOT encrypted" : `encrypted (scrypt N=2^${Math.log2(defaultScryptParameters.n)}, AES-256-GCM)`}`);
  console.log(`address ${await accountAddress(scheme, keyFile.publicKey)}`);
  if (scheme === "ecdsa")
    console.log(`key address ${publicKeyToAddress(keyFile.publicKey)} (the key's own account: what "pq4337 deploy --keystore ${out}" and deploy-key pay from)`);
  return 0;
}

async function address(args: string[]): Promise<number> {
  const values = parseOptions(args, { "key-file": { type: "string" } }, accountHelp);
  const { scheme, publicKey } = readPublicKey(required(values["key-file"], "key-file", accountHelp));
  console.log(await accountAddress(scheme, publicKey));
  return 0;
}

async function deployKey(args: string[]): Promise<number> {
  const values = parseOptions(args, { "key-file": { type: "string" }, "rpc-url": { type: "string" }, ...payerKeyOptions }, accountHelp);
  const { scheme, publicKey } = readPublicKey(required(values["key-file"], "key-file", accountHelp));
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", accountHelp), "rpc-url");
  const { expandedKey } = schemes[scheme]!.toErc7913Key(publicKey);
  if (!expandedKey) {
    console.log(`An ${scheme} key is self-contained: nothing to deploy.`);
    return 0;
  }
  const payer = privateKeyToAccount(await loadPayerKey(values, accountHelp));

  const { chain, client, transport } = await connectChain(rpcUrl);
  await deployPublicKey({ client, walletClient: createWalletClient({ chain, transport, account: payer }), scheme, publicKey });
  return 0;
}

/**
 * Puts a post-quantum key's expanded public key in code and attests it, skipping what is done, and prints what it
 * found and sent. A self-contained key (ECDSA, Ed25519, passkeys) needs nothing.
 */
export async function deployPublicKey({
  client,
  walletClient,
  scheme,
  publicKey,
}: {
  client: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
  scheme: SchemeName;
  publicKey: Hex;
}): Promise<void> {
  const { expandedKey } = schemes[scheme]!.toErc7913Key(publicKey);
  if (!expandedKey) return;
  const { transactionHashes, addresses, chunks } = await deployCodeChunks({ client, walletClient, data: expandedKey });
  console.log(`expanded key: ${(expandedKey.length - 2) / 2} bytes in ${addresses.length} code chunk(s) at ${addresses.join(", ")}`);
  if (transactionHashes.length === 0) console.log("Already deployed: nothing sent.");
  // The verifier names (and an account stores) the key only once its attestor has proven E to be pk's expansion.
  const attested = await attestExpandedKey({ client, walletClient, signer: { scheme, expandedKey: { publicKey, commitment: codeChunksCommitment(chunks) } } });
  console.log(`attestation record ${attested.record}${attested.transactionHash ? "" : ": already attested, nothing sent"}`);
  if (attested.transactionHash) transactionHashes.push(attested.transactionHash);
  for (const hash of transactionHashes) {
    const { gasUsed, effectiveGasPrice } = await client.getTransactionReceipt({ hash });
    console.log(`transaction ${hash}, gas used ${gasUsed} (${formatEther(gasUsed * effectiveGasPrice)} ETH)`);
  }
}

async function deployAccountCommand(args: string[]): Promise<number> {
  const values = parseOptions(args, { "key-file": { type: "string" }, "rpc-url": { type: "string" }, ...payerKeyOptions }, accountHelp);
  const keyFilePath = required(values["key-file"], "key-file", accountHelp);
  const { scheme, publicKey } = readPublicKey(keyFilePath);
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", accountHelp), "rpc-url");
  const payer = privateKeyToAccount(await loadPayerKey(values, accountHelp));

  const { chain, client, transport } = await connectChain(rpcUrl);
  const signer = describeKey(scheme, publicKey);
  // Creating the account checks its signer against the verifier, which reads the expanded key.
  await assertKeyOnChain(client, signer, keyFilePath, rpcUrl);
  const account = await toPQSmartAccount({ client, signer });
  const walletClient = createWalletClient({ chain, transport, account: payer });
  const { transactionHash } = await deployAccount({ client, walletClient, account });
  console.log(`account ${account.address}`);
  if (transactionHash === undefined) {
    console.log("Already deployed: nothing sent.");
    return 0;
  }
  const { gasUsed, effectiveGasPrice } = await client.getTransactionReceipt({ hash: transactionHash });
  console.log(`transaction ${transactionHash}, gas used ${gasUsed} (${formatEther(gasUsed * effectiveGasPrice)} ETH), paid by ${payer.address}`);
  return 0;
}

async function send(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    {
      "key-file": { type: "string" },
      "rpc-url": { type: "string" },
      "bundler-url": { type: "string" },
      to: { type: "string" },
      value: { type: "string" },
      data: { type: "string" },
      account: { type: "string" },
      "passphrase-file": { type: "string" },
    },
    accountHelp,
  );
  const keyFilePath = required(values["key-file"], "key-file", accountHelp);
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", accountHelp), "rpc-url");
  const bundlerUrl = parseUrl(required(values["bundler-url"], "bundler-url", accountHelp), "bundler-url");
  const to = parseAddress(required(values.to, "to", accountHelp), "--to");
  const value = parseValue(required(values.value, "value", accountHelp));
  const data = values.data ?? "0x";
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) throw new InputError("--data must be 0x-prefixed hex of whole bytes");
  const accountAddress = values.account === undefined ? undefined : parseAddress(values.account, "--account");
  readPublicKey(keyFilePath);
  const { signer } = await openKeyFile(keyFilePath, values["passphrase-file"]);

  const { client } = await connectChain(rpcUrl);
  await assertBundlerServes({ bundlerUrl, rpcUrl, chainId: client.chain.id, entryPoint: entryPointAddress });
  await assertKeyOnChain(client, signer, keyFilePath, rpcUrl);
  const account = await toPQSmartAccount({ client, signer, address: accountAddress });
  return sendAndReport(account, client, bundlerUrl, [{ to, value, data }], { keyFilePath, rpcUrl });
}

async function rotate(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    {
      "key-file": { type: "string" },
      to: { type: "string" },
      "rpc-url": { type: "string" },
      "bundler-url": { type: "string" },
      account: { type: "string" },
      "passphrase-file": { type: "string" },
      "to-passphrase-file": { type: "string" },
    },
    accountHelp,
  );
  const keyFilePath = required(values["key-file"], "key-file", accountHelp);
  const newKeyFilePath = required(values.to, "to", accountHelp);
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", accountHelp), "rpc-url");
  const bundlerUrl = parseUrl(required(values["bundler-url"], "bundler-url", accountHelp), "bundler-url");
  const accountAddress = values.account === undefined ? undefined : parseAddress(values.account, "--account");
  const current = readPublicKey(keyFilePath);
  const next = readPublicKey(newKeyFilePath);
  if (current.scheme === next.scheme && current.publicKey.toLowerCase() === next.publicKey.toLowerCase())
    throw new InputError(`${newKeyFilePath} holds the same key as ${keyFilePath}`);
  const { signer } = await openKeyFile(keyFilePath, values["passphrase-file"]);
  const { signer: newSigner } = await openKeyFile(newKeyFilePath, values["to-passphrase-file"] ?? values["passphrase-file"]);

  const { client } = await connectChain(rpcUrl);
  await assertBundlerServes({ bundlerUrl, rpcUrl, chainId: client.chain.id, entryPoint: entryPointAddress });
  await assertKeyOnChain(client, signer, keyFilePath, rpcUrl);
  const account = await toPQSmartAccount({ client, signer, address: accountAddress });
  const calls = await getSignerChangeCalls({ client, account, add: [newSigner], remove: [signer] });
  const status = await sendAndReport(account, client, bundlerUrl, calls, { keyFilePath, rpcUrl });
  console.log(`rotated: ${account.address} is now controlled by ${newKeyFilePath} (${newSigner.scheme}) alone`);
  console.log(`next: pq4337 account send --key-file ${newKeyFilePath} --account ${account.address} …`);
  return status;
}

/** A post-quantum key's expanded public key must be on the chain before its account can sign: say how, not AA24. */
async function assertKeyOnChain(client: Client<Transport, Chain>, signer: PQ4337Signer, keyFilePath: string, rpcUrl: string): Promise<void> {
  try {
    await assertExpandedKeyDeployed({ client, signer });
  } catch (error) {
    if (error instanceof ExpandedKeyNotDeployedError)
      throw new Error(`the key's expanded public key is not on this chain yet: run "pq4337 account deploy-key --key-file ${keyFilePath} --rpc-url ${rpcUrl}" first`);
    throw error;
  }
}

/**
 * Sends `calls` as one user operation and prints its hash, transaction and gas; non-zero if the calls reverted. An
 * operation that would create the account and declare more than ERC-7562's verification gas is refused before it
 * is signed, with the command that deploys the account first.
 */
async function sendAndReport(
  account: ToPQSmartAccountReturnType,
  client: Client<Transport, Chain>,
  bundlerUrl: string,
  calls: { to: Address; value?: bigint; data?: Hex }[],
  { keyFilePath, rpcUrl }: { keyFilePath: string; rpcUrl: string },
): Promise<number> {
  const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
  console.log(`account ${account.address}`);
  // Only the creating operation is held to the bound: once the account exists, no plain transaction lowers it.
  const creates = !(await account.isDeployed());
  let hash: Hex;
  try {
    hash = await sendUserOperation(bundler, { calls, maxVerificationGas: creates ? maxVerificationGas : undefined });
  } catch (error) {
    if (error instanceof VerificationGasTooHighError && error.createsAccount)
      throw new Error(
        `this first operation would create the account and declare ${error.declared.toLocaleString("en-US")} verification gas, above ERC-7562's ${error.limit.toLocaleString("en-US")} that public bundlers enforce: run "pq4337 account deploy --key-file ${keyFilePath} --rpc-url ${rpcUrl} --keystore FILE" first (any funded key pays); nothing was signed`,
      );
    throw error;
  }
  console.log(`user operation ${hash}`);
  const receipt = await bundler.waitForUserOperationReceipt({ hash });
  console.log(`transaction ${receipt.receipt.transactionHash}`);
  console.log(`gas used ${receipt.actualGasUsed} (${formatEther(receipt.actualGasCost)} ETH)`);
  if (!receipt.success) throw new Error(`the operation was included but its call reverted${receipt.reason ? `: ${receipt.reason}` : ""}`);
  return 0;
}

/** A 20-byte address; one in mixed case must carry a valid EIP-55 checksum, as wallets demand, to catch typos. */
export function parseAddress(value: string, option: string): Address {
  if (!isAddress(value, { strict: false })) throw new InputError(`${option} is not an address: ${value}`);
  if (value !== value.toLowerCase() && value.slice(2) !== value.slice(2).toUpperCase() && getAddress(value) !== value)
    throw new InputError(`${option} ${value} fails its EIP-55 checksum: check it for a typo (or give it all in lower case to skip the check)`);
  return value as Address;
}

function parseScheme(value: string): SchemeName {
  if (!keyFileSchemes.includes(value as SchemeName)) throw new InputError(`unknown scheme ${JSON.stringify(value)}; expected one of ${keyFileSchemes.join(", ")}`);
  return value as SchemeName;
}

/** ETH in decimal ("0.01"), at most 18 decimals, not negative, at most 2^256 − 1 wei. */
export function parseValue(value: string): bigint {
  if (/^\s*-/.test(value)) throw new InputError(`--value must not be negative, got ${JSON.stringify(value)}`);
  if (!/^\d+(\.\d{1,18})?$/.test(value)) throw new InputError(`--value must be an amount of ETH such as 0.01 (at most 18 decimals), got ${JSON.stringify(value)}`);
  const wei = parseEther(value);
  if (wei > maxUint256) throw new InputError(`--value ${value} ETH is more than any account can hold (2^256 − 1 wei)`);
  return wei;
}

/** A key file's public part, read without the passphrase. */
export function readPublicKey(path: string): { scheme: SchemeName; publicKey: Hex } {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read the key file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return parseKeyFile(text);
  } catch (error) {
    if (error instanceof InvalidKeyFileError) throw new InputError(`${path}: ${error.shortMessage}`);
    throw error;
  }
}

/**
 * A signer that only describes a key: what an account's address and the expanded key's deployment need. It
 * refuses to sign; `send` decrypts the key file for that.
 */
export function describeKey(scheme: SchemeName, publicKey: Hex): PQ4337Signer {
  const refuse = async (): Promise<Hex> => {
    throw new PQ4337Error("This signer only describes a key; decrypt the key file to sign.");
  };
  // ECDSA signers use their 20-byte address as the ERC-7913 key; the post-quantum ones the registry's key.
  const key = scheme === "ecdsa" ? publicKeyToAddress(publicKey) : schemes[scheme]!.toErc7913Key(publicKey).key;
  return { scheme, publicKey, key, sign: refuse, getStubSignature: refuse };
}

/** The account's address, computed offline: it is the same on every chain. */
async function accountAddress(scheme: SchemeName, publicKey: Hex): Promise<Address> {
  const { accountFactory, accountImplementation } = getPQ4337Addresses();
  return getPQAccountAddress({
    signers: [getErc7913Signer({ signer: describeKey(scheme, publicKey) }).erc7913Signer],
    threshold: 1,
    salt: zeroHash,
    factory: accountFactory,
    implementation: accountImplementation,
  });
}
