import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Row, columns, toCsv, toJsonl } from "./dataset.js";

const row = (overrides: Partial<Row>): Row =>
  Object.fromEntries(columns.map((column) => [column, overrides[column] ?? null])) as unknown as Row;

describe("dataset encodings", () => {
  it("writes CSV with a header and RFC 4180 quoting", () => {
    const csv = toCsv([row({ bench_name: "verify", gas: 4846, notes: 'op 1/5; "frame", account → verifier' })]);
    const [header, line] = csv.trimEnd().split("\n");
    assert.equal(header, columns.join(","));
    assert.ok(line!.startsWith("verify,"));
    assert.ok(line!.endsWith(`"op 1/5; ""frame"", account → verifier"`));
    assert.equal(line!.split(",").length >= columns.length, true);
  });

  it("writes one JSON object per line that parses back to the row", () => {
    const rows = [row({ bench_name: "a", gas: 1 }), row({ bench_name: "b", value: 2.5, unit: "ms" })];
    const lines = toJsonl(rows).trimEnd().split("\n");
    assert.deepEqual(lines.map((line) => JSON.parse(line)), rows);
  });
});
