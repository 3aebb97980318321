import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { type Address, createWalletClient, formatEther, formatGwei, isAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type DeterministicContract,
  type PrecompileAddresses,
  create2DeployerAddress,
  isExistingPrecompileAddress,
  maxPrecompileAddress,
  precompileNames,
  schemes,
  verifierConstructorArguments,
  create2DeployerGasLimit,
  deployPQ4337,
  planPQ4337Deployment,
} from "@pq4337/sdk";
import { connectChain, parseUrl } from "../chain.js";
import { InputError, parseOptions, required, runReportingErrors } from "../commandErrors.js";
import { type CompiledContract, currentCommit, findCheckout, readCompiledContracts, writeDeploymentRecord } from "../deployRecord.js";
import { loadPayerKey, payerKeyHelp, payerKeyOptions } from "../secrets.js";

export const deployHelp = `pq4337 deploy --rpc-url URL [--private-key 0x… | --keystore FILE] [--precompiles FILE] [--dry-run] [--verify] [--out DIR]

Puts pq4337 on any EVM chain at the same addresses as everywhere: the CREATE2 deployer (from its presigned
transaction) and EntryPoint v0.8 (canonical salt) where the chain lacks them, then the account factory and every
verifier. Checks everything first: a different contract at an expected address, or a deployer that cannot pay, is
an error before any transaction. A second run deploys nothing and says so. Writes DIR/<chainId>.json (addresses,
transactions, blocks, commit, compiler settings) and DIR/<chainId>/<Contract>.input.json (standard-JSON compiler
input, for verification on an explorer).

  --rpc-url URL          the chain
${payerKeyHelp}
  --precompiles FILE     the chains' post-quantum precompiles, {"<chain id>": {"VERIFY_MLDSA65": "0x…13", …}}
                         (deploy/precompiles.json): the verifiers of a chain listed there ask its precompiles
                         first and are deployed at addresses of their own; other chains get the default ones
  --dry-run              print every contract, its address, whether it is there, and the gas and ETH it would
                         cost at the chain's current fees; send nothing
  --verify               then verify the contracts with Hardhat's verification plugin (Etherscan, Blockscout,
                         Sourcify); needs ETHERSCAN_API_KEY (deploy/README.md)
  --out DIR              where the records go (default: deploy/deployments in this checkout)`;

export function deployCommand(args: string[]): Promise<number> {
  return runReportingErrors(() => deploy(args));
}

async function deploy(args: string[]): Promise<number> {
  const values = parseOptions(
    args,
    {
      "rpc-url": { type: "string" },
      ...payerKeyOptions,
      precompiles: { type: "string" },
      "dry-run": { type: "boolean" },
      verify: { type: "boolean" },
      out: { type: "string" },
    },
    deployHelp,
  );
  const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", deployHelp), "rpc-url");
  const dryRun = values["dry-run"] === true;
  if (values.verify && dryRun) throw new InputError("--verify and --dry-run exclude each other");
  if (values.verify && !process.env.ETHERSCAN_API_KEY) throw new InputError("--verify needs the environment variable ETHERSCAN_API_KEY");
  const checkout = findCheckout();
  if (!checkout && (values.verify || !values.out))
    throw new InputError(values.verify ? "--verify runs Hardhat from a built pq4337 checkout" : "not in a built pq4337 checkout: give --out DIR for the records");
  const directory = resolve(values.out ?? join(checkout!, "deploy", "deployments"));
  const precompilesByChain = values.precompiles === undefined ? {} : readPrecompiles(values.precompiles);
  const account = privateKeyToAccount(await loadPayerKey(values, deployHelp));

  const { chain, client, transport } = await connectChain(rpcUrl);
  const precompiles = precompilesByChain[String(chain.id)] ?? {};
  if (Object.keys(precompiles).length > 0) console.log(`chain ${chain.id}'s precompiles: ${Object.entries(precompiles).map(([name, address]) => `${name} ${address}`).join(", ")}`);
  const plan = await planPQ4337Deployment({ client, deployer: account.address, precompiles });
  const kit = plan.contracts.map(({ gas: _, deployed: __, ...contract }) => contract);
  const compiled = checkout ? readCompiledContracts(checkout, kit) : new Map<string, CompiledContract>();

  const eth = (wei: bigint) => `${formatEther(wei)} ETH`;
  const gas = (amount: bigint) => `${amount.toLocaleString("en-US")} gas`;
  console.log(`chain ${chain.id}, deployer ${account.address} (${eth(plan.balance)}), fees up to ${formatGwei(plan.maxFeePerGas)} gwei`);
  const row = (name: string, address: string, status: string, cost: string) => console.log(`${name.padEnd(20)} ${address}  ${status.padEnd(8)} ${cost}`.trimEnd());
  row(
    "CREATE2 deployer",
    create2DeployerAddress,
    plan.create2Deployer.deployed ? "present" : "missing",
    plan.create2Deployer.deployed
      ? ""
      : `${gas(create2DeployerGasLimit)}, presigned at 100 gwei${plan.create2Deployer.funding > 0n ? `: funds its signer with ${eth(plan.create2Deployer.funding)}` : ""}`,
  );
  for (const step of plan.contracts)
    row(step.name, step.address, step.deployed ? "present" : "missing", step.deployed ? "" : `${gas(step.gas)}, up to ${eth(step.gas * plan.maxFeePerGas)}`);
  const missing = plan.contracts.filter((step) => !step.deployed).length + (plan.create2Deployer.deployed ? 0 : 1);
  console.log(missing === 0 ? "total: nothing to deploy" : `total: ${missing} to deploy, up to ${eth(plan.cost)}`);
  if (dryRun) {
    console.log("Dry run: nothing sent.");
    if (plan.balance < plan.cost)
      console.error(
        `pq4337: warning: the deployer ${account.address} holds ${eth(plan.balance)}; the deployment needs up to ${eth(plan.cost)}: send it ${eth(plan.cost - plan.balance)} or more before deploying`,
      );
    return 0;
  }
  const walletClient = createWalletClient({ chain, transport, account });
  const { deployments } = await deployPQ4337({
    client,
    walletClient,
    precompiles,
    onDeployed: ({ name, address, transactionHash, blockNumber, gasUsed }) =>
      console.log(`deployed ${name} at ${address}: transaction ${transactionHash}, block ${blockNumber}, ${gas(gasUsed)}`),
  });
  if (deployments.length === 0) console.log(`Nothing to deploy: every contract is already at its address on chain ${chain.id}.`);
  const record = writeDeploymentRecord({ directory, chainId: chain.id, commit: checkout ? currentCommit(checkout) : "unknown", contracts: kit, deployments, compiled });
  const shown = relative(process.cwd(), record);
  console.log(`record: ${shown.startsWith("..") ? record : shown}`);

  return values.verify && checkout ? verifyOnExplorers(checkout, rpcUrl, kit, compiled, precompiles) : 0;
}

