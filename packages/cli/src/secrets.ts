import { readFileSync } from "node:fs";
import { type Hex, isHex } from "viem";
import { InvalidKeyFileError, KeyFileDecryptionError, decryptKeyFile } from "@pq4337/sdk";
import { InputError } from "./commandErrors.js";

/** The options a command that pays for transactions takes for its key. */
export const payerKeyOptions = {
  "private-key": { type: "string" },
  keystore: { type: "string" },
  "passphrase-file": { type: "string" },
} as const;

export const payerKeyHelp = `  --private-key 0x…      the paying key (visible to other users of this machine: prefer the two below)
  --keystore FILE        an encrypted key: an Ethereum V3 keystore (geth, ethers, MetaMask) or an ECDSA key file
                         from "pq4337 account new"
  --passphrase-file FILE the keystore's passphrase (first line); else PQ4337_PASSPHRASE, else a prompt
  PQ4337_PRIVATE_KEY     the paying key, when neither --private-key nor --keystore is given`;

/**
 * The ECDSA key that pays: `--private-key`, else `--keystore FILE` decrypted with the passphrase, else the
 * environment's PQ4337_PRIVATE_KEY. Throws an {@link InputError} when it is missing or malformed.
 */
export async function loadPayerKey(values: { "private-key"?: string; keystore?: string; "passphrase-file"?: string }, usage: string): Promise<Hex> {
  if (values["private-key"] !== undefined && values.keystore !== undefined) throw new InputError("give --private-key or --keystore, not both");
  if (values.keystore !== undefined) {
    const { scheme, secret } = await openKeyFile(values.keystore, values["passphrase-file"]);
    if (scheme !== "ecdsa") throw new InputError(`${values.keystore} holds a ${scheme} key; paying for transactions takes an ECDSA key`);
    return secret;
  }
  const source = values["private-key"] !== undefined ? "--private-key" : "PQ4337_PRIVATE_KEY";
  const privateKey = values["private-key"] ?? process.env.PQ4337_PRIVATE_KEY;
  if (privateKey === undefined || privateKey === "")
    throw new InputError("no key to pay with: give --private-key, --keystore FILE or the environment variable PQ4337_PRIVATE_KEY", { usage });
  if (!isHex(privateKey, { strict: true }) || privateKey.length !== 66) throw new InputError(`${source} must be a 32-byte 0x-prefixed hex private key`);
  return privateKey;
}

/** Reads and decrypts a key file (pq4337 or Ethereum V3); a plaintext file needs no passphrase. */
export async function openKeyFile(path: string, passphraseFile: string | undefined) {
  const text = readText(path, "key file");
  let encrypted: boolean;
  try {
    const json = JSON.parse(text) as { crypto?: { cipher?: unknown } };
    encrypted = json?.crypto?.cipher !== "none";
  } catch {
    throw new InputError(`${path} is not a key file: it is not JSON`);
  }
  const passphrase = encrypted ? await readPassphrase({ file: passphraseFile, prompt: `Passphrase for ${path}: ` }) : undefined;
  try {
    return await decryptKeyFile({ keyFile: text, passphrase });
  } catch (error) {
    if (error instanceof InvalidKeyFileError || error instanceof KeyFileDecryptionError) throw new InputError(`${path}: ${error.shortMessage}`);
    throw error;
  }
}

/**
 * A passphrase: the first line of `file`, else the environment's PQ4337_PASSPHRASE, else typed at a prompt
 * (twice when `confirm`) when stdin is a terminal.
 */
export async function readPassphrase({ file, prompt, confirm = false }: { file?: string | undefined; prompt: string; confirm?: boolean }): Promise<string> {
  const passphrase =
    file !== undefined
      ? readText(file, "passphrase file").split(/\r?\n/)[0]!
      : process.env.PQ4337_PASSPHRASE ?? (await promptTwiceIf(confirm, prompt));
  if (passphrase === "") throw new InputError("the passphrase is empty");
  return passphrase;
}

async function promptTwiceIf(confirm: boolean, prompt: string): Promise<string> {
  if (!process.stdin.isTTY)
    throw new InputError("no passphrase: give --passphrase-file FILE or PQ4337_PASSPHRASE, or run in a terminal to type it");
  const passphrase = await promptHidden(prompt);
  if (confirm && (await promptHidden("Again: ")) !== passphrase) throw new InputError("the passphrases differ");
  return passphrase;
}

/** Reads a line from the terminal without echoing it; Ctrl-C aborts. */
function promptHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (result: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write("\n");
      result();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") return finish(() => resolve(typed));
        if (character === "\u0003") return finish(() => reject(new InputError("cancelled")));
        if (character === "\u007f" || character === "\b") typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on("data", onData);
  });
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read the ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
