import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const generated = (kind: "library" | "profiler", set: number) =>
  execFileSync(process.execPath, ["scripts/codegen/mldsa.mjs", kind, String(set)], { encoding: "utf8" });
const committed = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("ML-DSA codegen", () => {
  for (const set of [44, 65, 87]) {
    it(`MLDSA${set} and MLDSA${set}Profiler are what scripts/codegen/mldsa.mjs generates from FIPS 204 Table 1`, () => {
      assert.equal(generated("library", set), committed(`contracts/utils/MLDSA${set}.sol`));
      assert.equal(generated("profiler", set), committed(`contracts/metering/MLDSA${set}Profiler.sol`));
    });
  }
});
