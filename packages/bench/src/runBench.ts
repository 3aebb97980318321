import { resolve } from "node:path";
import type { Hex } from "viem";
import { schemes as registry } from "@pq4337/sdk";
import { BenchUsageError, type Fork } from "./args.js";
import { measureBundles, measureMixedBundle } from "./bundles.js";
import { type Measurement, type Row, writeDataset } from "./dataset.js";
import { type Environment, openEnvironment } from "./environment.js";
import { type BenchSubject, measureScheme } from "./measure.js";
import { measureModule, moduleSubjects } from "./module.js";
import { measurePrecompileSubject, precompileSubjects } from "./precompiles.js";
import { measureSafe } from "./safe.js";
import { keccakVariants, measureKeccakVariant } from "./variants.js";
import { gasPer128b, gasPerSecureBit } from "./metrics.js";
import { keccakPermutationGas, mldsaNttGas, sha512CompressionGas } from "./profile.js";
import { collectProvenance } from "./provenance.js";
import { writeReport } from "./report.js";

export type RunBenchParameters = {
  out: string;
  /** The devnet's node (ignored with `rpcUrl`): anvil, or geth for the ERC-7562 rule check. */
  node?: "anvil" | "geth" | undefined;
  schemes?: string[] | undefined;
  /** The devnet forks to run the schemes under (default `["osaka"]`); ignored with `rpcUrl`. */
  forks?: Fork[] | undefined;
  /** The bundle stage, on an Osaka devnet when `forks` lists Osaka, else the first fork's (needs the embedded devnet). */
  bundles?: boolean | undefined;
  /** Whether the bundle stage sends each scheme's largest bundle under 2^24 gas (default: without `quick`); else predicted. */
  largestBundles?: boolean | undefined;
  ops: number;
  quick: boolean;
  rpcUrl?: string | undefined;
  bundlerUrl?: string | undefined;
  privateKey?: Hex | undefined;
};

