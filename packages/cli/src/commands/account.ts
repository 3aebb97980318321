import { readFileSync, writeFileSync } from "node:fs";
import {
  type Address,
  type Hex,
  createWalletClient,
  formatEther,
  http,
  isAddress,
  isHex,
  parseEther,
  zeroHash,
} from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount, publicKeyToAddress } from "viem/accounts";
import {
  type PQ4337Signer,
  type SchemeName,
  CodeChunksNotDeployedError,
  InvalidKeyFileError,
  PQ4337Error,
  createPlaintextKeyFile,
  defaultScryptParameters,
  deployCodeChunks,
  deployExpandedKey,
  encryptKeyFile,
  generateKeyFileSecret,
  getErc7913Signer,
  getPQ4337Addresses,
  getPQAccountAddress,
  keyFileSchemes,
  parseKeyFile,
  schemes,
  sendUserOperation,
  toPQSmartAccount,
} from "@pq4337/sdk";
import { connectChain, parseUrl, pollingInterval } from "../chain.js";
import { InputError, parseOptions, required, runReportingErrors } from "../commandErrors.js";
import { loadPayerKey, openKeyFile, payerKeyHelp, payerKeyOptions, readPassphrase } from "../secrets.js";

export const accountHelp = `pq4337 account new --scheme ${keyFileSchemes.join("|")} --out FILE [--passphrase-file FILE | --insecure-plaintext]
pq4337 account address --key-file FILE
pq4337 account deploy-key --key-file FILE --rpc-url URL [--private-key 0x… | --keystore FILE]
pq4337 account send --key-file FILE --rpc-url URL --bundler-url URL --to 0x… --value ETH [--data 0x…] [--passphrase-file FILE]

A testnet user's commands for a pq4337 account (PQAccount on EntryPoint v0.8, at the same address on every chain).

  new         writes a new key to FILE, encrypted with a passphrase (scrypt N=2^18 + AES-256-GCM): from
              --passphrase-file (first line), else PQ4337_PASSPHRASE, else typed twice at a prompt. Prints the
              account's address. --insecure-plaintext writes the secret unencrypted: anyone who reads the file
              owns the account.
  address     prints the account's counterfactual address (no passphrase needed): send ETH there before its
              first operation, which also creates it.
  deploy-key  puts a post-quantum key's expanded public key in contract code, where its verifier reads it; any
              funded key pays (below). Idempotent: a second run sends nothing. ECDSA keys need none.
  send        sends --value ETH (and --data) to --to from the account, as a user operation through the bundler;
              decrypts the key file (passphrase as for new). Prints the user-operation hash, the transaction
              hash and the gas used.

For deploy-key, the paying key:
${payerKeyHelp}`;

const subcommands: Record<string, (args: string[]) => Promise<number>> = { new: newKey, address, "deploy-key": deployKey, send };

export function accountCommand(args: string[]): Promise<number> {
  return runReportingErrors(async () => {
    const [name, ...rest] = args;
    const subcommand = name === undefined ? undefined : subcommands[name];
    if (!subcommand)
      throw new InputError(name === undefined ? "missing subcommand" : `unknown subcommand ${JSON.stringify(name)}; expected new, address, deploy-key or send`, { usage: accountHelp });
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
  const walletClient = createWalletClient({ chain, transport, account: payer });
  const { transactionHashes } = await deployExpandedKey({ client, walletClient, signer: describeKey(scheme, publicKey) });
  const { addresses } = await deployCodeChunks({ client, data: expandedKey });
  console.log(`expanded key: ${(expandedKey.length - 2) / 2} bytes in ${addresses.length} code chunk(s) at ${addresses.join(", ")}`);
  if (transactionHashes.length === 0) console.log("Already deployed: nothing sent.");
  for (const hash of transactionHashes) {
    const { gasUsed, effectiveGasPrice } = await client.getTransactionReceipt({ hash });
    console.log(`transaction ${hash}, gas used ${gasUsed} (${formatEther(gasUsed * effectiveGasPrice)} ETH)`);
  }
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
      "passphrase-file": { type: "string" },
    },
    accountHelp,
  );
  const keyFilePath = required(values["key-file"], "key-file", accountHelp);
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", accountHelp), "rpc-url");
  const bundlerUrl = parseUrl(required(values["bundler-url"], "bundler-url", accountHelp), "bundler-url");
  const to = required(values.to, "to", accountHelp);
  if (!isAddress(to, { strict: false })) throw new InputError(`--to is not an address: ${to}`);
  const value = parseValue(required(values.value, "value", accountHelp));
  const data = values.data ?? "0x";
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) throw new InputError("--data must be 0x-prefixed hex of whole bytes");
  readPublicKey(keyFilePath);
  const { signer } = await openKeyFile(keyFilePath, values["passphrase-file"]);

  const { client } = await connectChain(rpcUrl);
  const { expandedKey } = schemes[signer.scheme]!.toErc7913Key(signer.publicKey);
  if (expandedKey) {
    try {
      await deployCodeChunks({ client, data: expandedKey });
    } catch (error) {
      if (error instanceof CodeChunksNotDeployedError)
        throw new Error(`the key's expanded public key is not on this chain yet: run "pq4337 account deploy-key --key-file ${keyFilePath} --rpc-url ${rpcUrl}" first`);
      throw error;
    }
  }
  const account = await toPQSmartAccount({ client, signer });
  const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
  console.log(`account ${account.address}`);
  const hash = await sendUserOperation(bundler, { calls: [{ to: to as Address, value, data }] });
  console.log(`user operation ${hash}`);
  const receipt = await bundler.waitForUserOperationReceipt({ hash });
  console.log(`transaction ${receipt.receipt.transactionHash}`);
  console.log(`gas used ${receipt.actualGasUsed} (${formatEther(receipt.actualGasCost)} ETH)`);
  if (!receipt.success) throw new Error(`the operation was included but its call reverted${receipt.reason ? `: ${receipt.reason}` : ""}`);
  return 0;
}

function parseScheme(value: string): SchemeName {
  if (!keyFileSchemes.includes(value as SchemeName)) throw new InputError(`unknown scheme ${JSON.stringify(value)}; expected one of ${keyFileSchemes.join(", ")}`);
  return value as SchemeName;
}

/** ETH in decimal ("0.01"), at most 18 decimals, not negative. */
function parseValue(value: string): bigint {
  if (!/^\d+(\.\d{1,18})?$/.test(value)) throw new InputError(`--value must be an amount of ETH such as 0.01, got ${JSON.stringify(value)}`);
  return parseEther(value);
}

/** A key file's public part, read without the passphrase. */
function readPublicKey(path: string): { scheme: SchemeName; publicKey: Hex } {
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
function describeKey(scheme: SchemeName, publicKey: Hex): PQ4337Signer {
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
