import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Row } from "./dataset.js";
import { preASection } from "./preA.js";

const row = (scheme: string, bench_name: string, gas: number) => ({ scheme, bench_name, gas }) as Row;

describe("preASection", () => {
  it("sets today's measured design beside the computed carriers, from the run's own figures, and is empty without them", () => {
    assert.deepEqual(preASection([row("ecdsa", "verify", 4_880)]), []);
    const rows = [
      row("mldsa65", "verify", 1_100_000),
      row("mldsa65", "verify.stage.1", 24_000),
      row("mldsa65", "verify.stage.5", 210_000),
      row("mldsa65", "setup.expanded_key_deployment", 8_000_000),
      row("keccak-f1600", "keccak_f1600.permutation", 32_842),
    ];
    const lines = preASection(rows);
    const table = Object.fromEntries(lines.filter((line) => line.startsWith("| ") && !line.startsWith("| carrier")).map((line) => [line.split(" | ")[0]!.slice(2), line.split(" | ")]));
    assert.equal(table["contract code (today's design)"]![1], "8,000,000");
    assert.equal(table["contract code (today's design)"]![2], "1,100,000");
    // Storage: 1,154 words of E, 22,100 to store each, 2,100 to read each cold.
    assert.equal(table["per-key storage (SSTORE once, SLOAD per operation)"]![1], "25,503,400 (two transactions under 2^24)");
    assert.equal(table["per-key storage (SSTORE once, SLOAD per operation)"]![2], (1_100_000 - 24_000 + 1_154 * 2_100).toLocaleString("en-US"));
    // ExpandA alone is 30 polynomials × 5 SHAKE128 blocks of Keccak-f: the recomputed row is above it.
    assert.ok(Number(table["recomputed on-chain from ρ (ExpandA, tr, NTT(t1))"]![2]!.replaceAll(",", "")) > 1_076_000 + 150 * 32_842);
    assert.match(lines.at(-1)!, /^Recommendation: keep E in contract code/);

    // With the run's precompile stage, the recomputed and precompile rows are measured through the stand-in.
    const measured = preASection([...rows, row("mldsa65", "precompile.stand_in_own", 8_187_818), row("mldsa65", "precompile.with_precompile", 35_287)]);
    const recomputed = measured.find((line) => line.startsWith("| recomputed on-chain from ρ"))!;
    assert.match(recomputed, /measured: EIP-8355's Solidity stand-in, which does exactly this, 8,187,818, \+ pk calldata/);
    assert.match(measured.find((line) => line.startsWith("| a precompile"))!, /\| 0 \| 35,287 \| 72 \| fits \| computed from this run/);
  });
});
