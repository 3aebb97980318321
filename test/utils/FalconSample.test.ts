// Falcon's HashToPoint samples a SHAKE block's eight lane pairs with code unrolled by a generator; the verifiers'
// tests (noble, PQClean and the round-3 reference's vectors, mutations) check what it computes, this one that the
// library still holds the generator's output.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { it } from "node:test";

it("contracts/utils/Falcon.sol holds what scripts/codegen/falcon-sample.mjs generates, once", () => {
  const root = new URL("../..", import.meta.url);
  const generated = execFileSync(process.execPath, [new URL("scripts/codegen/falcon-sample.mjs", root).pathname], { encoding: "utf8" });
  const library = readFileSync(new URL("contracts/utils/Falcon.sol", root), "utf8");
  assert.equal(library.split(generated).length, 2, "run node scripts/codegen/falcon-sample.mjs and put its output between the markers");
});
