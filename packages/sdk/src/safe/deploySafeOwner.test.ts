import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, type Hex, createPublicClient, createWalletClient, custom, encodeErrorResult } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { SafeOwnerSignerRefusedError } from "../errors/safe.js";
import { erc7913SafeOwnerFactoryAbi } from "../generated/contracts.js";
import { deploySafeOwner } from "./deploySafeOwner.js";

const factory: Address = "0x000000000000000000000000000000000000fac7";
/** An ERC-7913 signer `verifier ‖ key` (the factory's checks are the node's answer here). */
const signer: Hex = `0x${"11".repeat(20)}${"22".repeat(52)}`;

/**
 * deploySafeOwner where no owner is deployed yet and the factory's pre-flight call answers `preflight`; a transaction
 * sent is recorded in `sent`.
 */
function deploy(preflight: () => unknown) {
  const sent: string[] = [];
  const transport = custom(
    {
      async request({ method }: { method: string }) {
        if (method === "eth_getCode") return "0x";
        if (method === "eth_call") return preflight();
        sent.push(method);
        throw new Error(`test transport: ${method} not served`);
      },
    },
    { retryCount: 0 },
  );
  const client = createPublicClient({ chain: foundry, transport });
  const walletClient = createWalletClient({ chain: foundry, transport, account: privateKeyToAccount(`0x${"07".repeat(32)}`) });
  return { sent, result: deploySafeOwner({ client, walletClient, signer, factory }) };
}

const rpcError = (code: number, message: string, data?: Hex) => Object.assign(new Error(message), { code, data });

describe("deploySafeOwner's pre-flight call", () => {
  it("names the guard's refusal when the factory reverts, before any transaction", async () => {
    const data = encodeErrorResult({ abi: erc7913SafeOwnerFactoryAbi, errorName: "ERC7913SignerGuardVerifierWithoutCode", args: [`0x${"11".repeat(20)}`] });
    const { sent, result } = deploy(() => Promise.reject(rpcError(3, "execution reverted", data)));
    await assert.rejects(result, (error) => error instanceof SafeOwnerSignerRefusedError && error.reason === "ERC7913SignerGuardVerifierWithoutCode");
    assert.deepEqual(sent, []);
  });

  it("throws a failed call as it is, not as a refusal of the signer", async () => {
    for (const failure of [rpcError(-32000, "request timed out"), new TypeError("fetch failed")]) {
      const { sent, result } = deploy(() => Promise.reject(failure));
      await assert.rejects(result, (error) => !(error instanceof SafeOwnerSignerRefusedError) && String(error).includes(failure.message));
      assert.deepEqual(sent, []);
    }
  });
});
