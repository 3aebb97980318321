import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, encodeAbiParameters, encodeFunctionData, size, slice } from "viem";
import { erc7579AccountAbi } from "./erc7579AccountAbi.js";
import { batchExecutionMode, decodeErc7579Calls, encodeErc7579Calls, singleExecutionMode } from "./encodeErc7579Calls.js";
import { UnsupportedErc7579CallsError } from "./errors.js";

const to: Address = "0x000000000000000000000000000000000000bEEF";
const other: Address = "0x000000000000000000000000000000000000dEaD";

describe("encodeErc7579Calls / decodeErc7579Calls", () => {
  it("encodes one call in single mode as target ‖ value ‖ data, packed, and decodes it back", () => {
    const data = encodeErc7579Calls([{ to, value: 5n, data: "0x1234" }]);
    assert.equal(slice(data, 0, 4), "0xe9ae5c53"); // execute(bytes32,bytes)
    assert.equal(slice(data, 4, 36), singleExecutionMode);
    assert.deepEqual(decodeErc7579Calls(data), [{ to, value: 5n, data: "0x1234" }]);
    assert.deepEqual(decodeErc7579Calls(encodeErc7579Calls([{ to }])), [{ to, value: 0n, data: "0x" }]);
  });

  it("encodes several calls as an ERC-7579 batch and decodes them back", () => {
    const calls = [
      { to, value: 1n, data: "0x" as const },
      { to: other, value: 0n, data: "0xabcdef" as const },
    ];
    const data = encodeErc7579Calls(calls);
    assert.equal(slice(data, 4, 36), batchExecutionMode);
    assert.deepEqual(decodeErc7579Calls(data), calls);
  });

  it("throws UnsupportedErc7579CallsError for a delegatecall mode, another function, or a truncated single call", () => {
    const delegate = encodeFunctionData({ abi: erc7579AccountAbi, functionName: "execute", args: [`0xff${"00".repeat(31)}`, "0x"] });
    const install = encodeFunctionData({ abi: erc7579AccountAbi, functionName: "installModule", args: [1n, to, "0x"] });
    const truncated = encodeFunctionData({ abi: erc7579AccountAbi, functionName: "execute", args: [singleExecutionMode, slice(encodeAbiParameters([{ type: "address" }], [to]), 12)] });
    assert.equal(size(truncated) > 0, true);
    for (const data of [delegate, install, truncated, "0xdeadbeef" as const])
      assert.throws(() => decodeErc7579Calls(data), (error) => error instanceof UnsupportedErc7579CallsError && error.name === "UnsupportedErc7579CallsError");
  });
});
