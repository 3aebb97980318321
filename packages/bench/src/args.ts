// The bench's command line, kept free of imports beyond Node's own: `scripts/bench.mjs` loads this file directly
// (Node 22 strips its types) to answer --help and argument errors before it spends 50 s on the build.
import { parseArgs } from "node:util";

export const benchHelp = `pq4337-bench [--out DIR] [--schemes a,b] [--ops N] [--quick | --full] [--node anvil|geth]
             [--forks osaka,prague] [--bundles | --no-bundles]
             [--rpc-url URL --bundler-url URL --private-key 0x…]

Measures every scheme of the SDK's registry with real user operations through a real bundler: by default on the
embedded devnet (anvil + EntryPoint v0.8 + Alto), started and stopped by this command. Writes results.jsonl,
results.csv, report.md and two SVG charts to DIR (default bench/results).

  --schemes a,b     only these schemes (default: all)
  --ops N           steady-state user operations per scheme (default 5)
  --quick           1 operation, fewer timing runs, no throughput burst, no bundle stage
  --full            the long stages as well: the largest bundle under 2^24 gas for each scheme, and every fork
                    (osaka,prague) unless --forks names them; the default run predicts the largest bundle instead
  --node N          the devnet's node: anvil (default) or geth, whose erc7562Tracer checks every operation against
                    ERC-7562's rules (geth is built with Go on first use, see "pq4337 devnet --help")
  --forks a,b       run the schemes on a devnet of each fork, osaka (default) and/or prague; the report sets
                    them side by side ("by fork")
  --bundles         the bundle stage (default without --quick): N = 1, 2, 4, 8 operations from as many accounts
                    in one handleOps, a mixed bundle and (with --full) the largest bundle under EIP-7825's 2^24
                    gas; on Osaka when --forks lists it, with Alto in manual mode. --no-bundles skips it
  --rpc-url URL     an existing chain instead of the devnet (needs --bundler-url and a funded key)
  --bundler-url URL its ERC-4337 bundler
  --private-key 0x… the funded key (or the PQ4337_PRIVATE_KEY environment variable)`;

export type BenchArgs = {
  out: string;
  schemes: string[] | undefined;
  ops: number;
  quick: boolean;
  /** The long stages: the largest bundles (measured, not predicted) and, unless `--forks` is given, every fork. */
  full: boolean;
  node: "anvil" | "geth";
  /** The devnet forks to measure under, in order; the report's main tables show the first. */
  forks: Fork[];
  bundles: boolean;
  rpcUrl: string | undefined;
  bundlerUrl: string | undefined;
  privateKey: `0x${string}` | undefined;
};

/** The forks the devnet can run, newest first. */
export const forks = ["osaka", "prague"] as const;
export type Fork = (typeof forks)[number];

/** What the command line asks for: the help text, or a run. */
export type ParseBenchArgsReturnType = { help: true } | { help: false; args: BenchArgs };

/** Bad command-line input: one line for stderr; `showUsage` when arguments are missing. */
export class BenchUsageError extends Error {
  override name = "BenchUsageError";
  readonly showUsage: boolean;
  constructor(message: string, { showUsage = false }: { showUsage?: boolean } = {}) {
    super(message);
    this.showUsage = showUsage;
  }
}

/**
 * Parses and checks the bench's arguments, throwing a {@link BenchUsageError} for anything wrong. Scheme names
 * are checked by `runBench` against the SDK's registry, still before anything is started.
 *
 * @example
 * const parsed = parseBenchArgs(process.argv.slice(2), process.env)
 */
