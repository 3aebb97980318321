import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, createPublicClient, custom, encodeFunctionResult } from "viem";
import { foundry } from "viem/chains";
import { StateOverrideUnsupportedError } from "../errors/estimate.js";
import { erc7913GasMeterAbi } from "../generated/contracts.js";
import { measureVerifyMessageGas } from "./measureVerifyMessageGas.js";

const verifier: Address = "0x0000000000000000000000000000000000007913";

/** measureVerifyMessageGas on a node whose eth_call answers `answer` (a result, or an error it throws). */
function measure(answer: () => unknown) {
  const client = createPublicClient({
    chain: foundry,
    transport: custom(
      {
        async request({ method }: { method: string }) {
          if (method === "eth_call") return answer();
          throw new Error(`test transport: ${method} not served`);
        },
      },
      { retryCount: 0 },
    ),
  });
  return measureVerifyMessageGas({ client, verifier, key: "0x01", message: "0x02", signature: "0x03" });
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
const meterAnswer = (success: boolean, returned: `0x${string}`, gas: bigint) =>
  encodeFunctionResult({ abi: erc7913GasMeterAbi, functionName: "measureCall", result: [success, returned, gas] });

describe("measureVerifyMessageGas", () => {
  it("reads the verdict and the gas from the meter", async () => {
    assert.deepEqual(await measure(() => meterAnswer(true, `0x${"0".repeat(63)}1`, 123_456n)), { valid: true, gas: 123_456 });
    assert.deepEqual(await measure(() => meterAnswer(true, `0x${"0".repeat(64)}`, 7n)), { valid: false, gas: 7 });
    assert.deepEqual(await measure(() => meterAnswer(false, "0x", 9n)), { valid: false, gas: 9 });
  });

  it("throws StateOverrideUnsupportedError where the node refuses or ignores the meter's override", async () => {
    await assert.rejects(measure(() => Promise.reject(rpcError(-32602, "invalid argument 2: too many arguments"))), StateOverrideUnsupportedError);
    await assert.rejects(measure(() => "0x"), StateOverrideUnsupportedError);
  });

  it("throws any other failure as it is", async () => {
    await assert.rejects(
      measure(() => Promise.reject(rpcError(-32000, "request timed out"))),
      (error) => !(error instanceof StateOverrideUnsupportedError) && /request timed out/.test(String(error)),
    );
  });
});
