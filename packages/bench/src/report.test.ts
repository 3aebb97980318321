import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { breakdown, describeGas } from "./report.js";
import type { Row } from "./dataset.js";

describe("report", () => {
  it("shows a gas figure once when every run agrees, else its range", () => {
    assert.equal(describeGas([103_852, 103_852]), "103,852");
    assert.equal(describeGas([103_852, 103_864, 103_852]), "103,852–103,864 (3 values)");
    assert.equal(describeGas([]), "–");
  });

  it("splits handleOps into intrinsic, calldata, validation, execution and EntryPoint overhead", () => {
    const gas = (bench_name: string, value: number) => ({ scheme: "ecdsa", bench_name, gas: value }) as Row;
    const rows = [gas("handleOps.transfer", 100_000), gas("handleOps.calldata", 6_000), gas("validateUserOp", 30_000), gas("verify", 5_000), gas("handleOps.execute", 13_000)];
    assert.deepEqual(breakdown(rows, "ecdsa"), { total: 100_000, calldata: 6_000, validation: 30_000, verify: 5_000, execute: 13_000, overhead: 30_000 });
    assert.equal(breakdown(rows, "other").overhead, undefined);
  });
});
