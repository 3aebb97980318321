import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, createPublicClient, custom, encodeErrorResult, encodeFunctionResult, numberToHex, parseAbi } from "viem";
import { entryPoint07Abi, entryPoint07Address } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { VerificationGasEstimationFailedError } from "../errors/estimate.js";
import { prepareSafeUserOperation } from "./prepareSafeUserOperation.js";

const safe: Address = "0x0000000000000000000000000000000000005afe";
const module: Address = "0x0000000000000000000000000000000000004337";
const owner = privateKeyToAccount(`0x${"07".repeat(32)}`);
/** The bundler's verificationGasLimit, and what the Safe's `checkSignatures` needs (above it, with the module's 100,000). */
const bundlerVerificationGas = 150_000n;
const checkSignaturesGas = 400_000n;

/** A chain and a bundler that answer what preparing asks; `checkSignatures` (the only eth_estimateGas) answers `check`. */
function prepare(check: () => unknown) {
  const client = createPublicClient({
    chain: foundry,
    transport: custom(
      {
        async request({ method }: { method: string }) {
          if (method === "eth_getBlockByNumber") return { baseFeePerGas: "0x3b9aca00", number: "0x1", timestamp: "0x1", transactions: [] };
          if (method === "eth_maxPriorityFeePerGas") return "0x3b9aca00";
          if (method === "eth_call") return encodeFunctionResult({ abi: entryPoint07Abi, functionName: "getNonce", result: 0n });
          if (method === "eth_estimateGas") return check();
          throw new Error(`test transport: ${method} not served`);
        },
      },
      { retryCount: 0 },
    ),
  });
  const bundlerClient = createPublicClient({
    transport: custom({
      async request({ method }: { method: string }) {
        if (method === "eth_estimateUserOperationGas")
          return { callGasLimit: "0x10000", verificationGasLimit: numberToHex(bundlerVerificationGas), preVerificationGas: "0x10000" };
        throw new Error(`test bundler: ${method} not served`);
      },
    }),
  });
  return prepareSafeUserOperation({ client, bundlerClient, safe, module, entryPoint: entryPoint07Address, call: { to: safe, value: 0n }, signers: [owner] });
}

const rpcError = (code: number, message: string, data?: string) => Object.assign(new Error(message), { code, data });

describe("prepareSafeUserOperation's estimate of the owners' checks", () => {
  it("raises the bundler's verificationGasLimit to checkSignatures' gas plus the module's", async () => {
    const operation = await prepare(() => numberToHex(checkSignaturesGas));
    assert.equal(operation.verificationGasLimit, checkSignaturesGas + 100_000n);
  });

  it("keeps the bundler's estimate when checkSignatures reverts (signatures the Safe refuses)", async () => {
    const data = encodeErrorResult({ abi: parseAbi(["error Error(string reason)"]), errorName: "Error", args: ["GS026"] });
    const operation = await prepare(() => {
      throw rpcError(3, "execution reverted: GS026", data);
    });
    assert.equal(operation.verificationGasLimit, bundlerVerificationGas);
  });

  for (const [what, error] of [
    ["a node's internal error", rpcError(-32603, "internal error")],
    ["an error below JSON-RPC", new Error("socket hang up")],
  ] as const)
    it(`throws VerificationGasEstimationFailedError on ${what}, rather than keep the bundler's estimate`, async () => {
      await assert.rejects(
        prepare(() => {
          throw error;
        }),
        VerificationGasEstimationFailedError,
      );
    });
});
