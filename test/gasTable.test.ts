// README.md's gas table is measured, not typed: scripts/gas-table.mjs writes it from a bench result set between
// markers that name the set, and this test fails when the table is not what that set gives, or when the sentence
// under it links another set.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { gasTable, readSnapshot, readmeTable, tableSchemes } from "../scripts/gas-table.mjs";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("README.md's gas table", () => {
  it("is the table of the snapshot its markers name, and the text under it links that snapshot's report", () => {
    const { snapshot, table } = readmeTable(readme);
    assert.equal(table, gasTable(snapshot), `README.md's gas table is stale: run \`npx -y pnpm@10.34.8 gas-table ${snapshot}\``);
    assert.ok(readme.includes(`(bench/snapshots/${snapshot}/report.md)`), `the README links bench/snapshots/${snapshot}/report.md`);
    assert.ok(readme.includes(`clean clone of commit ${snapshot.split("-").at(-1)}`) || /-geth$/.test(snapshot), "the README names the snapshot's commit");
  });

  it("takes each figure from the rows: a verify range, the bundle of 8, and a scheme without rows is an error", () => {
    const row = (scheme: string, bench_name: string, gas: number | null, value: number | null = null) => ({ scheme, bench_name, gas, value, security_bits: 128, hardfork: "osaka" });
    const rows = tableSchemes.flatMap(([scheme]) => [
      row(scheme, "verify", 100),
      row(scheme, "verify", 120),
      row(scheme, "handleOps.transfer", 1_000),
      row(scheme, "bundle.n8.per_operation", 900),
      row(scheme, "bundle.fit_predicted", null, 7),
      // Prague's rows (the by-fork stage) are not the table's.
      { ...row(scheme, "verify", 5), hardfork: "prague" },
    ]);
    const table = gasTable("synthetic", rows);
    assert.match(table, /^\| ECDSA \(128\) \| 100–120 \| 1,000 \| 900 \| 7 \|$/m);
    assert.throws(() => gasTable("synthetic", rows.filter((r) => r.scheme !== "ed25519")), /no verify or handleOps rows for ed25519/);
  });

  it("the snapshot the README cites is in the repository", () => {
    assert.ok(readSnapshot(readmeTable(readme).snapshot).length > 0);
  });
});
