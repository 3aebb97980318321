// The project's test command: builds everything, then runs every test (contracts on Hardhat's in-process
// chain, SDK units, end-to-end tests through Alto on anvil) with node:test, and ends with the line
// `N passed, N failed` that CI reads.
import { spawnSync } from "node:child_process";
import { globSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", shell: false });

const build = run("pnpm", ["build"]);
if (build.status !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const patterns = process.argv.length > 2 ? process.argv.slice(2) : ["test/**/*.test.ts", "packages/*/src/**/*.test.ts"];
const files = patterns.flatMap((pattern) => globSync(pattern, { exclude: (name) => name === "node_modules" })).sort();
const result = run(process.execPath, [
  "--import", "tsx",
  "--test",
  // A hung test fails after 10 minutes instead of holding CI until its own limit.
  "--test-timeout=600000",
  "--test-reporter=spec", "--test-reporter-destination=stdout",
  "--test-reporter=./scripts/summary-reporter.mjs", "--test-reporter-destination=stdout",
  ...files,
]);
process.exit(result.status ?? 1);
