// What every example but the quickstart (which spells it out) shares: the chain, a funded key, the bundler.
import "./oneLineErrors.js";
import { readFileSync } from "node:fs";
import { type Address, type Hex, createPublicClient, createWalletClient, defineChain, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";

function env(name: string, pattern: RegExp, what: string): string {
  const value = process.env[name];
  if (value && pattern.test(value)) return value;
  console.error(`Set ${name} to ${what}; pq4337 devnet prints it.`);
  process.exit(1);
}

/** Poll every 200 ms: the devnet mines at once, and viem's default is 4 s. */
export const pollingInterval = 200;

/** The chain at PQ4337_RPC_URL, a wallet of the funded PQ4337_PRIVATE_KEY, and PQ4337_BUNDLER_URL. */
export async function exampleEnvironment() {
  const rpcUrl = env("PQ4337_RPC_URL", /^https?:\/\//, "the chain's RPC URL");
  const bundlerUrl = env("PQ4337_BUNDLER_URL", /^https?:\/\//, "the bundler's URL");
  const funderKey = env("PQ4337_PRIVATE_KEY", /^0x[0-9a-fA-F]{64}$/, "a funded private key") as Hex;
  const chain = defineChain({
    id: await createPublicClient({ transport: http(rpcUrl) }).getChainId(),
    name: "pq4337 example chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval });
  const funder = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(funderKey) });
  /** Sends `ether` from the funded key and waits for it. */
  const fund = async (to: Address, ether: string) =>
    client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to, value: parseEther(ether) }) });
  return { chain, client, funder, fund, bundlerUrl };
}

/** A contract of contracts/examples as Hardhat compiled it (`npx -y pnpm@10.34.8 build`), typed by its artifact. */
export function readArtifact<artifact>(name: string): artifact {
  return JSON.parse(readFileSync(new URL(`../artifacts/contracts/examples/${name}.sol/${name}.json`, import.meta.url), "utf8")) as artifact;
}
