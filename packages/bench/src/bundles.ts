import { type Hash, type Hex, http, keccak256, parseEther, parseEventLogs, size, stringToHex } from "viem";
import { createBundlerClient, entryPoint08Abi } from "viem/account-abstraction";
import { transactionGasCap } from "@pq4337/devnet";
import { type Scheme, deployAccount, deployExpandedKey, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import type { Row } from "./dataset.js";
import { type Environment, type PQBundlerClient, bundlerClientFor } from "./environment.js";
import type { Measurement } from "./dataset.js";

/** The bundle sizes measured for every scheme; the largest that fits under EIP-7825's cap comes on top. */
export const bundleSizes = [1, 2, 4, 8] as const;

export type MeasureBundlesOptions = {
  /**
   * Whether to send the largest bundle: as many operations as the bundler packs under 2^24 gas. Without it the
   * fit is predicted from the declared gas of the measured sizes.
   */
  largest: boolean;
};

/** One `handleOps` transaction as it landed. */
type Bundle = { operations: number; gasUsed: number; gasLimit: number; calldataBytes: number };


const seed = (scheme: string, label: string): Hex => keccak256(stringToHex(`pq4337-bench/${scheme}/${label}`));
const recipient = "0x000000000000000000000000000000000000dEaD";
const transfer = { calls: [{ to: recipient, value: 1000n }] as const };

/**
 * Bundles of N steady-state operations, each from its own account with its own key, in one `handleOps`: the gas
 * per operation as N grows, and the most operations that fit in one transaction under EIP-7825's 2^24.
 *
 * The environment's Alto runs in manual mode: operations wait in its mempool until `debug_bundler_sendBundleNow`,
 * which packs them with the same code as its automatic mode (gas floors summed up to `--max-gas-per-bundle`,
 * the transaction's gas limit declared from them), so the bundles are the ones a real Alto would build.
 */
export async function measureBundles(
  environment: Environment,
  scheme: Scheme,
  options: MeasureBundlesOptions,
  progress: (message: string) => void,
): Promise<Measurement[]> {
  const accounts = await openAccounts(environment, scheme, "bundle", 0, Math.max(...bundleSizes));
  const measurements: Measurement[] = [];
  const bySize = new Map<number, Bundle>();
  for (const n of bundleSizes) {
    progress(`${scheme.name}: a bundle of ${n}`);
    const bundles = await sendAndBundle(environment, accounts.slice(0, n));
    if (bundles.length !== 1) throw new Error(`${scheme.name}: ${n} operations took ${bundles.length} bundles`);
    const [bundle] = bundles as [Bundle];
    bySize.set(n, bundle);
    measurements.push(...bundleRows(`bundle.n${n}`, bundle, `${n} operation(s) from ${n} accounts in one handleOps`));
  }

  // Linear in N: total = fixed + N × marginal, from the two largest sizes.
  const [small, large] = bundleSizes.slice(-2) as [number, number];
  const line = (gas: (bundle: Bundle) => number) => {
    const marginal = (gas(bySize.get(large)!) - gas(bySize.get(small)!)) / (large - small);
    return { marginal, fixed: gas(bySize.get(large)!) - large * marginal };
  };
  const fitUnder = ({ marginal, fixed }: { marginal: number; fixed: number }) => Math.floor((Number(transactionGasCap) - fixed) / marginal);
  const used = line((bundle) => bundle.gasUsed);
  measurements.push({
    bench_name: "bundle.fit_by_gas_used",
    surface: "bundle",
    unit: "operations",
    value: fitUnder(used),
    notes: `operations whose gas used (${Math.round(used.marginal)} each beyond ${Math.round(used.fixed)} for the bundle) fits 2^24: the fit if a bundler declared exactly what they use`,
  });
  const predicted = fitUnder(line((bundle) => bundle.gasLimit));
  if (!options.largest) {
    measurements.push({
      bench_name: "bundle.fit_predicted",
      surface: "bundle",
      unit: "operations",
      value: predicted,
      notes: `operations whose declared gas fits 2^24, extrapolated from the bundles of ${small} and ${large}; the full run (not --quick) sends it`,
    });
    return measurements;
  }

  // Offer a few more operations than predicted: the bundler's first bundle is the most that fit.
  let offered = predicted + 2;
  for (;;) {
    progress(`${scheme.name}: the largest bundle (${offered} operations offered)`);
    accounts.push(...(await openAccounts(environment, scheme, "bundle", accounts.length, offered)));
    const [largest, ...rest] = await sendAndBundle(environment, accounts.slice(0, offered));
    if (rest.length === 0) {
      offered = Math.ceil(offered * 1.25);
      continue;
    }
    measurements.push(
      {
        bench_name: "bundle.largest.operations",
        surface: "bundle",
        unit: "operations",
        value: largest!.operations,
        notes: `the most operations Alto packed into one handleOps under 2^24 (of ${offered} waiting; predicted ${predicted})`,
      },
      ...bundleRows("bundle.largest", largest!, `${largest!.operations} operations in one handleOps`),
    );
    return measurements;
  }
}

/**
 * One operation each of several schemes in one `handleOps`, against the same operations bundled alone: what a
 * bundler saves by mixing them (one intrinsic cost, one EntryPoint loop, warm EntryPoint storage).
 */
export async function measureMixedBundle(environment: Environment, schemes: Scheme[], progress: (message: string) => void): Promise<Measurement[]> {
  const names = schemes.map((scheme) => scheme.name).join(" + ");
  progress(`mixed bundle: ${names}`);
  const accounts: PQBundlerClient[] = [];
  for (const scheme of schemes) accounts.push(...(await openAccounts(environment, scheme, "mixed", 0, 1)));
  let alone = 0;
  for (const account of accounts) alone += (await sendAndBundle(environment, [account]))[0]!.gasUsed;
  const bundles = await sendAndBundle(environment, accounts);
  if (bundles.length !== 1) throw new Error(`the mixed bundle (${names}) took ${bundles.length} bundles`);
  const [mixed] = bundles as [Bundle];
  return [
    ...bundleRows("bundle.mixed", mixed, `one steady-state operation each of ${names} in one handleOps`),
    { bench_name: "bundle.mixed.alone", surface: "bundle", unit: "gas", gas: alone, notes: `the same operations bundled alone: the sum of ${accounts.length} transactions' gas used` },
  ];
}

function bundleRows(name: string, bundle: Bundle, what: string): Measurement[] {
  const per = Math.round(bundle.gasUsed / bundle.operations);
  return [
    { bench_name: `${name}.transaction`, surface: "bundle", unit: "gas", gas: bundle.gasUsed, calldata_bytes: bundle.calldataBytes, notes: `${what}: the transaction's gas used` },
    { bench_name: `${name}.per_operation`, surface: "bundle", unit: "gas", gas: per, notes: `${what}: gas used / ${bundle.operations}` },
    { bench_name: `${name}.gas_limit`, surface: "bundle", unit: "gas", gas: bundle.gasLimit, notes: `${what}: the gas limit the bundler declared (EIP-7825 cap 2^24 = ${transactionGasCap})` },
  ];
}

/**
 * Accounts `from`..`to − 1` of a scheme, each with its own key (fixed seeds): expanded key deployed, account
 * funded and deployed by the funder, and one operation already sent, so that the next are steady-state.
 */
async function openAccounts(environment: Environment, scheme: Scheme, label: string, from: number, to: number): Promise<PQBundlerClient[]> {
  const { client, walletClient } = environment;
  const accounts: PQBundlerClient[] = [];
  for (let index = from; index < to; index++) {
    const signer = scheme.createSigner(seed(scheme.name, `${label}-${index}`));
    await deployExpandedKey({ client, walletClient, signer });
    const account = await toPQSmartAccount({ client, signer });
    await client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: account.address, value: parseEther("1") }) });
    await deployAccount({ client, walletClient, account });
    accounts.push(bundlerClientFor(environment, account));
  }
  if (accounts.length > 0) await sendAndBundle(environment, accounts);
  return accounts;
}

