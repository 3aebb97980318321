import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, createPublicClient, custom, encodeFunctionResult } from "viem";
import { foundry } from "viem/chains";
import { UnsupportedSafeVersionError } from "../errors/safe.js";
import { safeAbi } from "./abi.js";
import { getSafeVersion } from "./getSafeVersion.js";

const safe: Address = "0x0000000000000000000000000000000000005afe";

/** getSafeVersion on a node whose every eth_call answers `answer` (a result, or an error it throws). */
function versionOf(answer: () => unknown) {
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
  return getSafeVersion({ client, safe });
}

const version = (value: string) => encodeFunctionResult({ abi: safeAbi, functionName: "VERSION", result: value });
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe("getSafeVersion", () => {
  it("returns a supported version", async () => {
    assert.equal(await versionOf(() => version("1.4.1")), "1.4.1");
    assert.equal(await versionOf(() => version("1.5.0")), "1.5.0");
  });

  it("refuses another version, naming it", async () => {
    await assert.rejects(versionOf(() => version("1.3.0")), (error) => error instanceof UnsupportedSafeVersionError && error.version === "1.3.0");
  });

  it("refuses an address that does not answer VERSION(): no code, a revert, data that is no string", async () => {
    for (const answer of [() => "0x", () => Promise.reject(rpcError(3, "execution reverted")), () => "0x01"])
      await assert.rejects(versionOf(answer), (error) => error instanceof UnsupportedSafeVersionError && error.version === undefined);
  });

  it("throws a failed call as it is, not as a verdict on the address", async () => {
    await assert.rejects(
      versionOf(() => Promise.reject(rpcError(-32000, "request timed out"))),
      (error) => !(error instanceof UnsupportedSafeVersionError) && /request timed out/.test(String(error)),
    );
    await assert.rejects(
      versionOf(() => Promise.reject(new TypeError("fetch failed"))),
      (error) => !(error instanceof UnsupportedSafeVersionError) && /fetch failed/.test(String(error)),
    );
  });
});
