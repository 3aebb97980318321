// The page's wiring: each button calls one action of wallet.ts and shows its outcome or a one-line error.
import { type Address, type Hex, formatEther, isAddress, parseEther } from "viem";
import { type KeyFile, type SchemeName, parseKeyFile, schemes } from "@pq4337/sdk";
import { loadConfig } from "./config.js";
import { describeError } from "./describeError.js";
import { listKeys, saveKey } from "./keyStore.js";
import { measureBrowserTimings } from "./timings.js";
import { type Connection, type SendStep, type UnlockedKey, connect, createKey, deployKey, fundFromDevnet, send, unlockKey } from "./wallet.js";

const element = <type extends HTMLElement>(id: string) => document.getElementById(id) as type;
const input = (id: string) => element<HTMLInputElement>(id);
const show = (id: string, text: string) => (element(id).textContent = text);

let connection: Connection;
let unlocked: UnlockedKey | undefined;
/** A key file chosen before its passphrase was typed: "Unlock" opens it once the passphrase is there. */
let pendingImport: { keyFile: KeyFile; name: string } | undefined;

/** What each action is doing, shown while it runs: key work takes seconds (scrypt), in the key worker. */
const activities: Record<string, string> = {
  create: "Generating the key and encrypting it (scrypt, in a worker)",
  unlock: "Decrypting the key (scrypt, in a worker)",
  import: "Decrypting the key file (scrypt, in a worker)",
};

/**
 * Runs a button's action with the page's status line and error line, and the buttons disabled meanwhile. The status
 * line counts the seconds, and #busy shows an activity bar, until the action ends: the page stays responsive because
 * the long work (scrypt, key generation) runs in the key worker.
 */