/**
 * Sends one transfer from each account to the bundler's mempool, then asks for bundles until every operation
 * has landed. Returns the bundles in order; each must have executed all its operations successfully, and none
 * may declare more than EIP-7825's cap.
 */
async function sendAndBundle(environment: Environment, accounts: PQBundlerClient[]): Promise<Bundle[]> {
  const { client } = environment;
  const pending = new Set<Hash>();
  for (const bundler of accounts) pending.add(await sendUserOperation(bundler, transfer));
  const bundles: Bundle[] = [];
  while (pending.size > 0) {
    const transactionHash = await bundleNow(environment, [...pending]);
    const [receipt, transaction] = await Promise.all([client.getTransactionReceipt({ hash: transactionHash }), client.getTransaction({ hash: transactionHash })]);
    const events = parseEventLogs({ abi: entryPoint08Abi, eventName: "UserOperationEvent", logs: receipt.logs });
    for (const { args } of events) {
      if (!args.success) throw new Error(`user operation ${args.userOpHash} reverted in bundle ${transactionHash}`);
      pending.delete(args.userOpHash);
    }
    if (transaction.gas > transactionGasCap) throw new Error(`bundle ${transactionHash} declares ${transaction.gas} gas, over EIP-7825's cap`);
    bundles.push({ operations: events.length, gasUsed: Number(receipt.gasUsed), gasLimit: Number(transaction.gas), calldataBytes: size(transaction.input) });
  }
  return bundles;
}

