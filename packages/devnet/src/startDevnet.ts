import { type Address, type Chain, type Hex, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type PQ4337Addresses, deployDeterministic, deployPQ4337, entryPointAddress } from "@pq4337/sdk";
import { startAlto } from "./alto.js";
import { startAnvil } from "./anvil.js";
import { installGeth, startGeth } from "./geth.js";
import { choosePort, devnetDefaultPorts } from "./ports.js";
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
  /**
   * The node: `anvil` (default, from npm) or `geth` (v1.17.10, which has the native `erc7562Tracer`; built from
   * source with Go on first use and cached, see `installGeth`).
   */
  node?: "anvil" | "geth" | undefined;
  /** The node's port, which must be free. Default: 8545, or a free port when 8545 is busy. */
  port?: number | undefined;
  /** The bundler's port, which must be free. Default: 4337, or a free port when 4337 is busy. */
  bundlerPort?: number | undefined;
  chainId?: number | undefined;
  /** The EVM rules: `osaka` (default, as mainnet since December 2025) or `prague`; anvil also takes older forks. */
  hardfork?: string | undefined;
  /** See {@link StartAltoParameters.bundleMode}. Default `auto`. */
  bundleMode?: "auto" | "manual" | undefined;
  /**
   * More entry points for the bundler to serve besides v0.8 (e.g. v0.7 for Safe's 4337 module), as creation code
   * and salt: they are deployed through the CREATE2 deployer before the bundler starts, which refuses an entry
   * point without code.
   */
  extraEntryPoints?: readonly { bytecode: Hex; salt: Hex }[] | undefined;
  /** Whether to start the bundler (default `true`); without it `bundlerUrl` is empty. */
  bundler?: boolean | undefined;
};

export type Devnet = {
  node: "anvil" | "geth";
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  chain: Chain;
  hardfork: string;
  entryPoint: Address;
  contracts: PQ4337Addresses;
  /** A funded key reserved for the caller (deployments, funding accounts): neither the deployer nor Alto uses it. */
  funderPrivateKey: Hex;
  /** The PIDs of the processes this devnet started. */
  pids: { anvil?: number | undefined; geth?: number | undefined; alto: number | undefined };
  /** Stops the bundler and the node, by PID. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Starts the embedded devnet: anvil (or geth), the canonical EntryPoint v0.8 (through the CREATE2 deployer), pq4337's
 * factory and verifiers at their deterministic addresses, and the Alto bundler, all on 127.0.0.1. If any step
 * fails, whatever was started is stopped before the error is thrown. The processes are owned by the calling
 * process: they stop with it even when it is killed without stopping them (see `process.ts`).
 *
 * @example
 * const devnet = await startDevnet() // or startDevnet({ node: "geth" }) for geth's erc7562Tracer
 * try { … devnet.rpcUrl, devnet.bundlerUrl … } finally { await devnet.stop() }
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<Devnet> {
  const { node = "anvil", chainId = 31337, hardfork = defaultHardfork, bundleMode = "auto", bundler = true } = parameters;
  // geth is built (or Go found missing) before anything starts.
  if (node === "geth") await installGeth();
  const started: ManagedProcess[] = [];
  const stop = async () => {
    for (const process of started.splice(0).reverse()) await process.stop();
  };
  try {
    const port = await choosePort({ requested: parameters.port, preferred: devnetDefaultPorts.rpc, what: node });
    const bundlerPort = bundler
      ? await choosePort({ requested: parameters.bundlerPort, preferred: devnetDefaultPorts.bundler, taken: port, what: "bundler" })
      : undefined;
    const chainNode =
      node === "geth"
        ? await startGeth({ port, chainId, hardfork, fundedPrivateKeys: devnetPrivateKeys })
        : await startAnvil({ port, chainId, hardfork });
    started.push(chainNode);
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
    // The one deployment path, as on any chain: here it installs EntryPoint v0.8 (anvil has the CREATE2 deployer).
    const contracts = await deployPQ4337({ client, walletClient });
    const extraEntryPoints: Address[] = [];
    for (const { bytecode, salt } of parameters.extraEntryPoints ?? [])
      extraEntryPoints.push((await deployDeterministic({ client, walletClient, name: "entry point", bytecode, salt })).address);

    const alto = bundlerPort
      ? await startAlto({
          port: bundlerPort,
          rpcUrl,
          entryPoint: [entryPointAddress, ...extraEntryPoints],
          executorPrivateKey: executorKey,
          utilityPrivateKey: utilityKey,
          bundleMode,
        })
      : undefined;
    if (alto) started.push(alto);

    const { accountFactory, accountImplementation, safeOwnerFactory, safeOwnerImplementation, verifiers, keyAttestors, mldsaInverseNtt } = contracts;
    return {
      node,
      rpcUrl,
      bundlerUrl: bundlerPort ? `http://127.0.0.1:${bundlerPort}` : "",
      chainId,
      chain,
      hardfork,
      entryPoint: entryPointAddress,
      contracts: { accountFactory, accountImplementation, safeOwnerFactory, safeOwnerImplementation, verifiers, keyAttestors, mldsaInverseNtt },
      funderPrivateKey: funderKey,
      pids: { [node]: chainNode.pid, alto: alto?.pid },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
