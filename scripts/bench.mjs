// `pnpm bench`: answers --help and argument errors at once, then builds (so the suite measures the current
// sources, about 50 s) and runs the bench. The arguments are parsed by the bench's own parser, loaded from its
// TypeScript source (Node 22 strips the types), which imports nothing that needs building.
import { spawnSync } from "node:child_process";
import { BenchUsageError, benchHelp, parseBenchArgs } from "../packages/bench/src/args.ts";

try {
  if (parseBenchArgs(process.argv.slice(2), process.env).help) {
    console.log(benchHelp);
    process.exit(0);
  }
} catch (error) {
  if (!(error instanceof BenchUsageError)) throw error;
  console.error(`pq4337-bench: ${error.message}`);
  if (error.showUsage) console.error(`\n${benchHelp}`);
  process.exit(2);
}

const build = spawnSync("pnpm", ["-s", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
await import("../packages/bench/dist/cli.js");
