import { parseArgs } from "node:util";
import { runBench } from "./runBench.js";

const help = `pq4337-bench [--out DIR] [--schemes a,b] [--ops N] [--quick] [--node anvil|geth]
             [--rpc-url URL --bundler-url URL --private-key 0x…]

Measures every scheme of the SDK's registry with real user operations through a real bundler: by default on the
embedded devnet (anvil + EntryPoint v0.8 + Alto), started and stopped by this command. Writes results.jsonl,
results.csv, report.md and two SVG charts to DIR (default bench/results).

  --schemes a,b     only these schemes (default: all)
  --ops N           steady-state user operations per scheme (default 5)
  --quick           1 operation, fewer timing runs, no throughput burst
  --node N          the devnet's node: anvil (default) or geth, whose erc7562Tracer checks every operation against
                    ERC-7562's rules (geth is built with Go on first use, see "pq4337 devnet --help")
  --rpc-url URL     an existing chain instead of the devnet (needs --bundler-url and a funded key)
  --bundler-url URL its ERC-4337 bundler
  --private-key 0x… the funded key (or the PQ4337_PRIVATE_KEY environment variable)`;

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "bench/results" },
    schemes: { type: "string" },
    ops: { type: "string" },
    quick: { type: "boolean", default: false },
    node: { type: "string", default: "anvil" },
    "rpc-url": { type: "string" },
    "bundler-url": { type: "string" },
    "private-key": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(help);
  process.exit(0);
}
try {
  await runBench({
    out: values.out,
    schemes: values.schemes?.split(",").map((name) => name.trim()),
    ops: values.ops !== undefined ? Number(values.ops) : values.quick ? 1 : 5,
    quick: values.quick,
    node: values.node === "geth" ? "geth" : values.node === "anvil" ? "anvil" : invalidNode(values.node),
    rpcUrl: values["rpc-url"],
    bundlerUrl: values["bundler-url"],
    privateKey: (values["private-key"] ?? process.env.PQ4337_PRIVATE_KEY) as `0x${string}` | undefined,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

function invalidNode(node: string): never {
  throw new Error(`--node must be anvil or geth, not "${node}"`);
}
