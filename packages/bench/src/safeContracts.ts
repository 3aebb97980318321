// Safe 1.4.1 and 1.5.0, the Safe 4337 module 0.3.0 and EntryPoint v0.7 from their published npm artifacts (the workspace
// root's devDependencies), put on a devnet for the tests, examples/safe.ts and the bench's Safe rows. Public chains have
// them at Safe's own canonical addresses; a devnet has none of them.
import { createRequire } from "node:module";
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hex,
  type Transport,
  type WalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { simulateContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { deployDeterministic } from "@pq4337/sdk";

const require = createRequire(import.meta.url);
type Artifact = { abi: Abi; bytecode: Hex };
const artifact = (path: string): Artifact => require(path) as Artifact;

/** The Safe versions {@link deploySafeContracts} can deploy, each from the npm package that publishes it. */
export type SafeVersion = "1.4.1" | "1.5.0";

const safePackages: Record<SafeVersion, string> = {
  "1.4.1": "@safe-global/safe-contracts/build/artifacts/contracts",
  "1.5.0": "@safe-global/safe-smart-account/build/artifacts/contracts",
};
const safeArtifacts = (version: SafeVersion) => ({
  singleton: artifact(`${safePackages[version]}/Safe.sol/Safe.json`),
  proxyFactory: artifact(`${safePackages[version]}/proxies/SafeProxyFactory.sol/SafeProxyFactory.json`),
  fallbackHandler: artifact(`${safePackages[version]}/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json`),
});
// `setup` and `createProxyWithNonce` (with its ProxyCreation event) are the same in both versions.
const { singleton: safeSingletonArtifact, proxyFactory: safeProxyFactoryArtifact } = safeArtifacts("1.4.1");
const safe4337Artifacts = "@safe-global/safe-4337/build/artifacts/contracts";
const safe4337ModuleArtifact = artifact(`${safe4337Artifacts}/Safe4337Module.sol/Safe4337Module.json`);
const safeModuleSetupArtifact = artifact(`${safe4337Artifacts}/SafeModuleSetup.sol/SafeModuleSetup.json`);
const entryPoint07Artifact = artifact("@account-abstraction/contracts-v07/artifacts/EntryPoint.json");

/** The salt of the canonical EntryPoint v0.7 deployment through the CREATE2 deployer. */
const entryPoint07Salt: Hex = "0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3";

/** EntryPoint v0.7 as {@link deploySafeContracts} deploys it, for `startDevnet({ extraEntryPoints })`. */
export const safeEntryPoint07 = { bytecode: entryPoint07Artifact.bytecode, salt: entryPoint07Salt } as const;

export type SafeContracts = {
  version: SafeVersion;
  singleton: Address;
  proxyFactory: Address;
  fallbackHandler: Address;
  entryPoint07: Address;
  safe4337Module: Address;
  safeModuleSetup: Address;
};

type Clients = {
  client: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

export type DeploySafeContractsParameters = Clients & {
  /** The Safe version: 1.4.1 (default, the one the Safe 4337 module 0.3.0 was built and audited for) or 1.5.0. */
  version?: SafeVersion | undefined;
};

/**
 * Deploys a Safe (singleton, proxy factory, CompatibilityFallbackHandler) of `version`, EntryPoint v0.7 (its
 * canonical salt) and the Safe 4337 module 0.3.0, through the CREATE2 deployer, skipping what is there.
 */
export async function deploySafeContracts({ client, walletClient, version = "1.4.1" }: DeploySafeContractsParameters): Promise<SafeContracts> {
  const deploy = async (name: string, bytecode: Hex, salt?: Hex) => (await deployDeterministic({ client, walletClient, name, bytecode, salt })).address;
  const safe = safeArtifacts(version);
  const entryPoint07 = await deploy("EntryPoint v0.7", entryPoint07Artifact.bytecode, entryPoint07Salt);
  return {
    version,
    singleton: await deploy(`Safe ${version}`, safe.singleton.bytecode),
    proxyFactory: await deploy(`SafeProxyFactory ${version}`, safe.proxyFactory.bytecode),
    fallbackHandler: await deploy(`CompatibilityFallbackHandler ${version}`, safe.fallbackHandler.bytecode),
    entryPoint07,
    safe4337Module: await deploy(
      "Safe4337Module 0.3.0",
      `${safe4337ModuleArtifact.bytecode}${encodeAbiParameters([{ type: "address" }], [entryPoint07]).slice(2)}`,
    ),
    safeModuleSetup: await deploy("SafeModuleSetup 0.3.0", safeModuleSetupArtifact.bytecode),
  };
}

export type CreateSafeParameters = Clients & {
  contracts: SafeContracts;
  owners: readonly Address[];
  threshold: bigint;
  /** Enable the Safe 4337 module (as module and fallback handler); otherwise the CompatibilityFallbackHandler. */
  erc4337?: boolean | undefined;
  saltNonce?: bigint | undefined;
};

/** Creates a Safe proxy with `owners` and `threshold` through the proxy factory, as Safe's own tools do. */
export async function createSafe({ client, walletClient, contracts, owners, threshold, erc4337 = false, saltNonce = 0n }: CreateSafeParameters): Promise<Address> {
  const initializer = encodeFunctionData({
    abi: safeSingletonArtifact.abi,
    functionName: "setup",
    args: [
      owners,
      threshold,
      erc4337 ? contracts.safeModuleSetup : zeroAddress,
      erc4337 ? encodeFunctionData({ abi: safeModuleSetupArtifact.abi, functionName: "enableModules", args: [[contracts.safe4337Module]] }) : "0x",
      erc4337 ? contracts.safe4337Module : contracts.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  const { request } = await simulateContract(client, {
    account: walletClient.account,
    address: contracts.proxyFactory,
    abi: safeProxyFactoryArtifact.abi,
    functionName: "createProxyWithNonce",
    args: [contracts.singleton, initializer, saltNonce],
  });
  const receipt = await waitForTransactionReceipt(client, { hash: await writeContract(walletClient, request as never) });
  const [created] = parseEventLogs({ abi: safeProxyFactoryArtifact.abi, logs: receipt.logs, eventName: "ProxyCreation" }) as unknown as { args: { proxy: Address } }[];
  return created!.args.proxy;
}
