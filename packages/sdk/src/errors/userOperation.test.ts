import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HttpRequestError, RpcRequestError } from "viem";
import {
  EndpointUnreachableError,
  InsufficientFundsError,
  UserOperationRejectedError,
  UserOperationRevertedError,
  parseUserOperationError,
} from "./userOperation.js";

describe("parseUserOperationError", () => {
  const url = "http://127.0.0.1:4337";

  it("types the bundler's refusal by its EntryPoint code", () => {
    const refusal = new RpcRequestError({ body: {}, url, error: { code: -32500, message: "AA21 didn't pay prefund" } });
    const parsed = parseUserOperationError(refusal);
    assert.ok(parsed instanceof InsufficientFundsError);
    assert.equal(parsed.code, "AA21");
  });

  it("decodes a revert the bundler reports as hex into a sentence, keeping the bundler's words as details", () => {
    const reason = "UserOperation reverted during simulation with reason: 0xd6bda275";
    const refusal = new RpcRequestError({ body: {}, url, error: { code: -32521, message: reason } });
    const parsed = parseUserOperationError(refusal);
    assert.ok(parsed instanceof UserOperationRevertedError);
    assert.equal(parsed.revert?.name, "FailedCall");
    assert.match(parsed.shortMessage, /^User operation rejected: a call failed without a reason \(OpenZeppelin's FailedCall\)/);
    assert.doesNotMatch(parsed.shortMessage, /0xd6bda275/);
    assert.equal(parsed.details, reason);
  });

  it("keeps the AA code and a reason without known revert data as they are", () => {
    const refusal = new RpcRequestError({ body: {}, url, error: { code: -32500, message: "AA24 signature error" } });
    const parsed = parseUserOperationError(refusal);
    assert.ok(parsed instanceof UserOperationRejectedError);
    assert.equal(parsed.shortMessage, "User operation rejected: AA24 signature error");
    const unknown = new RpcRequestError({ body: {}, url, error: { code: -32521, message: "reverted with 0x12345678" } });
    assert.equal((parseUserOperationError(unknown) as UserOperationRejectedError).revert, undefined);
  });

  it("names the URL of an endpoint that does not answer, and why", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4337"), { code: "ECONNREFUSED" });
    const unreachable = new HttpRequestError({ url, cause: new TypeError("fetch failed", { cause: refused }) });
    const parsed = parseUserOperationError(unreachable);
    assert.ok(parsed instanceof EndpointUnreachableError);
    assert.equal(parsed.url, url);
    assert.equal(parsed.shortMessage, `Cannot reach ${url}: connection refused. Is it running, and is the URL right?`);
    const normalised = new HttpRequestError({ url: `${url}/`, cause: new TypeError("fetch failed", { cause: refused }) });
    assert.equal((parseUserOperationError(normalised) as EndpointUnreachableError).url, url, "a lone trailing slash is dropped");
    const answered = new HttpRequestError({ url, status: 500, details: "AA24 signature error" });
    assert.ok(parseUserOperationError(answered) instanceof UserOperationRejectedError, "an HTTP answer with a reason is still the bundler's");
  });
});