async function act(name: string, work: () => Promise<string | void>) {
  const buttons = [...document.querySelectorAll("button")];
  for (const button of buttons) button.disabled = true;
  show("error", "");
  const activity = activities[name] ?? name;
  const started = performance.now();
  show("status", `${activity}…`);
  element("busy").hidden = false;
  const ticker = setInterval(() => {
    // Actions that report steps (send) write their own status; the count goes only on the activity's line.
    if (element("status").textContent!.startsWith(activity)) show("status", `${activity}… ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 100);
  try {
    const done = await work();
    clearInterval(ticker);
    show("status", done ?? "");
  } catch (error) {
    clearInterval(ticker);
    show("status", "");
    show("error", describeError(error));
    console.error(error);
  } finally {
    element("busy").hidden = true;
    for (const button of buttons) button.disabled = false;
  }
}

async function refreshStoredKeys(selected?: string) {
  const select = element<HTMLSelectElement>("stored-keys");
  select.replaceChildren(
    ...(await listKeys()).map(({ address, keyFile }) => new Option(`${keyFile.scheme} ${address}`, address, false, address === selected)),
  );
}

async function refreshAccount() {
  if (!unlocked) return;
  const { account, signer } = unlocked;
  show("account-scheme", `${schemes[signer.scheme]!.label}, ${schemes[signer.scheme]!.securityBits} secure bits`);
  show("address", account.address);
  show("balance", `${formatEther(await connection.client.getBalance({ address: account.address }))} ETH`);
  const expanded = signer.expandedKey;
  element("deploy-key").hidden = !expanded;
  if (!expanded) show("expanded-key", "none needed: the key is self-contained");
  else {
    const codes = await Promise.all(expanded.chunks.map(({ address }) => connection.client.getCode({ address })));
    const deployed = codes.every((code) => code !== undefined && code !== "0x");
    show("expanded-key", `${(expanded.bytes.length - 2) / 2} bytes in ${expanded.chunks.length} chunk(s): ${deployed ? "deployed" : "not deployed"}`);
  }
}

async function useKey(key: UnlockedKey) {
  unlocked = key;
  await saveKey({ address: key.account.address, keyFile: key.keyFile });
  await refreshStoredKeys(key.account.address);
  await refreshAccount();
}

function passphrase(): string {
  const value = input("passphrase").value;
  if (value.length < 8) throw new Error("Choose a passphrase of at least 8 characters.");
  return value;
}

function markStep(step: SendStep | undefined) {
  const order: SendStep[] = ["estimating", "signing", "sent", "included"];
  for (const item of element("progress").querySelectorAll<HTMLLIElement>("li")) {
    const index = order.indexOf(item.dataset.step as SendStep);
    const current = step === undefined ? -1 : order.indexOf(step);
    item.className = index < current || step === "included" ? "done" : index === current ? "active" : "";
  }
}

const handlers: Record<string, () => Promise<string | void>> = {
  create: async () => {
    const scheme = element<HTMLSelectElement>("scheme").value as SchemeName;
    await useKey(await createKey(connection, scheme, passphrase()));
    return `Created a ${scheme} key and stored it encrypted in this browser.`;
  },
  unlock: async () => {
    if (pendingImport) return importPending(input("passphrase").value);
    const address = element<HTMLSelectElement>("stored-keys").value;
    const stored = (await listKeys()).find((key) => key.address === address);
    if (!stored) throw new Error("No stored key: create or import one.");
    await useKey(await unlockKey(connection, stored.keyFile, input("passphrase").value));
    return "Unlocked.";
  },
  export: async () => {
    const address = element<HTMLSelectElement>("stored-keys").value;
    const stored = (await listKeys()).find((key) => key.address === address);
    if (!stored) throw new Error("No stored key to export.");
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([`${JSON.stringify(stored.keyFile, null, 2)}\n`], { type: "application/json" }));
    link.download = `${stored.keyFile.scheme}-${address}.key`;
    link.click();
    URL.revokeObjectURL(link.href);
    return `Exported ${link.download}.`;
  },
  faucet: async () => {
    if (!unlocked) throw new Error("Create or unlock a key first.");
    await fundFromDevnet(connection, unlocked.account.address);
    await refreshAccount();
    return "Funded with 1 ETH.";
  },
  "deploy-key": async () => {
    if (!unlocked) throw new Error("Create or unlock a key first.");
    const payer = (connection.config.devnetFunderPrivateKey ?? input("payer").value) as Hex;
    if (!/^0x[0-9a-fA-F]{64}$/.test(payer)) throw new Error("Enter the private key of a funded address to pay for the deployment.");
    const transactions = await deployKey(connection, unlocked.signer, payer);
    await refreshAccount();
    return transactions.length === 0 ? "Nothing to deploy: the key is already on-chain or self-contained." : `Deployed in ${transactions.length} transaction(s).`;
  },
  send: async () => {
    if (!unlocked) throw new Error("Create or unlock a key first.");
    const to = input("to").value.trim();
    if (!isAddress(to)) throw new Error("“To” is not an address.");
    const value = parseEther(input("value").value.trim());
    for (const id of ["user-operation-hash", "transaction-hash", "gas-used", "gas-per-bit"]) show(id, "–");
    markStep(undefined);
    const result = await send(connection, unlocked, { to: to as Address, value }, (step, detail) => {
      markStep(step);
      if (step === "sent") show("user-operation-hash", detail!);
      if (step === "included") show("transaction-hash", detail!);
      show("status", `${step}…`);
    }).catch((error: unknown) => {
      element("progress").querySelector("li.active")?.classList.replace("active", "failed");
      throw error;
    });
    show("gas-used", result.gasUsed.toLocaleString("en"));
    show("gas-per-bit", result.gasPerSecureBit.toLocaleString("en"));
    await refreshAccount();
    return "Included.";
  },
  measure: async () => {
    const timings = await measureBrowserTimings(5, (scheme) => show("status", `Measuring ${scheme}…`));
    show("timings", JSON.stringify(timings, null, 2));
    return "Measured.";
  },
};

/**
 * Reads a chosen key file. Either order works: with the passphrase typed (or a plaintext file) it is opened at once;
 * otherwise it waits, and "Unlock" opens it once the passphrase is there. A wrong passphrase keeps it waiting.
 */
async function importKeyFile(file: File) {
  const keyFile = parseKeyFile(await file.text());
  pendingImport = { keyFile, name: file.name };
  const encrypted = keyFile.crypto.cipher !== "none";
  if (encrypted && input("passphrase").value === "") return `Read ${file.name}: type its passphrase, then press Unlock.`;
  return importPending(input("passphrase").value);
}

async function importPending(passphrase: string) {
  const { keyFile } = pendingImport!;
  if (keyFile.crypto.cipher !== "none" && passphrase === "") throw new Error("Type the key file's passphrase, then press Unlock.");
  await useKey(await unlockKey(connection, keyFile, passphrase));
  pendingImport = undefined;
  return `Imported a ${keyFile.scheme} key.`;
}

async function start() {
  const config = await loadConfig();
  connection = connect(config);
  const chainId = await connection.client.getChainId();
  if (chainId !== config.chainId) throw new Error(`config.json says chain ${config.chainId}, but ${config.rpcUrl} serves chain ${chainId}.`);
  show("chain", `Chain ${chainId} at ${config.rpcUrl}, bundler ${config.bundlerUrl}`);
  const isDevnet = config.devnetFunderPrivateKey !== undefined;
  element("faucet").hidden = !isDevnet;
  element("payer-label").hidden = isDevnet;
  for (const [id, handler] of Object.entries(handlers)) element(id).addEventListener("click", () => act(id, handler));
  input("import").addEventListener("change", () => {
    const file = input("import").files?.[0];
    if (file) void act("import", () => importKeyFile(file));
  });
  await refreshStoredKeys();
  document.body.dataset.ready = "true";
}

start().catch((error) => show("error", describeError(error)));
