// The project's test command: builds everything, then runs every test (contracts on Hardhat's in-process
// chain, SDK units, end-to-end tests through Alto on anvil, and on geth where Go can build it) with node:test, and
// ends with the line `N passed, N failed` that CI reads.
import { spawnSync } from "node:child_process";
import { existsSync, globSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", shell: false });

const build = run("pnpm", ["build"]);
if (build.status !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const patterns = process.argv.length > 2 ? process.argv.slice(2) : ["test/**/*.test.ts", "packages/*/src/**/*.test.ts"];
let files = patterns.flatMap((pattern) => globSync(pattern, { exclude: (name) => name === "node_modules" })).sort();

// Tests on the geth devnet (`*.geth.test.ts`) need geth, built from source with Go in 10–16 minutes: more than a
// third of CI's budget. They run where geth is already built (`pq4337 devnet --node geth` builds it once per
// machine) and are skipped with one line saying so elsewhere.
const gethFiles = files.filter((file) => file.endsWith(".geth.test.ts"));
if (gethFiles.length > 0) {
  const { gethBinary } = await import("@pq4337/devnet");
  if (!existsSync(gethBinary())) {
    console.log(`Skipping ${gethFiles.join(", ")}: geth is not built at ${gethBinary()}; "npx -y pnpm@10.34.8 pq4337 devnet --node geth" builds it (Go, 10–16 min)`);
    files = files.filter((file) => !gethFiles.includes(file));
  }
}
if (files.length === 0) {
  console.log("0 passed, 0 failed");
  process.exit(0);
}

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