export function parseBenchArgs(argv: string[], env: Record<string, string | undefined>): ParseBenchArgsReturnType {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      allowNegative: true,
      options: {
        out: { type: "string", default: "bench/results" },
        schemes: { type: "string" },
        ops: { type: "string" },
        quick: { type: "boolean", default: false },
        full: { type: "boolean", default: false },
        node: { type: "string", default: "anvil" },
        forks: { type: "string" },
        bundles: { type: "boolean" },
        "rpc-url": { type: "string" },
        "bundler-url": { type: "string" },
        "private-key": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    // Node's first line says it ("Unknown option '--bogus'"); the stack trace and further advice must go.
    if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) throw new BenchUsageError(error.message.split("\n")[0]!);
    throw error;
  }
  if (values.help) return { help: true };

  if (values.quick && values.full) throw new BenchUsageError("--quick and --full exclude each other");
  if (values.ops !== undefined && !/^[1-9]\d*$/.test(values.ops))
    throw new BenchUsageError(`--ops must be a positive integer, got ${JSON.stringify(values.ops)}`);
  if (values.node !== "anvil" && values.node !== "geth") throw new BenchUsageError(`--node must be anvil or geth, got ${JSON.stringify(values.node)}`);
  const node = values.node;
  const forkList = (values.forks ?? (values.full && values["rpc-url"] === undefined ? forks.join(",") : "osaka")).split(",").map((fork) => fork.trim());
  for (const fork of forkList)
    if (!(forks as readonly string[]).includes(fork)) throw new BenchUsageError(`--forks must list ${forks.join(" and/or ")}, got ${JSON.stringify(values.forks)}`);
  if (new Set(forkList).size !== forkList.length) throw new BenchUsageError(`--forks lists a fork twice: ${JSON.stringify(values.forks)}`);
  const schemes = values.schemes?.split(",").map((name) => name.trim());
  if (schemes?.some((name) => name === "")) throw new BenchUsageError(`--schemes must list scheme names separated by commas, got ${JSON.stringify(values.schemes)}`);
  for (const flag of ["rpc-url", "bundler-url"] as const) {
    const url = values[flag];
    if (url !== undefined && !/^https?:\/\/./.test(url)) throw new BenchUsageError(`--${flag} must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  // The devnet brings its own funded key; an existing chain needs one, from the flag or the environment.
  const rpcUrl = values["rpc-url"];
  const privateKey = rpcUrl === undefined ? undefined : (values["private-key"] ?? env.PQ4337_PRIVATE_KEY);
  if (rpcUrl === undefined) {
    const stray = [values["bundler-url"] !== undefined && "--bundler-url", values["private-key"] !== undefined && "--private-key"].filter(Boolean);
    if (stray.length > 0) throw new BenchUsageError(`${stray.join(" and ")} need${stray.length === 1 ? "s" : ""} --rpc-url`, { showUsage: true });
  } else {
    // An existing chain runs what it runs, and its bundler need not have Alto's manual mode.
    const devnetOnly = [values.forks !== undefined && "--forks", values.bundles === true && "--bundles"].filter(Boolean);
    if (devnetOnly.length > 0) throw new BenchUsageError(`${devnetOnly.join(" and ")} need${devnetOnly.length === 1 ? "s" : ""} the embedded devnet, not --rpc-url`);
    const missing = [values["bundler-url"] === undefined && "--bundler-url", privateKey === undefined && "--private-key"].filter(Boolean);
    if (missing.length > 0) throw new BenchUsageError(`--rpc-url needs ${missing.join(" and ")}`, { showUsage: true });
    if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey!))
      throw new BenchUsageError(`${values["private-key"] ? "--private-key" : "PQ4337_PRIVATE_KEY"} must be 0x and 64 hex digits`);
  }

  return {
    help: false,
    args: {
      out: values.out,
      schemes,
      ops: values.ops !== undefined ? Number(values.ops) : values.quick ? 1 : 5,
      quick: values.quick,
      full: values.full,
      node,
      forks: forkList as Fork[],
      bundles: values.bundles ?? (!values.quick && rpcUrl === undefined),
      rpcUrl,
      bundlerUrl: values["bundler-url"],
      privateKey: privateKey as `0x${string}` | undefined,
    },
  };
}