const knownPrecompiles = new Set<string>(precompileNames);

/** `--precompiles FILE`, checked whole before anything starts: chain ids to known names to precompile-range addresses. */
function readPrecompiles(file: string): Record<string, PrecompileAddresses> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`--precompiles ${file}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new InputError(`--precompiles ${file}: not an object of chain ids`);
  for (const [chainId, entry] of Object.entries(parsed)) {
    if (chainId.startsWith("$")) continue; // "$comment"
    if (!/^[1-9][0-9]*$/.test(chainId)) throw new InputError(`--precompiles ${file}: "${chainId}" is not a chain id`);
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw new InputError(`--precompiles ${file}: chain ${chainId} is not an object of precompiles`);
    for (const [name, address] of Object.entries(entry)) {
      if (!knownPrecompiles.has(name)) throw new InputError(`--precompiles ${file}: chain ${chainId}: unknown precompile ${name} (known: ${precompileNames.join(", ")})`);
      if (typeof address !== "string" || !isAddress(address, { strict: false }) || BigInt(address) > maxPrecompileAddress || BigInt(address) === 0n)
        throw new InputError(`--precompiles ${file}: chain ${chainId}: ${name} must be an address in 0x0001–0xffff (EIP-1352), got ${String(address)}`);
      if (isExistingPrecompileAddress(address))
        throw new InputError(`--precompiles ${file}: chain ${chainId}: ${name} at ${address} is an existing precompile's address (0x01–0x11, 0x100)`);
    }
  }
  return Object.fromEntries(Object.entries(parsed).filter(([chainId]) => !chainId.startsWith("$"))) as Record<string, PrecompileAddresses>;
}

/** The constructor arguments `hardhat verify` needs: a verifier's precompile addresses (zero where none). */
function constructorArguments(name: string, precompiles: PrecompileAddresses): Address[] {
  const scheme = Object.values(schemes).find((entry) => entry.verifierName === name);
  return scheme ? verifierConstructorArguments({ scheme, precompiles }) : [];
}

/** `hardhat verify` for each compiled contract, on the chain deployed to (network "deployed" of hardhat.config.ts). */
function verifyOnExplorers(
  checkout: string,
  rpcUrl: string,
  kit: DeterministicContract[],
  compiled: Map<string, CompiledContract>,
  precompiles: PrecompileAddresses,
): number {
  const hardhat = createRequire(join(checkout, "package.json")).resolve("hardhat/dist/src/cli.js");
  let failed = 0;
  for (const { name, address } of kit) {
    const fullyQualifiedName = compiled.get(name)?.fullyQualifiedName;
    if (!fullyQualifiedName) continue; // EntryPoint v0.8 is verified on explorers already; the inverse NTT has no source.
    console.log(`verifying ${name} at ${address}`);
    const result = spawnSync(process.execPath, [hardhat, "verify", "--network", "deployed", "--contract", fullyQualifiedName, address, ...constructorArguments(name, precompiles)], {
      cwd: checkout,
      stdio: "inherit",
      env: { ...process.env, PQ4337_RPC_URL: rpcUrl },
    });
    if (result.status !== 0) failed++;
  }
  if (failed > 0) console.error(`pq4337: ${failed} verification(s) failed; the deployment itself stands`);
  return failed > 0 ? 1 : 0;
}