/** The suite's stages: environment → schemes (under each fork; some through the ERC-7579 module too) → bundles → dataset → report. */
export async function runBench(parameters: RunBenchParameters): Promise<Row[]> {
  const started = Date.now();
  const selected = selectSchemes(parameters.schemes);
  if (!Number.isInteger(parameters.ops) || parameters.ops < 1) throw new Error(`--ops must be a positive integer, got ${parameters.ops}`);
  if (parameters.rpcUrl && parameters.bundles) throw new Error("the bundle stage needs the embedded devnet (Alto in manual mode), not --rpc-url");
  const progress = (message: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
  const context = { provenance: collectProvenance(), timestamp: new Date().toISOString() };
  const forks = parameters.rpcUrl ? [undefined] : (parameters.forks ?? ["osaka"]);

  const rows: Row[] = [];
  for (const fork of forks)
    await withEnvironment({ ...parameters, hardfork: fork }, progress, async (environment) => {
      for (const scheme of selected) {
        const measurements = await measureScheme(
          environment,
          scheme,
          { ops: parameters.ops, timingRuns: parameters.quick ? 3 : 15, burstAccounts: parameters.quick ? 0 : 4 },
          progress,
        );
        rows.push(...measurements.map((measurement) => toRow(measurement, scheme, environment, context)));
      }
      if (fork === forks[0])
        for (const subject of selected.filter(({ name }) => moduleSubjects.includes(name)))
          for (const measurement of await measureModule(environment, subject, { ops: parameters.ops }, progress))
            rows.push(toRow(measurement, subject, environment, context));
      rows.push(toRow(await measureKeccak(environment), keccakScheme, environment, context));
      rows.push(toRow(await measureSha512(environment), sha512Scheme, environment, context));
      if (selected.some((subject) => subject.name.includes("mldsa")))
        for (const measurement of await measureMldsaNtt(environment)) rows.push(toRow(measurement, nttScheme, environment, context));
      if (fork === forks[0])
        for (const keccakVariant of keccakVariants.filter(({ standard }) => selected.some((subject) => subject.name === standard))) {
          progress(`${keccakVariant.standard}: beside its keccak variant`);
          const { standard, variant } = await measureKeccakVariant(environment, keccakVariant);
          rows.push(toRow(standard, registry[keccakVariant.standard]!, environment, context), toRow(variant, keccakVariant.scheme, environment, context));
        }
      // Safe with a Falcon-512 owner (its user operation needs the devnet's EntryPoint v0.7 in Alto): the embedded
      // devnet, anvil or geth.
      if (fork === forks[0] && !parameters.rpcUrl && selected.some((subject) => subject.name === "falcon512" || subject.name === "ecdsa+falcon512"))
        for (const { scheme, ...measurement } of await measureSafe(environment, progress)) rows.push(toRow(measurement, benchSubjects()[scheme]!, environment, context));
      // The precompile stand-ins are placed with anvil_setCode: the embedded anvil devnet only.
      if (fork === forks[0] && !parameters.rpcUrl && (parameters.node ?? "anvil") === "anvil")
        for (const subject of precompileSubjects.filter(({ standard }) => selected.some((selectedScheme) => selectedScheme.name === standard))) {
          progress(`${subject.standard}: with ${subject.eip}'s precompile (stand-in)`);
          for (const measurement of await measurePrecompileSubject(environment, subject))
            rows.push(toRow(measurement, registry[subject.standard]!, environment, context));
        }
    });

  const out = resolve(parameters.out);
  // The headline tables (verify, validateUserOp, handleOps per scheme) are on disk before the bundle stage starts.
  if (parameters.bundles) {
    writeDataset(out, rows);
    writeReport(out, rows, { ops: parameters.ops, durationSeconds: (Date.now() - started) / 1000 });
    progress(`wrote the schemes' tables to ${out}; the bundle stage follows`);
  }

  if (parameters.bundles)
    await withEnvironment({ node: parameters.node, hardfork: bundleFork(forks), bundleMode: "manual" }, progress, async (environment) => {
      const singles = selected.filter((subject) => subject.components.length === 1).map((subject) => subject.components[0]!);
      for (const scheme of singles) {
        const measurements = await measureBundles(environment, scheme, { largest: parameters.largestBundles ?? !parameters.quick }, progress);
        rows.push(...measurements.map((measurement) => toRow(measurement, scheme, environment, context)));
      }
      const mixed = mixedBundle.map((name) => registry[name]!);
      for (const measurement of await measureMixedBundle(environment, mixed, progress))
        rows.push(toRow(measurement, { name: mixedBundle.join("+"), variant: "mixed bundle", securityBits: 128, nistCategory: 1 }, environment, context));
    });

  writeDataset(out, rows);
  writeReport(out, rows, { ops: parameters.ops, durationSeconds: (Date.now() - started) / 1000 });
  progress(`wrote ${rows.length} rows, report.md and charts to ${out}`);
  return rows;
}

/** The bundle stage runs where EIP-7825's cap binds: Osaka when the run measures it, else the first fork. */
const bundleFork = (forks: (Fork | undefined)[]) => (forks.includes("osaka") ? "osaka" : forks[0]);

/** The schemes of the mixed-bundle row: the classical baseline and the two post-quantum families. */
const mixedBundle = ["ecdsa", "falcon512", "mldsa65"];

/** Opens an environment (a devnet of the fork, or the existing chain), runs `stage` on it and stops it. */
async function withEnvironment(
  options: Parameters<typeof openEnvironment>[0],
  progress: (message: string) => void,
  stage: (environment: Environment) => Promise<void>,
): Promise<void> {
  const what = `${options.node ?? "anvil"}${options.hardfork ? ` (${options.hardfork})` : ""}, EntryPoint v0.8, Alto${options.bundleMode === "manual" ? " in manual mode" : ""}`;
  progress(options.rpcUrl ? `connecting to ${options.rpcUrl}` : `starting the devnet: ${what}`);
  const environment = await openEnvironment(options);
  try {
    await stage(environment);
  } finally {
    await environment.stop();
  }
}

/** The shared Keccak-f[1600] routine is reported as its own row, under the SHAKE-based schemes' convention. */
const keccakScheme: RowScheme = { name: "keccak-f1600", variant: "fips", securityBits: 128, nistCategory: undefined };

/** The schemes of routine rows (one routine measured alone), which have no accounts, operations or bundles. */
export const routineSchemes = ["keccak-f1600", "sha-512", "mldsa-ntt"];

async function measureKeccak(environment: Environment): Promise<Measurement> {
  return {
    bench_name: "keccak_f1600.permutation",
    surface: "verify",
    unit: "gas",
    gas: await keccakPermutationGas(environment),
    notes: "one Keccak-f[1600] permutation of the shared SHAKE library (contracts/utils/KeccakF1600.sol)",
  };
}

/** SHA-512, Ed25519's hash, is reported as its own row beside Keccak-f. */
const sha512Scheme: RowScheme = { name: "sha-512", variant: "fips", securityBits: 128, nistCategory: undefined };

async function measureSha512(environment: Environment): Promise<Measurement> {
  return {
    bench_name: "sha512.compression",
    surface: "verify",
    unit: "gas",
    gas: await sha512CompressionGas(environment),
    notes: "SHA-512 of 96 bytes (R ‖ A ‖ hash, as Ed25519 hashes them): one compression with its padding (contracts/utils/SHA512.sol)",
  };
}

/** ML-DSA's 256-point NTT, the unit of its verifiers' largest steps, as rows of their own. */
const nttScheme: RowScheme = { name: "mldsa-ntt", variant: "fips", securityBits: 128, nistCategory: undefined };

async function measureMldsaNtt(environment: Environment): Promise<Measurement[]> {
  const { forward, inverse } = await mldsaNttGas(environment);
  const notes = "one 256-point transform on a fixed polynomial (contracts/metering/MLDSANTTMeter.sol)";
  return [
    { bench_name: "ntt.forward", surface: "verify", unit: "gas", gas: forward, notes: `${notes}: contracts/utils/MLDSANTT.sol's ntt` },
    {
      bench_name: "ntt.inverse",
      surface: "verify",
      unit: "gas",
      gas: inverse,
      notes: `${notes}: the inverse the verifiers run, a warm STATICCALL to the contract of contracts/utils/MLDSAInverseNTT.sol`,
    },
  ];
}

/**
 * Hybrid accounts measured beside the single schemes: every operation signed by each component (n of n). ECDSA +
 * Falcon-512 is the migration target of an existing account; passkey + Falcon-512 the browser wallet's.
 */
const hybrids: [string, string][] = [
  ["ecdsa", "falcon512"],
  ["webauthn", "falcon512"],
  ["ecdsa", "mldsa65"],
];

/** Every subject the suite knows: the registry's schemes, then the hybrids, named `a+b`. */
export function benchSubjects(): Record<string, BenchSubject> {
  const subjects: Record<string, BenchSubject> = {};
  for (const scheme of Object.values(registry)) subjects[scheme.name] = { ...scheme, components: [scheme] };
  for (const names of hybrids) {
    const components = names.map((name) => registry[name]!);
    const strongest = components.reduce((a, b) => (b.securityBits > a.securityBits ? b : a));
    subjects[names.join("+")] = {
      name: names.join("+"),
      variant: "hybrid",
      securityBits: strongest.securityBits,
      nistCategory: strongest.nistCategory,
      components,
    };
  }
  return subjects;
}

function selectSchemes(names: string[] | undefined): BenchSubject[] {
  const subjects = benchSubjects();
  if (!names) return Object.values(subjects);
  return names.map((name) => {
    const subject = subjects[name];
    if (!subject) throw new BenchUsageError(`unknown scheme "${name}"; known: ${Object.keys(subjects).join(", ")}`);
    return subject;
  });
}

/** What a row needs to know about the scheme it measures. */
type RowScheme = { name: string; variant: string; securityBits: number; nistCategory: number | undefined };

function toRow(
  measurement: Measurement,
  scheme: RowScheme,
  environment: Pick<Environment, "chainProfile" | "hardfork">,
  { provenance, timestamp }: { provenance: ReturnType<typeof collectProvenance>; timestamp: string },
): Row {
  const gas = measurement.gas ?? null;
  return {
    bench_name: measurement.bench_name,
    scheme: scheme.name,
    variant: scheme.variant,
    surface: measurement.surface,
    gas,
    calldata_bytes: measurement.calldata_bytes ?? null,
    security_bits: scheme.securityBits,
    nist_category: scheme.nistCategory ?? null,
    gas_per_128b: gas === null ? null : gasPer128b(gas),
    gas_per_secure_bit: gas === null ? null : gasPerSecureBit(gas, scheme.securityBits),
    value: measurement.value ?? null,
    unit: measurement.unit,
    median: measurement.timing?.median ?? null,
    min: measurement.timing?.min ?? null,
    max: measurement.timing?.max ?? null,
    iqr: measurement.timing?.iqr ?? null,
    samples: measurement.timing?.n ?? null,
    chain_profile: environment.chainProfile,
    hardfork: environment.hardfork,
    ...provenance,
    timestamp,
    notes: measurement.notes ?? "",
  };
}
