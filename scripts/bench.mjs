// `pnpm bench`: answers --help and argument errors at once (scheme names included), builds what changed since the
// last build (nothing, when nothing did: scripts/build.mjs), then runs the bench. The arguments are parsed by the
// bench's own parser, loaded from its TypeScript source (Node 22 strips the types), which imports nothing that needs
// building.
import { existsSync } from "node:fs";
import { BenchUsageError, benchHelp, parseBenchArgs } from "../packages/bench/src/args.ts";
import { build, staleSteps } from "./build.mjs";

const usageError = (message, showUsage = false) => {
  console.error(`pq4337-bench: ${message}`);
  if (showUsage) console.error(`\n${benchHelp}`);
  process.exit(2);
};

let args;
try {
  const parsed = parseBenchArgs(process.argv.slice(2), process.env);
  if (parsed.help) {
    console.log(benchHelp);
    process.exit(0);
  }
  args = parsed.args;
} catch (error) {
  if (!(error instanceof BenchUsageError)) throw error;
  usageError(error.message, error.showUsage);
}

// Scheme names come from the SDK's registry, known from the last build. A name that build does not know is refused
// at once when the SDK and the bench are up to date; when their sources changed (a scheme may have been added), it is
// checked again after the build.
const runBench = new URL("../packages/bench/dist/runBench.js", import.meta.url);
const unknownSchemes = async () => {
  const { benchSubjects } = await import(runBench);
  const subjects = benchSubjects();
  const unknown = (args.schemes ?? []).filter((name) => !(name in subjects));
  return unknown.length === 0 ? undefined : `unknown scheme${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `"${name}"`).join(", ")}; known: ${Object.keys(subjects).join(", ")}`;
};
// The bench needs the contracts, the SDK, the devnet and itself; not the CLI or @pq4337/contracts.
const stale = staleSteps("main", ["bench"]);
const packagesChanged = stale.length > 0;
if (args.schemes && existsSync(runBench) && !packagesChanged) {
  const unknown = await unknownSchemes();
  if (unknown) usageError(unknown);
}

if (stale.length > 0 && !build({ scope: "main", targets: ["bench"] })) process.exit(1);
if (args.schemes && packagesChanged) {
  const unknown = await unknownSchemes();
  if (unknown) usageError(unknown);
}
await import("../packages/bench/dist/cli.js");
