import { type Address, type Chain, type Hex, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type PQ4337Addresses, deployPQ4337, entryPointAddress } from "@pq4337/sdk";
import { startAlto } from "./alto.js";
import { startAnvil } from "./anvil.js";
import { deployEntryPoint } from "./entryPoint.js";
import { pickPort } from "./ports.js";
import type { ManagedProcess } from "./process.js";

/** anvil's well-known development keys (mnemonic "test test … junk"): public, for local use only. */
export const devnetPrivateKeys = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
] as const satisfies readonly Hex[];

/** The fork mainnet runs, which the devnet follows unless told otherwise. */
export const defaultHardfork = "osaka";

export type StartDevnetParameters = {
  /** Preferred anvil port (default 8545); a free one is used when it is busy. */
  port?: number | undefined;
  /** Preferred bundler port (default 4337); a free one is used when it is busy. */
  bundlerPort?: number | undefined;
  chainId?: number | undefined;
  /** anvil's EVM hardfork: `osaka` (default, as mainnet since December 2025) or an earlier one such as `prague`. */
  hardfork?: string | undefined;
  /** See {@link StartAltoParameters.bundleMode}. Default `auto`. */
  bundleMode?: "auto" | "manual" | undefined;
  /** Whether to start the bundler (default `true`); without it `bundlerUrl` is empty. */
  bundler?: boolean | undefined;
};

export type Devnet = {
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  chain: Chain;
  hardfork: string;
  entryPoint: Address;
  contracts: PQ4337Addresses;
  /** A funded key, free for the caller's use (deployments, funding accounts). */
  funderPrivateKey: Hex;
  /** The PIDs of the processes this devnet started. */
  pids: { anvil: number; alto: number | undefined };
  /** Stops the bundler and the node, by PID. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Starts the embedded devnet: anvil, the canonical EntryPoint v0.8 (through the CREATE2 deployer), pq4337's
 * factory and verifiers at their deterministic addresses, and the Alto bundler. If any step fails, whatever
 * was started is stopped before the error is thrown.
 *
 * @example
 * const devnet = await startDevnet()
 * try { … devnet.rpcUrl, devnet.bundlerUrl … } finally { await devnet.stop() }
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const { chainId = 31337, hardfork = defaultHardfork, bundleMode = "auto", bundler = true } = parameters;
  const started: ManagedProcess[] = [];
  const stop = async () => {
    for (const process of started.splice(0).reverse()) await process.stop();
  };
  try {
    const port = await pickPort(parameters.port ?? 8545);
    const anvil = await startAnvil({ port, chainId, hardfork });
    started.push(anvil);
    const rpcUrl = `http://127.0.0.1:${port}`;
    const chain = defineChain({
      id: chainId,
      name: "pq4337 devnet",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });

    const [deployerKey, executorKey, utilityKey, funderKey] = devnetPrivateKeys;
    const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
    const walletClient = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(deployerKey) });
    await deployEntryPoint(client, walletClient);
    const contracts = await deployPQ4337({ client, walletClient });

    const bundlerPort = bundler ? await pickPort(parameters.bundlerPort ?? 4337) : undefined;
    const alto = bundlerPort
      ? await startAlto({
          port: bundlerPort,
          rpcUrl,
          entryPoint: entryPointAddress,
          executorPrivateKey: executorKey,
          utilityPrivateKey: utilityKey,
          bundleMode,
        })
      : undefined;
    if (alto) started.push(alto);

    const { transactionHashes: _, ...addresses } = contracts;
    return {
      rpcUrl,
      bundlerUrl: bundlerPort ? `http://127.0.0.1:${bundlerPort}` : "",
      chainId,
      chain,
      hardfork,
      entryPoint: entryPointAddress,
      contracts: addresses,
      funderPrivateKey: funderKey,
      pids: { anvil: anvil.pid, alto: alto?.pid },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
