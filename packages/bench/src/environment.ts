import { type Account, type Chain, type Hex, type HttpTransport, type PublicClient, type Transport, type WalletClient, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { gethVersion, startDevnet } from "@pq4337/devnet";
import { type ToPQSmartAccountReturnType, deployPQ4337 } from "@pq4337/sdk";
import { type BundlerClient, createBundlerClient } from "viem/account-abstraction";
import { safeEntryPoint07 } from "./safeContracts.js";

export type EnvironmentOptions = {
  /** The devnet's node: anvil (default) or geth, whose erc7562Tracer checks the operations against ERC-7562. */
  node?: "anvil" | "geth" | undefined;
  /** The devnet's fork (default: the devnet's, Osaka). */
  hardfork?: string | undefined;
  /** How the devnet's Alto bundles: as operations arrive (default), or on `debug_bundler_sendBundleNow`. */
  bundleMode?: "auto" | "manual" | undefined;
  /** An existing chain; without it the embedded devnet is started. */
  rpcUrl?: string | undefined;
  bundlerUrl?: string | undefined;
  /** Funds accounts and deploys expanded keys on an existing chain. */
  privateKey?: Hex | undefined;
};

/** A chain, a bundler and a funded key: the devnet, or an existing chain and bundler. */
export type Environment = {
  chain: Chain;
  client: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
  bundlerUrl: string;
  /** What the figures were measured on, for the dataset's `chain_profile`. */
  chainProfile: string;
  /** The devnet's fork; `null` on an existing chain. */
  hardfork: string | null;
  /** Stops what was started (the devnet); a no-op on an existing chain. */
  stop: () => Promise<void>;
};

/**
 * A bundler client for one of the bench's accounts. Its type parameters are given exactly as viem infers them from
 * these arguments: relating a `createBundlerClient` call to a `BundlerClient<…>` with other parameters (e.g.
 * `SmartAccount`) made tsc spend over two minutes on the bench, most of a fresh install.
 */
export function bundlerClientFor(environment: Environment, account: ToPQSmartAccountReturnType): PQBundlerClient {
  return createBundlerClient<HttpTransport, undefined, ToPQSmartAccountReturnType, PublicClient<Transport, Chain>>({ account, client: environment.client, transport: http(environment.bundlerUrl), pollingInterval: 50 });
}

export type PQBundlerClient = BundlerClient<HttpTransport, undefined, ToPQSmartAccountReturnType, PublicClient<Transport, Chain>>;

export async function openEnvironment(options: EnvironmentOptions): Promise<Environment> {
  if (!options.rpcUrl) {
    // EntryPoint v0.7 beside v0.8, for the Safe 4337 module's rows (packages/bench/src/safe.ts).
    const devnet = await startDevnet({ node: options.node, hardfork: options.hardfork, bundleMode: options.bundleMode, extraEntryPoints: [safeEntryPoint07] });
    const node = devnet.node === "geth" ? `geth ${gethVersion} --dev, a block per pending transaction` : "anvil, automine";
    return {
      ...connect(devnet.chain, devnet.rpcUrl, devnet.funderPrivateKey),
      bundlerUrl: devnet.bundlerUrl,
      chainProfile: `pq4337 devnet: ${node}, hardfork ${devnet.hardfork}, chain id ${devnet.chainId}`,
      hardfork: devnet.hardfork,
      stop: devnet.stop,
    };
  }
  if (!options.bundlerUrl || !options.privateKey)
    throw new Error("--rpc-url needs --bundler-url and a funded key (--private-key or PQ4337_PRIVATE_KEY)");
  const probe = createPublicClient({ transport: http(options.rpcUrl) });
  const [chainId, clientVersion] = await Promise.all([
    probe.getChainId(),
    probe.request({ method: "web3_clientVersion" as never }).catch(() => "unknown client"),
  ]);
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const environment = connect(chain, options.rpcUrl, options.privateKey);
  await deployPQ4337({ client: environment.client, walletClient: environment.walletClient });
  return {
    ...environment,
    bundlerUrl: options.bundlerUrl,
    chainProfile: `chain id ${chainId}, ${String(clientVersion)}`,
    hardfork: null,
    stop: async () => {},
  };
}

function connect(chain: Chain, rpcUrl: string, privateKey: Hex): Pick<Environment, "chain" | "client" | "walletClient"> {
  const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const walletClient = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(privateKey) });
  return { chain, client, walletClient };
}
