import { type Address, type Chain, type Hex, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  EndpointUnreachableError,
  type PQ4337Addresses,
  type PQ4337Deployment,
  deployPQ4337,
  entryPointAddress,
  parseUserOperationError,
} from "@pq4337/sdk";
import { startAlto } from "./alto.js";
import { choosePort, devnetDefaultPorts } from "./ports.js";

export type StartBundlerParameters = {
  /** The chain to bundle for: any EVM chain's JSON-RPC endpoint. */
  rpcUrl: string;
  /**
   * A funded key. It pays what the chain lacks (the CREATE2 deployer, EntryPoint v0.8, pq4337's contracts) and then
   * Alto's bundle transactions, for which the EntryPoint reimburses it: Alto's executor and utility key.
   */
  privateKey: Hex;
  /** The bundler's port on 127.0.0.1, which must be free. Default: 4337, or a free port when 4337 is busy. */
  port?: number | undefined;
  /** See {@link StartAltoParameters.bundleMode}. Default `auto`. */
  bundleMode?: "auto" | "manual" | undefined;
  /** Called after each contract the chain lacked is deployed. */
  onDeployed?: ((deployment: PQ4337Deployment) => void) | undefined;
};

export type Bundler = {
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  chain: Chain;
  entryPoint: Address;
  contracts: PQ4337Addresses;
  /** What this start deployed (empty when the chain had everything). */
  deployments: PQ4337Deployment[];
  /** The address of `privateKey`: it paid the deployments and pays the bundles. */
  executor: Address;
  /** The PID of Alto, which {@link stop} ends. */
  pids: { alto: number };
  /** Stops Alto, by PID. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Attaches a bundler to an existing chain: asks the node for its chain id, installs what the chain lacks with
 * `deployPQ4337` (the CREATE2 deployer from its presigned transaction, EntryPoint v0.8 at its canonical address,
 * pq4337's factory and verifiers; nothing when they are there, an error before any transaction when `privateKey`
 * cannot pay), then starts Alto against `rpcUrl` on 127.0.0.1. Alto is owned by the calling process: it stops with
 * it even when that process is killed without calling `stop` (see `process.ts`).
 *
 * @example
 * const bundler = await startBundler({ rpcUrl: "https://…", privateKey })
 * try { … bundler.bundlerUrl … } finally { await bundler.stop() }
 */
export async function startBundler({ rpcUrl, privateKey, port: requestedPort, bundleMode = "auto", onDeployed }: StartBundlerParameters): Promise<Bundler> {
  const transport = http(rpcUrl, { retryCount: 1 });
  let chainId: number;
  try {
    chainId = await createPublicClient({ transport }).getChainId();
  } catch (error) {
    const parsed = parseUserOperationError(error);
    throw new Error(`cannot reach the RPC at ${rpcUrl}: ${parsed instanceof EndpointUnreachableError ? parsed.reason : String(error).split("\n")[0]}`, { cause: error });
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = privateKeyToAccount(privateKey);
  const client = createPublicClient({ chain, transport, pollingInterval: 250 });
  const walletClient = createWalletClient({ chain, transport, account });
  const rpc = new URL(rpcUrl);
  const localRpcPort = ["127.0.0.1", "localhost"].includes(rpc.hostname) ? Number(rpc.port || 80) : undefined;
  const port = await choosePort({ requested: requestedPort, preferred: devnetDefaultPorts.bundler, taken: localRpcPort, what: "bundler" });
  const { deployments, transactionHashes: _, ...contracts } = await deployPQ4337({ client, walletClient, onDeployed });
  const alto = await startAlto({ port, rpcUrl, entryPoint: entryPointAddress, executorPrivateKey: privateKey, utilityPrivateKey: privateKey, bundleMode });
  return {
    rpcUrl,
    bundlerUrl: `http://127.0.0.1:${port}`,
    chainId,
    chain,
    entryPoint: entryPointAddress,
    contracts,
    deployments,
    executor: account.address,
    pids: { alto: alto.pid },
    stop: () => alto.stop(),
  };
}
