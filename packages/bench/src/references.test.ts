import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Row } from "./dataset.js";
import { publicVerifiersSection, referenceFigures, referenceRoutines } from "./references.js";

const row = (scheme: string, bench_name: string, gas: number) => ({ scheme, bench_name, gas, surface: "verify", hardfork: "osaka" }) as Row;

describe("published reference figures", () => {
  it("sets each published figure beside the run's largest verify of the same standard, with their ratio", () => {
    const lines = publicVerifiersSection([row("mldsa44", "verify", 898_400), row("mldsa44", "verify", 910_000)]);
    const fireblocks = lines.find((line) => line.includes("Fireblocks MLDSA44Verifier"))!;
    assert.match(fireblocks, /\| 1,226,311 \| 9,581 \| 910,000 \(mldsa44\) \| 1\.35× \| fireblocks-labs\/evm-ml-dsa-verifier@cca262b/);
    // Without the scheme in the run there is nothing to compare with.
    const falcon = lines.find((line) => line.includes("falcon512-sol"))!;
    assert.match(falcon, /\| 649,308 \| 5,073 \| – \| – \|/);
  });

  it("divides a routine's published figure by the run's routine", () => {
    const lines = publicVerifiersSection([row("keccak-f1600", "keccak_f1600.permutation", 32_000), row("mldsa-ntt", "ntt.forward", 35_000)]);
    assert.match(lines.find((line) => line.startsWith("| Keccak-f[1600]"))!, /\| 41,664 \| 32,000 \(keccak_f1600.permutation\) \| 1\.30× \|/);
    assert.match(lines.find((line) => line.includes("Fireblocks, inside verify()"))!, /\| 44,931 \| 35,000 \(ntt.forward\) \| 1\.28× \|/);
  });

  it("cites every figure by repository and commit or branch", () => {
    for (const reference of [...referenceFigures, ...referenceRoutines])
      assert.match(reference.source, /[\w-]+\/[\w.-]+(@[0-9a-f]{7}| branch [\w/.-]+)/, reference.source);
  });
});
