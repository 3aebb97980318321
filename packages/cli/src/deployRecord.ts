import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Address, Hash, Hex } from "viem";
import { type DeterministicContract, type PQ4337Deployment, create2DeployerAddress } from "@pq4337/sdk";

/** What `pq4337 deploy` writes to `deploy/deployments/<chainId>.json`. */
export type DeploymentRecord = {
  chainId: number;
  /** The commit whose build was deployed or found; "+dirty" when contracts/ or the build settings had uncommitted changes. */
  commit: string;
  contracts: Record<string, ContractRecord>;
};

export type ContractRecord = {
  address: Address;
  /** The CREATE2 salt; absent for the CREATE2 deployer itself. */
  salt?: Hex;
  /** The deploying transaction; null when the contract was already there and no earlier record names it. */
  transactionHash: Hash | null;
  blockNumber: number | null;
  /** The source: a fully qualified contract name for an explorer, or where the canonical code comes from. */
  source: string;
  compiler?: { version: string; settings: Record<string, unknown> };
  /** The solc standard-JSON input that produced the code, relative to the record, for explorer verification. */
  standardJsonInput?: string;
};

/** What the record needs from a compiled contract: its Hardhat artifact and build info. */
export type CompiledContract = {
  /** `project/contracts/…/X.sol:X`, as explorers and `hardhat verify --contract` take it. */
  fullyQualifiedName: string;
  compiler: { version: string; settings: Record<string, unknown> };
  standardJsonInput: unknown;
};

/** The checkout this CLI runs from: where `artifacts/` and `deploy/` are. `undefined` outside a checkout. */
export function findCheckout(): string | undefined {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, "hardhat.config.ts")) && existsSync(join(directory, "artifacts", "build-info"))) return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/**
 * The Hardhat artifact and build info of each of pq4337's contracts. Throws when artifacts/ is not the build
 * the SDK carries (its creation code differs), since the record would then describe other code.
 */
export function readCompiledContracts(checkout: string, contracts: DeterministicContract[]): Map<string, CompiledContract> {
  const artifactPaths = new Map<string, string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".json") && !entry.name.endsWith(".dbg.json")) artifactPaths.set(entry.name.slice(0, -".json".length), path);
    }
  };
  walk(join(checkout, "artifacts", "contracts"));

  const compiled = new Map<string, CompiledContract>();
  for (const contract of contracts) {
    // Code the build does not describe (EntryPoint v0.8, ML-DSA's inverse NTT): its origin is its record's source.
    if (contract.origin) continue;
    const path = artifactPaths.get(contract.name);
    if (!path) continue;
    const artifact = JSON.parse(readFileSync(path, "utf8")) as { bytecode: Hex; inputSourceName: string; contractName: string; buildInfoId: string };
    // The kit's bytecode is the init code: the creation code, then the constructor's arguments (a verifier's precompiles).
    if (!contract.bytecode.toLowerCase().startsWith(artifact.bytecode.toLowerCase()))
      throw new Error(`artifacts/ does not hold the ${contract.name} the SDK deploys: rebuild (npx -y pnpm@10.34.8 build)`);
    const buildInfo = JSON.parse(readFileSync(join(checkout, "artifacts", "build-info", `${artifact.buildInfoId}.json`), "utf8")) as {
      solcLongVersion: string;
      input: { settings: Record<string, unknown> };
    };
    const { outputSelection: _, ...settings } = buildInfo.input.settings;
    compiled.set(contract.name, {
      fullyQualifiedName: `${artifact.inputSourceName}:${artifact.contractName}`,
      compiler: { version: `v${buildInfo.solcLongVersion}`, settings },
      standardJsonInput: buildInfo.input,
    });
  }
  return compiled;
}

/** The checkout's commit, marked "+dirty" when what the bytecode derives from has uncommitted changes. */
export function currentCommit(checkout: string): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: checkout, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = git("status", "--porcelain", "--", "contracts", "hardhat.config.ts", "pnpm-lock.yaml") !== "";
    return `${git("rev-parse", "HEAD")}${dirty ? "+dirty" : ""}`;
  } catch {
    return "unknown";
  }
}

export type WriteDeploymentRecordParameters = {
  directory: string;
  chainId: number;
  commit: string;
  /** Every contract of the kit, deployed now or earlier. */
  contracts: DeterministicContract[];
  /** What this run deployed. */
  deployments: PQ4337Deployment[];
  compiled: Map<string, CompiledContract>;
};

/**
 * Writes `<directory>/<chainId>.json` and, beside it in `<chainId>/`, each compiled contract's standard-JSON
 * input. Contracts found already deployed keep the transaction an earlier record names. Returns the record's path.
 */
export function writeDeploymentRecord({ directory, chainId, commit, contracts, deployments, compiled }: WriteDeploymentRecordParameters): string {
  const path = join(directory, `${chainId}.json`);
  const previous = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as DeploymentRecord) : undefined;
  const deployedNow = new Map(deployments.map((deployment) => [deployment.name, deployment]));
  const transaction = (name: string, address: Address) => {
    const now = deployedNow.get(name);
    if (now) return { transactionHash: now.transactionHash, blockNumber: Number(now.blockNumber) };
    const earlier = previous?.contracts[name];
    return earlier?.address === address
      ? { transactionHash: earlier.transactionHash, blockNumber: earlier.blockNumber }
      : { transactionHash: null, blockNumber: null };
  };

  const inputs = join(directory, String(chainId));
  mkdirSync(inputs, { recursive: true });
  const record: DeploymentRecord = {
    chainId,
    commit,
    contracts: {
      "CREATE2 deployer": {
        address: create2DeployerAddress,
        ...transaction("CREATE2 deployer", create2DeployerAddress),
        source: "Arachnid/deterministic-deployment-proxy, presigned transaction",
      },
    },
  };
  for (const contract of contracts) {
    const compiledContract = compiled.get(contract.name);
    const entry: ContractRecord = {
      address: contract.address,
      salt: contract.salt,
      ...transaction(contract.name, contract.address),
      source: compiledContract?.fullyQualifiedName ?? contract.origin ?? "@account-abstraction/contracts@0.8.0, the canonical build",
    };
    if (compiledContract) {
      const inputPath = join(inputs, `${contract.name}.input.json`);
      writeFileSync(inputPath, `${JSON.stringify(compiledContract.standardJsonInput, null, 2)}\n`);
      entry.compiler = compiledContract.compiler;
      entry.standardJsonInput = relative(directory, inputPath);
    }
    record.contracts[contract.name] = entry;
  }
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  return path;
}
