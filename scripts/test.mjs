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

// Tests on the geth devnet (`*.geth.test.ts`) need geth, built from source with Go (10–16 minutes on two cores,
// once per machine: it is kept in ~/.cache/pq4337). Where Go is installed, geth is built now if it is not yet; where
// it is not, the geth tests are skipped with one line saying so.
const gethFiles = files.filter((file) => file.endsWith(".geth.test.ts"));
if (gethFiles.length > 0) {
  const { GoMissingError, gethBinary, installGeth } = await import("@pq4337/devnet");
  if (!existsSync(gethBinary())) {
    try {
      await installGeth();
    } catch (error) {
      if (!(error instanceof GoMissingError)) {
        console.error(error instanceof Error ? error.message : error);
        console.log("0 passed, 1 failed");
        process.exit(1);
      }
      console.log(`Skipping ${gethFiles.join(", ")}: ${error.message}`);
      files = files.filter((file) => !gethFiles.includes(file));
    }
  }
}
// Tests in a real browser (`*.browser.test.ts`) drive Debian's Chromium: browser downloads from other hosts fail
// here, apt's packages do not. As root (CI) it is installed now if it is missing; where it is missing and cannot be
// installed, those tests are skipped with one line saying why.
const browserFiles = files.filter((file) => file.endsWith(".browser.test.ts"));
const chromium = process.env.PQ4337_CHROMIUM ?? "/usr/bin/chromium";
if (browserFiles.length > 0 && !existsSync(chromium)) {
  let reason = "installing it with apt needs root";
  if (process.getuid?.() === 0) {
    console.log(`${chromium} is missing: apt-get install chromium`);
    const apt = (args) => spawnSync("apt-get", args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    const update = apt(["update", "-q"]);
    const install = update.status === 0 ? apt(["install", "-y", "-q", "chromium"]) : update;
    reason = `apt-get ${update.status === 0 ? "install chromium" : "update"} failed (exit ${install.status})`;
  }
  if (!existsSync(chromium)) {
    console.log(`Skipping ${browserFiles.join(", ")}: ${chromium} is missing and ${reason}`);
    files = files.filter((file) => !browserFiles.includes(file));
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
