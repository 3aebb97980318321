import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keccak256, size, stringToHex } from "viem";
import { schemes } from "@pq4337/sdk";
import type { Row } from "./dataset.js";
import { floorGas, floorSection, floorUnits, microRows, schemeFloors, stepGas } from "./floor.js";

const row = (scheme: string, bench_name: string, gas: number) => ({ scheme, bench_name, gas, surface: "verify", hardfork: "osaka" }) as Row;
const floorOf = (scheme: string) => schemeFloors.find((floor) => floor.scheme === scheme)!;
const termCount = (scheme: string, stage: number, unit: string) => floorOf(scheme).steps.find((step) => step.stage === stage)!.terms.find((term) => term.unit === unit)?.count;
const fmt = (value: number) => value.toLocaleString("en-US");

describe("distance to the floor", () => {
  it("sets the run's verify beside the model's total and divides one by the other", () => {
    const floor = floorGas(floorOf("mldsa65"));
    const lines = floorSection([row("mldsa65", "verify", 1_000_003), row("mldsa65", "verify", 1_050_017), row("ecdsa", "verify", 4_880)]);
    const summary = lines.find((line) => line.startsWith("| mldsa65 |"))!;
    const low = (1_000_003 / floor).toFixed(2);
    const high = (1_050_017 / floor).toFixed(2);
    assert.equal(summary, `| mldsa65 | 1,000,003–1,050,017 | ${fmt(floor)} | ${low === high ? `${low}×` : `${low}–${high}×`} | 740,000–800,000 |`);
    // A scheme the model does not cover, and one the run did not measure, have no row.
    assert.ok(!lines.some((line) => line.startsWith("| ecdsa |") || line.startsWith("| mldsa44 |")));
    assert.match(lines[0]!, /estimate/);
  });

  it("shows nothing when the run measured no scheme the model covers", () => {
    assert.deepEqual(floorSection([row("ecdsa", "verify", 4_880)]), []);
  });

  it("sets each step of the model beside the profile's step of the same number", () => {
    const fiveForward = stepGas(floorOf("mldsa44").steps.find((step) => step.stage === 5)!);
    assert.equal(fiveForward, 5 * floorUnits.ntt256.gas);
    const lines = floorSection([row("mldsa44", "verify", 900_000), row("mldsa44", "verify.stage.5", 175_920)]);
    const step = lines.find((line) => line.startsWith("| 5 forward NTTs"))!;
    assert.equal(step, `| 5 forward NTTs (z, c) | 5 × ntt256 22,000 | ${fmt(fiveForward)} | 175,920 | ${(175_920 / fiveForward).toFixed(2)}× |`);
    // A step the run did not profile shows no measurement and no ratio.
    assert.match(lines.find((line) => line.startsWith("| 4 inverse NTTs"))!, /\| – \| – \|$/);
  });

  it("counts the operations from the standards' parameters", () => {
    // FIPS 204: l + 1 forward and k inverse transforms, k·l + k products; c̃′ absorbs μ and w1Encode(w1).
    assert.equal(termCount("mldsa65", 5, "ntt256"), 6);
    assert.equal(termCount("mldsa65", 7, "ntt256"), 6);
    assert.equal(termCount("mldsa87", 6, "productCoefficient"), (8 * 7 + 8) * 256);
    assert.equal(termCount("mldsa44", 8, "keccakF1600"), Math.ceil((64 + 768 + 1) / 136));
    assert.equal(termCount("mldsa87", 8, "keccakF1600"), 9);
    // The work area (ẑ, ĉ and k rows of w, 64 words each) is paid above the key's memory by the decoding step.
    const keyWords = termCount("mldsa87", 1, "keyWord")!;
    const workWords = (7 + 1 + 8) * 64;
    assert.equal(termCount("mldsa87", 2, "memoryWord"), workWords);
    assert.equal(termCount("mldsa87", 2, "memoryQuadratic"), Math.floor((keyWords + workWords) ** 2 / 512) - Math.floor(keyWords ** 2 / 512));
    // Falcon's HashToPoint: the fewest 136-byte blocks holding n 16-bit candidates.
    assert.equal(termCount("falcon512", 3, "keccakF1600"), 8);
    assert.equal(termCount("falcon1024", 3, "keccakF1600"), 16);
  });

  it("reads as many key words as the SDK's expanded key has", () => {
    for (const name of ["mldsa44", "mldsa65", "mldsa87", "falcon512", "falcon1024"]) {
      const scheme = schemes[name]!;
      const { expandedKey } = scheme.toErc7913Key(scheme.createSigner(keccak256(stringToHex(`floor/${name}`))).publicKey);
      assert.equal(termCount(name, 1, "keyWord"), Math.ceil(size(expandedKey!) / 32), name);
    }
  });

  it("takes a routine's own row when the run has one, else the profile's step it names, else none", () => {
    const routine = (lines: string[], name: string) => lines.find((line) => line.startsWith(`| ${name} |`))!;
    const profiled = floorSection([row("mldsa65", "verify", 1_076_000), row("mldsa65", "verify.stage.5", 210_860), row("keccak-f1600", microRows.keccak, 32_669)]);
    assert.match(routine(profiled, "256-point NTT, forward"), /^\| 256-point NTT, forward \| 35,143 \| the mean of ML-DSA-65's profile step 5/);
    assert.match(routine(profiled, "256-point NTT, inverse"), /^\| 256-point NTT, inverse \| – \| not measured alone/);
    assert.equal(routine(profiled, "Keccak-f[1600], one permutation"), `| Keccak-f[1600], one permutation | 32,669 | the shared routine alone (keccak_f1600.permutation) | 29,500 | ${(32_669 / 29_500).toFixed(2)}× |`);
    assert.match(routine(profiled, "SHA-512"), /^\| SHA-512 \| – \| not measured by this run/);

    const alone = floorSection([row("mldsa65", "verify", 1_076_000), row("mldsa65", "verify.stage.5", 210_860), row("mldsa-ntt", microRows.nttForward, 27_000), row("mldsa-ntt", microRows.nttInverse, 28_500)]);
    assert.match(routine(alone, "256-point NTT, forward"), /^\| 256-point NTT, forward \| 27,000 \| one transform alone \(ntt.forward\) \| 22,000 \| 1.23× \|$/);
    assert.match(routine(alone, "256-point NTT, inverse"), /^\| 256-point NTT, inverse \| 28,500 \| one transform alone \(ntt.inverse\) \| 22,000 \| 1.30× \|$/);
  });
});
