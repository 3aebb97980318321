import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

describe("the geth devnet on a machine without Go", () => {
  // No go on PATH or in GOROOT, and an empty cache: geth is neither built nor buildable.
  const { GOROOT: _, ...inherited } = process.env;
  const env = { ...inherited, PATH: "/nonexistent", XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "pq4337-no-geth-")) };

  for (const args of [["devnet", "--node", "geth"], ["check-7562", "--scheme", "ecdsa"]]) {
    it(`pq4337 ${args.join(" ")} says what to install in one line and exits 1 before starting anything`, () => {
      const run = spawnSync(process.execPath, [cli, ...args], { env, encoding: "utf8", timeout: 30_000 });
      assert.equal(run.status, 1);
      assert.equal(run.stdout, "");
      assert.equal(run.stderr, `pq4337 ${args[0]}: The geth devnet builds geth v1.17.10 from source with Go, which is not installed: install Go ≥ 1.25 (https://go.dev/dl/) and run again.\n`);
    });
  }
});
