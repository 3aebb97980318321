import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HttpRequestError, RpcRequestError } from "viem";
import { InsufficientFundsError, UserOperationRejectedError, parseUserOperationError } from "./userOperation.js";

describe("parseUserOperationError", () => {
  const url = "http://127.0.0.1:4337";

  it("types the bundler's refusal by its EntryPoint code", () => {
    const refusal = new RpcRequestError({ body: {}, url, error: { code: -32500, message: "AA21 didn't pay prefund" } });
    const parsed = parseUserOperationError(refusal);
    assert.ok(parsed instanceof InsufficientFundsError);
    assert.equal(parsed.code, "AA21");
  });

  it("leaves a bundler that could not be reached as the transport's error, not a refusal", () => {
    const unreachable = new HttpRequestError({ url, cause: new TypeError("Failed to fetch") });
    assert.equal(parseUserOperationError(unreachable), unreachable);
    const answered = new HttpRequestError({ url, status: 500, details: "AA24 signature error" });
    assert.ok(parseUserOperationError(answered) instanceof UserOperationRejectedError, "an HTTP answer with a reason is still the bundler's");
  });
});
