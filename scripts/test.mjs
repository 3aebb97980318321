// The project's test command: builds everything, then runs every test (contracts on Hardhat's in-process
// chain, SDK units, end-to-end tests through Alto on anvil, and on geth where Go can build it) with node:test, and
// ends with the line `N passed, N failed` that CI reads.
import { spawnSync } from "node:child_process";
import { globSync } from "node:fs";

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", shell: false });

const build = run("pnpm", ["build"]);
if (build.status !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const patterns = process.argv.length > 2 ? process.argv.slice(2) : ["test/**/*.test.ts", "packages/*/src/**/*.test.ts"];
let files = patterns.flatMap((pattern) => globSync(pattern, { exclude: (name) => name === "node_modules" })).sort();

// Tests on the geth devnet (`*.geth.test.ts`) need geth, which is built from source with Go: on a machine without
// Go they are skipped with one line saying why; otherwise geth is built here, once, before any test's timeout runs.
const gethFiles = files.filter((file) => file.endsWith(".geth.test.ts"));
if (gethFiles.length > 0) {
  const { gethUnavailableReason, installGeth } = await import("@pq4337/devnet");
  const reason = gethUnavailableReason();
  if (reason) {
    console.log(`Skipping ${gethFiles.join(", ")}: ${reason}`);
    files = files.filter((file) => !gethFiles.includes(file));
  } else {
    try {
      await installGeth();
    } catch (error) {
      console.log(`${error instanceof Error ? error.message : error}\n0 passed, 1 failed`);
      process.exit(1);
    }
  }
}
if (files.length === 0) {
  console.log("0 passed, 0 failed");
  process.exit(0);
}

const result = run(process.execPath, [
  "--import", "tsx",
  "--test",
  "--test-reporter=spec", "--test-reporter-destination=stdout",
  "--test-reporter=./scripts/summary-reporter.mjs", "--test-reporter-destination=stdout",
  ...files,
]);
process.exit(result.status ?? 1);
