import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { BenchUsageError, parseBenchArgs } from "./args.js";

const key = `0x${"ab".repeat(32)}`;
const usageError = (message: RegExp, showUsage = false) => (error: Error) =>
  error instanceof BenchUsageError && message.test(error.message) && error.showUsage === showUsage && !error.message.includes("\n");

describe("parseBenchArgs", () => {
  it("reads a run's options, with the defaults and --quick's single operation", () => {
    assert.deepEqual(parseBenchArgs([], {}), {
      help: false,
      args: {
        out: "bench/results",
        schemes: undefined,
        ops: 5,
        quick: false,
        full: false,
        node: "anvil",
        forks: ["osaka"],
        bundles: true,
        rpcUrl: undefined,
        bundlerUrl: undefined,
        privateKey: undefined,
      },
    });
    const quick = parseBenchArgs(["--quick"], {});
    assert.ok(!quick.help && quick.args.quick && quick.args.ops === 1 && !quick.args.bundles);
    const sideBySide = parseBenchArgs(["--quick", "--bundles", "--forks", "prague, osaka"], {});
    assert.ok(!sideBySide.help && sideBySide.args.bundles);
    assert.deepEqual(sideBySide.args.forks, ["prague", "osaka"]);
    const full = parseBenchArgs(["--full"], {});
    assert.ok(!full.help && full.args.full && full.args.bundles);
    assert.deepEqual(full.args.forks, ["osaka", "prague"], "--full measures every fork");
    const fullOneFork = parseBenchArgs(["--full", "--forks", "prague"], {});
    assert.ok(!fullOneFork.help);
    assert.deepEqual(fullOneFork.args.forks, ["prague"], "--forks still chooses");
    const noBundles = parseBenchArgs(["--no-bundles"], {});
    assert.ok(!noBundles.help && !noBundles.args.bundles);
    const parsed = parseBenchArgs(["--schemes", "ecdsa, falcon512", "--ops", "3", "--rpc-url", "http://127.0.0.1:8545", "--bundler-url", "http://127.0.0.1:4337"], { PQ4337_PRIVATE_KEY: key });
    assert.ok(!parsed.help);
    assert.deepEqual(parsed.args.schemes, ["ecdsa", "falcon512"]);
    assert.equal(parsed.args.ops, 3);
    assert.equal(parsed.args.privateKey, key);
    assert.equal(parsed.args.bundles, false, "an existing chain's bundler is not asked for manual bundles");
    assert.deepEqual(parseBenchArgs(["--out", "x", "-h"], {}), { help: true });
  });

  it("turns every bad argument into a one-line BenchUsageError, with the usage when arguments are missing", () => {
    assert.throws(() => parseBenchArgs(["--bogus"], {}), usageError(/^Unknown option '--bogus'$/));
    assert.throws(() => parseBenchArgs(["--quick", "--full"], {}), usageError(/^--quick and --full exclude each other$/));
    assert.throws(() => parseBenchArgs(["results"], {}), usageError(/^Unexpected argument 'results'/));
    assert.throws(() => parseBenchArgs(["--ops", "-2"], {}), usageError(/^Option '--ops' argument is ambiguous\.$/));
    for (const ops of ["0", "1.5", "many"]) assert.throws(() => parseBenchArgs(["--ops", ops], {}), usageError(/^--ops must be a positive integer/));
    assert.throws(() => parseBenchArgs(["--schemes", "ecdsa,"], {}), usageError(/^--schemes must list scheme names/));
    assert.throws(() => parseBenchArgs(["--node", "hardhat"], {}), usageError(/^--node must be anvil or geth, got "hardhat"$/));
    assert.throws(() => parseBenchArgs(["--forks", "cancun"], {}), usageError(/^--forks must list osaka and\/or prague, got "cancun"$/));
    assert.throws(() => parseBenchArgs(["--forks", "osaka,osaka"], {}), usageError(/^--forks lists a fork twice/));
    const existing = ["--rpc-url", "http://x", "--bundler-url", "http://y", "--private-key", key];
    assert.throws(() => parseBenchArgs([...existing, "--bundles", "--forks", "prague"], {}), usageError(/^--forks and --bundles need the embedded devnet, not --rpc-url$/));
    assert.throws(() => parseBenchArgs(["--rpc-url", "http://x"], {}), usageError(/^--rpc-url needs --bundler-url and --private-key$/, true));
    assert.throws(() => parseBenchArgs(["--bundler-url", "http://x"], {}), usageError(/^--bundler-url needs --rpc-url$/, true));
    assert.throws(() => parseBenchArgs(["--rpc-url", "x:8545", "--bundler-url", "http://y", "--private-key", key], {}), usageError(/^--rpc-url must be an http\(s\) URL/));
    assert.throws(
      () => parseBenchArgs(["--rpc-url", "http://x", "--bundler-url", "http://y"], { PQ4337_PRIVATE_KEY: "0x1234" }),
      usageError(/^PQ4337_PRIVATE_KEY must be 0x and 64 hex digits$/),
    );
  });
});

describe("pnpm bench (scripts/bench.mjs) and the pq4337-bench bin", () => {
  const root = new URL("../../..", import.meta.url).pathname;
  // Any child process (the 50 s build, anvil) makes the command exit with 99.
  const noChildProcesses = new URL("../../../test/helpers/noChildProcesses.mjs", import.meta.url).href;
  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, ["--import", noChildProcesses, script, ...args], { cwd: root, encoding: "utf8" });

  for (const script of ["scripts/bench.mjs", "packages/bench/bin/pq4337-bench.js"]) {
    it(`${script} answers --help and argument errors without building or starting anything`, () => {
      const help = run(script, "--help");
      assert.equal(help.status, 0, help.stderr);
      assert.match(help.stdout, /^pq4337-bench \[--out DIR\]/);
      const bogus = run(script, "--bogus");
      assert.equal(bogus.status, 2);
      assert.equal(bogus.stderr, "pq4337-bench: Unknown option '--bogus'\n");
      const missing = run(script, "--rpc-url", "http://127.0.0.1:8545");
      assert.equal(missing.status, 2);
      assert.match(missing.stderr, /^pq4337-bench: --rpc-url needs --bundler-url and --private-key\n\npq4337-bench \[--out DIR\]/);
    });
  }

  it("scripts/bench.mjs refuses an unknown scheme at once, and starts a run without rebuilding when nothing changed", async () => {
    // Brings the build up to date (nothing to do after the test command's own build), as after an install.
    const { build, staleSteps } = await import("../../../scripts/build.mjs");
    assert.ok(build({ scope: "main", targets: ["bench"] }));
    assert.deepEqual(staleSteps("main", ["bench"]), []);
    const unknown = run("scripts/bench.mjs", "--schemes", "ecdsa,falcon513");
    assert.equal(unknown.status, 2, unknown.stderr);
    assert.match(unknown.stderr, /^pq4337-bench: unknown scheme "falcon513"; known: ecdsa, [^\n]*falcon512[^\n]*\n$/);
    // The first child process is the run's own (git for the provenance, then the devnet), not a build.
    const quick = run("scripts/bench.mjs", "--quick");
    assert.equal(quick.status, 99, quick.stderr);
    assert.match(quick.stderr, /^child process started: \S+\n$/);
    assert.doesNotMatch(quick.stderr, /hardhat|tsc|pnpm|started: (sh|cmd)\n/);
  });
});
