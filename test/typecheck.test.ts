import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { it } from "node:test";

// The test runner strips types without checking them: this keeps every test and helper type-correct against
// the contracts' generated types and the packages' APIs.
it("tests, helpers and the Hardhat config type-check (tsc -p tsconfig.json)", () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const root = new URL("..", import.meta.url).pathname;
  const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: root, encoding: "utf8" });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});

it("the web wallet's page code type-checks for browsers (tsc -p examples/web-wallet)", () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const root = new URL("..", import.meta.url).pathname;
  const result = spawnSync(process.execPath, [tsc, "-p", "examples/web-wallet"], { cwd: root, encoding: "utf8" });
  assert.equal(result.status, 0, result.stdout + result.stderr);
});
