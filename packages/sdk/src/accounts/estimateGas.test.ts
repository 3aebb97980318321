import assert from "node:assert/strict";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import {
  type Address,
  type Transport,
  TimeoutError,
  createPublicClient,
  custom,
  encodeErrorResult,
  encodeFunctionResult,
  http,
  isAddressEqual,
  numberToHex,
  parseAbi,
} from "viem";
import { type UserOperation, entryPoint08Abi } from "viem/account-abstraction";
import { foundry } from "viem/chains";
import { meterAddress } from "../actions/measureVerifyGas.js";
import { entryPointAddress } from "../constants.js";
import { StateOverrideUnsupportedError, VerificationGasEstimationFailedError } from "../errors/estimate.js";
import { erc7913GasMeterAbi } from "../generated/contracts.js";
import { pqValidator } from "../erc7579/pqValidator.js";
import { toErc7579SmartAccount } from "../erc7579/toErc7579SmartAccount.js";
import { mldsa65Signer } from "../signers/mldsa65.js";
import { toPQSmartAccount } from "./toPQSmartAccount.js";

const signer = mldsa65Signer({ seed: `0x${"05".repeat(32)}` });
const verifyGas = 1_234_567n;
const factoryEstimate = 321_000n;

type Request = { method: string; params: unknown[] };

/**
 * A chain without the account that answers what the account's estimate asks (the gas meter's `measure` with
 * `verifyGas`, the factory's `eth_estimateGas`, an empty EntryPoint deposit), except what `fault` answers first: a
 * value, or a thrown error.
 */
function chain(fault: (request: Request) => unknown = () => undefined) {
  const requests: Request[] = [];
  const transport = custom(
    {
      async request(request: Request) {
        requests.push(request);
        const answer = fault(request);
        if (answer !== undefined) return answer;
        const [call] = request.params as [{ to?: Address }];
        if (request.method === "eth_call" && call.to && isAddressEqual(call.to, meterAddress))
          return encodeFunctionResult({ abi: erc7913GasMeterAbi, functionName: "measure", result: ["0x024ad318", verifyGas] });
        if (request.method === "eth_call" && call.to && isAddressEqual(call.to, entryPointAddress))
          return encodeFunctionResult({ abi: entryPoint08Abi, functionName: "balanceOf", result: 0n });
        if (request.method === "eth_estimateGas") return numberToHex(factoryEstimate);
        // Nothing is deployed: the operation creates the account.
        if (request.method === "eth_getCode") return "0x";
        throw new Error(`test transport: ${request.method} not served`);
      },
    },
    { retryCount: 0 },
  );
  return { transport, requests };
}

/** A JSON-RPC error as a node sends it. */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** Whether the request is the gas meter's call, the one that carries the state override. */
const isMeterCall = ({ method, params }: Request) => method === "eth_call" && params.length > 2;

/**
 * The verification gas the account declares for its creating operation: its own estimate, or undefined. Only the
 * estimate goes through `transport`; the factory's arguments come from the answering chain.
 */
async function estimate(transport: Transport) {
  const account = await toPQSmartAccount({ client: createPublicClient({ chain: foundry, transport }), signer });
  const creating = await toPQSmartAccount({ client: createPublicClient({ chain: foundry, transport: chain().transport }), signer });
  const userOperation = { nonce: 0n, ...(await creating.getFactoryArgs()) } as UserOperation;
  return account.userOperation!.estimateGas!(userOperation);
}

