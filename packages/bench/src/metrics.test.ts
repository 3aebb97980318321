import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { calldataGas, gasPer128b, gasPerSecureBit, summarise } from "./metrics.js";

describe("metrics", () => {
  it("normalises by the 128-bit baseline and by the scheme's security bits", () => {
    assert.equal(gasPer128b(1_280_000), 10_000);
    assert.equal(gasPerSecureBit(1_920_000, 192), 10_000);
    assert.equal(gasPerSecureBit(1000, 256), 3.91);
    assert.throws(() => gasPerSecureBit(1000, 0), RangeError);
  });

  it("prices calldata by EIP-2028 and the EIP-7623 floor", () => {
    assert.deepEqual(calldataGas(Uint8Array.from([0, 0, 1, 255])), { eip2028: 4 * 2 + 16 * 2, eip7623Floor: 10 * (2 + 8), tokens: 10 });
    assert.deepEqual(calldataGas(new Uint8Array()), { eip2028: 0, eip7623Floor: 0, tokens: 0 });
  });

  it("summarises samples by median and spread", () => {
    assert.deepEqual(summarise([5, 1, 3]), { median: 3, min: 1, max: 5, iqr: 2, n: 3 });
    assert.deepEqual(summarise([1, 2, 3, 4]), { median: 2.5, min: 1, max: 4, iqr: 1.5, n: 4 });
    assert.throws(() => summarise([]), RangeError);
  });
});
