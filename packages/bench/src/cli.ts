import { BenchUsageError, benchHelp, parseBenchArgs } from "./args.js";
import { runBench } from "./runBench.js";

try {
  const parsed = parseBenchArgs(process.argv.slice(2), process.env);
  if (parsed.help) console.log(benchHelp);
  else await runBench({ ...parsed.args, largestBundles: parsed.args.full });
} catch (error) {
  console.error(`pq4337-bench: ${error instanceof Error ? error.message : error}`);
  if (error instanceof BenchUsageError && error.showUsage) console.error(`\n${benchHelp}`);
  process.exitCode = error instanceof BenchUsageError ? 2 : 1;
}