/** `debug_bundler_sendBundleNow`, then the transaction hash of the bundle, found through a pending operation's receipt. */
async function bundleNow(environment: Environment, pending: Hash[]): Promise<Hash> {
  const bundler = createBundlerClient({ client: environment.client, transport: http(environment.bundlerUrl) });
  await bundler.request({ method: "debug_bundler_sendBundleNow" as never });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const hash of pending) {
      const receipt = await bundler.getUserOperationReceipt({ hash }).catch(() => null);
      if (receipt) return receipt.receipt.transactionHash;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no pending operation landed within 60 s of debug_bundler_sendBundleNow`);
}

/** The report's bundle section: gas per operation as N grows, the largest bundle under 2^24, the mixed bundle. */
export function bundleSection(rows: Row[]): string[] {
  const bundleRows = rows.filter((row) => row.surface === "bundle");
  if (bundleRows.length === 0) return [];
  const get = (scheme: string, bench: string) => bundleRows.find((row) => row.scheme === scheme && row.bench_name === bench);
  const value = (row: Row | undefined) => fmt(row?.gas ?? row?.value);
  const lines = [
    "## Bundles of many operations (EIP-7825: 2^24 gas per transaction)",
    "",
    `Steady-state ETH transfers from N accounts of one scheme, each with its own key, in one handleOps; Alto in manual mode (\`debug_bundler_sendBundleNow\`), which packs and declares gas exactly as in its automatic mode, with the devnet's \`--max-gas-per-bundle\` keeping every declared limit under 2^24 = ${fmt(Number(transactionGasCap))}. Chain: ${bundleRows[0]!.chain_profile}. Per-operation gas is the transaction's gas used / N. "Largest bundle" is how many operations the bundler put in one transaction when more were waiting (measured by the full run; --quick predicts it from the declared gas of N = ${bundleSizes.at(-2)} and ${bundleSizes.at(-1)}). "Fit by gas used" is the count if the declared gas equalled the gas used: the declared limits (the SDK's verification estimate, Alto's margins) cost the difference.`,
    "",
    `| scheme | ${bundleSizes.map((n) => `N = ${n}`).join(" | ")} | N = ${bundleSizes.at(-1)} vs 1 | largest bundle | its gas used / declared | fit by gas used |`,
    `|---|${bundleSizes.map(() => "---:|").join("")}---:|---:|---:|---:|`,
  ];
  const schemes = [...new Set(bundleRows.filter((row) => row.bench_name.startsWith("bundle.n")).map((row) => row.scheme))];
  for (const scheme of schemes) {
    const perOperation = bundleSizes.map((n) => get(scheme, `bundle.n${n}.per_operation`)?.gas ?? null);
    const [first, last] = [perOperation[0], perOperation.at(-1)];
    const change = first && last ? `${(((last - first) / first) * 100).toFixed(1)}%` : "–";
    const measured = get(scheme, "bundle.largest.operations");
    const largest = measured ? `${value(measured)} ops` : `${value(get(scheme, "bundle.fit_predicted"))} ops (predicted)`;
    const gasOfLargest = measured ? `${value(get(scheme, "bundle.largest.transaction"))} / ${value(get(scheme, "bundle.largest.gas_limit"))}` : "–";
    lines.push(`| ${scheme} | ${perOperation.map((gas) => fmt(gas)).join(" | ")} | ${change} | ${largest} | ${gasOfLargest} | ${value(get(scheme, "bundle.fit_by_gas_used"))} ops |`);
  }
  const mixed = bundleRows.find((row) => row.bench_name === "bundle.mixed.transaction");
  const alone = bundleRows.find((row) => row.bench_name === "bundle.mixed.alone");
  if (mixed && alone)
    lines.push(
      "",
      `Mixed bundle (${mixed.scheme.split("+").join(", ")}: one steady-state operation each): ${fmt(mixed.gas)} gas in one handleOps against ${fmt(alone.gas)} bundled alone (${(((mixed.gas! - alone.gas!) / alone.gas!) * 100).toFixed(1)}%).`,
    );
  return lines;
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? "–" : value.toLocaleString("en-US"));
