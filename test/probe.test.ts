// scripts/probe.ts gives the gas suite's ML-DSA figures without a build: it must compile exactly the code the build
// deploys (else its figures are not the bench's), and its opcode histograms must add up to the gas it reports.
//
// Run: node --import tsx --test test/probe.test.ts
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { compileInstrument, probe, probes } from "../scripts/probe.js";

/** Runtime code without its CBOR metadata (whose hash covers source names, which Hardhat prefixes). */
const withoutMetadata = (code: string) => code.slice(0, code.length - 2 * (parseInt(code.slice(-4), 16) + 2));

describe("scripts/probe.ts", () => {
  it("compiles each instrument to the build's runtime code (the settings hardhat.config.ts gives its file)", () => {
    for (const { source, contract } of Object.values(probes)) {
      const artifact = JSON.parse(readFileSync(new URL(`../artifacts/${source}/${contract}.json`, import.meta.url), "utf8"));
      const { deployedBytecode } = compileInstrument(source, contract);
      assert.equal(withoutMetadata(deployedBytecode), withoutMetadata(artifact.deployedBytecode), contract);
    }
  });

  it("measures both transforms, and each histogram adds up to its transform's gas less the closing GAS opcode", async () => {
    const { rows } = await probe("ntt", { trace: true });
    assert.deepEqual(rows.map((row) => row.name), ["ntt.forward", "ntt.inverse"]);
    for (const row of rows) {
      const traced = Object.values(row.opcodes!).reduce((sum, { gas }) => sum + gas, 0);
      assert.equal(traced + 2, row.gas, row.name);
      assert.ok(row.opcodes!.MULMOD!.count > 0);
    }
  });

  it("profiles a valid ML-DSA-44 verify step by step, each step's histogram adding up to its gas", async () => {
    const { rows, valid } = await probe("mldsa44", { trace: true });
    assert.equal(valid, true);
    for (const row of rows) {
      const traced = Object.values(row.opcodes!).reduce((sum, { gas }) => sum + gas, 0);
      assert.equal(traced + 2, row.gas, row.name);
    }
    // Each histogram is its own step's: the products multiply, the inverse NTTs reduce with MULMOD.
    assert.equal(rows[5]!.opcodes!.MULMOD, undefined);
    assert.ok(rows[6]!.opcodes!.MULMOD!.count > 0);
  });

  it("traces only the step asked for", async () => {
    const { rows } = await probe("mldsa44", { trace: true, step: 1 });
    assert.equal(rows.length, 8);
    for (const row of rows) assert.ok(row.gas > 1000, row.name);
    assert.deepEqual(rows.map((row) => row.opcodes !== undefined), [false, true, false, false, false, false, false, false]);
    const traced = Object.values(rows[1]!.opcodes!).reduce((sum, { gas }) => sum + gas, 0);
    assert.equal(traced + 2, rows[1]!.gas);
  });

  it("exits 2 with one line on stderr for an unknown probe or row, before compiling anything", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/probe.ts", "falcon512"], { encoding: "utf8" });
    assert.equal(run.status, 2);
    assert.equal(run.stdout, "");
    const badStep = spawnSync(process.execPath, ["--import", "tsx", "scripts/probe.ts", "ntt", "--trace", "2"], { encoding: "utf8" });
    assert.equal(badStep.status, 2);
    assert.equal(badStep.stderr, "--trace takes a row of ntt, 0 to 1: not 2\n");
    assert.match(run.stderr, /^usage: npx -y pnpm@10\.34\.8 exec tsx scripts\/probe\.ts <ntt \| mldsa44 \| mldsa65 \| mldsa87> \[--trace \[step\]\]\n$/);
  });
});