describe("toPQSmartAccount's verification gas estimate", () => {
  it("measures the verifier with the gas meter placed by a state override, and adds the factory's gas and the overheads", async () => {
    const { transport, requests } = chain();
    const gas = await estimate(transport);
    // verify ×64/63 (EIP-150), validation overhead 50,000, two zero slots ×17,100, the factory's call without its 21,000.
    assert.deepEqual(gas, { verificationGasLimit: (verifyGas * 64n) / 63n + 50_000n + 2n * 17_100n + factoryEstimate - 21_000n });
    const meterCall = requests.find(isMeterCall)!;
    const overrides = Object.keys(meterCall.params[2] as Record<Address, unknown>).map((address) => address.toLowerCase());
    assert.ok(overrides.includes(meterAddress.toLowerCase()));
    assert.equal(overrides.length, 1 + signer.expandedKey.chunks.length);
  });

  describe("leaves the estimate to the bundler (undefined) when the node has no state overrides", () => {
    const refusals: [string, unknown][] = [
      ["go-ethereum's RPC server refusing a third argument", rpcError(-32602, "too many arguments, want at most 2")],
      ["Hardhat 2", rpcError(-32602, "Expected between 1 and 2 arguments and got 3")],
      ["a relay's bare invalid params", rpcError(-32602, "Invalid params")],
      ["a provider naming the override", rpcError(-32000, "state override is not supported on this network")],
      ["a node without eth_call", rpcError(-32601, "the method eth_call does not exist/is not available")],
    ];
    for (const [who, error] of refusals)
      it(`${who}`, async () => {
        const { transport } = chain((request) => {
          if (isMeterCall(request)) throw error;
        });
        assert.equal(await estimate(transport), undefined);
      });

    it("a node that ignores the override (the meter's address answers nothing)", async () => {
      const { transport } = chain((request) => (isMeterCall(request) ? "0x" : undefined));
      assert.equal(await estimate(transport), undefined);
    });
  });

  describe("throws VerificationGasEstimationFailedError, keeping the cause, on any other failure", () => {
    const failures: [string, unknown][] = [
      ["a node's internal error", rpcError(-32603, "internal error")],
      ["a rate limit", rpcError(-32005, "request limit reached")],
      ["a node error that says nothing of overrides", rpcError(-32000, "header not found")],
      ["an error below JSON-RPC", new Error("socket hang up")],
    ];
    for (const [what, error] of failures)
      it(`${what} on the meter's call`, async () => {
        const { transport } = chain((request) => {
          if (isMeterCall(request)) throw error;
        });
        await assert.rejects(estimate(transport), (thrown: Error) => {
          assert.ok(thrown instanceof VerificationGasEstimationFailedError, String(thrown));
          assert.ok(!(thrown.cause instanceof StateOverrideUnsupportedError));
          assert.match(thrown.message, /^Could not estimate the operation's verification gas: /);
          return true;
        });
      });

    it("the factory's estimate failing", async () => {
      const { transport } = chain((request) => {
        if (request.method === "eth_estimateGas") throw rpcError(-32603, "internal error");
      });
      await assert.rejects(estimate(transport), VerificationGasEstimationFailedError);
    });

    it("the factory reverting, with the revert decoded", async () => {
      const data = encodeErrorResult({ abi: parseAbi(["error Error(string reason)"]), errorName: "Error", args: ["nope"] });
      const { transport } = chain((request) => {
        if (request.method === "eth_estimateGas") throw Object.assign(rpcError(3, "execution reverted: nope"), { data });
      });
      await assert.rejects(estimate(transport), (thrown: Error) => thrown instanceof VerificationGasEstimationFailedError && /: reverted: nope$/.test(thrown.shortMessage));
    });
  });

  describe("over HTTP, after viem's own retries", () => {
    let server: Server;
    let url: string;
    /** What the server does with the meter's call: never answer, or drop the connection. */
    let onMeterCall: "hang" | "drop" = "hang";
    let meterCalls = 0;
    before(async () => {
      const { transport } = chain();
      const answer = transport({ chain: foundry, retryCount: 0 }).request;
      server = createServer((incoming, outgoing) => {
        let body = "";
        incoming.on("data", (chunk) => (body += chunk));
        incoming.on("end", async () => {
          const request = JSON.parse(body) as Request & { id: number };
          if (isMeterCall(request)) {
            meterCalls++;
            if (onMeterCall === "drop") incoming.socket.destroy();
            return;
          }
          const result = await answer(request as never);
          outgoing.setHeader("content-type", "application/json");
          outgoing.end(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("a node that does not answer the meter's call in time: TimeoutError, retried by viem, then thrown", async () => {
      onMeterCall = "hang";
      meterCalls = 0;
      await assert.rejects(estimate(http(url, { timeout: 200, retryCount: 1, retryDelay: 10 })), (thrown: Error) => {
        assert.ok(thrown instanceof VerificationGasEstimationFailedError, String(thrown));
        let cause: unknown = thrown.cause;
        while (cause instanceof Error && !(cause instanceof TimeoutError)) cause = cause.cause;
        assert.ok(cause instanceof TimeoutError, "the cause chain keeps viem's TimeoutError");
        return true;
      });
      assert.equal(meterCalls, 2, "viem's transport retried the timed-out call once, as configured");
    });

    it("a connection dropped during the meter's call", async () => {
      onMeterCall = "drop";
      await assert.rejects(estimate(http(url, { retryCount: 0 })), VerificationGasEstimationFailedError);
    });
  });
});

describe("toErc7579SmartAccount's verification gas estimate (pqValidator)", () => {
  const account: Address = "0x000000000000000000000000000000000000a11c";
  async function estimate7579(transport: Transport) {
    const client = createPublicClient({ chain: foundry, transport });
    const smartAccount = await toErc7579SmartAccount({ client, address: account, validator: pqValidator({ client, signer }) });
    return smartAccount.userOperation!.estimateGas!({ nonce: 0n } as UserOperation);
  }

  it("measures the verifier two calls down and adds the module's overheads", async () => {
    const { transport } = chain();
    assert.deepEqual(await estimate7579(transport), { verificationGasLimit: (verifyGas * 64n * 64n) / (63n * 63n) + 60_000n + 2n * 17_100n });
  });

  it("leaves the estimate to the bundler when the node refuses the state override", async () => {
    const { transport } = chain((request) => {
      if (isMeterCall(request)) throw rpcError(-32602, "too many arguments, want at most 2");
    });
    assert.equal(await estimate7579(transport), undefined);
  });

  it("throws VerificationGasEstimationFailedError when the meter's call fails otherwise", async () => {
    const { transport } = chain((request) => {
      if (isMeterCall(request)) throw rpcError(-32603, "internal error");
    });
    await assert.rejects(estimate7579(transport), VerificationGasEstimationFailedError);
  });
});
