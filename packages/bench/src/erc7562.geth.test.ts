import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runBench } from "./runBench.js";

const out = mkdtempSync(join(tmpdir(), "pq4337-bench-geth-"));
after(() => rmSync(out, { recursive: true, force: true }));

describe("pnpm bench --quick --node geth", () => {
  it("reports the ERC-7562 verdict per scheme and per operation kind: the gas bound, and the rules checked with geth's tracer", async () => {
    const rows = await runBench({ out, node: "geth", schemes: ["falcon512", "ecdsa"], ops: 1, quick: true });
    const verdict = (scheme: string, kind: string) => rows.find((row) => row.scheme === scheme && row.bench_name === `erc7562.${kind}`)!;
    assert.equal(verdict("falcon512", "first_operation").notes, "gas bound: exceeds; rules: clean");
    assert.equal(verdict("falcon512", "steady_state").notes, "gas bound: fits; rules: clean");
    assert.equal(verdict("ecdsa", "first_operation").notes, "gas bound: fits; rules: clean");
    assert.ok(verdict("falcon512", "first_operation").gas! > 500_000 && verdict("falcon512", "steady_state").gas! <= 500_000);
    assert.match(rows[0]!.chain_profile, /^pq4337 devnet: geth v1\.17\.10/);
    // A Safe's user operation with a Falcon-512 owner lands on geth too (Alto's estimate of the module's stub
    // signature fell short there until the owners' checks were estimated on the Safe's checkSignatures).
    assert.ok(rows.find((row) => row.bench_name === "safe.handleOps.transfer")!.gas! > 0);

    const report = readFileSync(join(out, "report.md"), "utf8");
    assert.match(report, /\| falcon512 \| first operation \(creates the account\) \| [\d,]+ \| exceeds \| clean \|/);
    assert.match(report, /\| falcon512 \| steady state \| [\d,]+ \| fits \| clean \|/);
  });
});
