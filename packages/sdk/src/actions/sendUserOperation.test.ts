import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, createPublicClient, custom } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { foundry } from "viem/chains";
import { toPQSmartAccount } from "../accounts/toPQSmartAccount.js";
import { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import { InsufficientBalanceError } from "../errors/userOperation.js";
import { mldsa65Signer } from "../signers/mldsa65.js";
import { sendUserOperation } from "./sendUserOperation.js";

const signer = mldsa65Signer({ seed: `0x${"03".repeat(32)}` });
const chunks = signer.expandedKey.chunks.map(({ address }) => address);

/** A chain with code at `deployed` only and a bundler, both recording the methods they are asked. */
async function setup(deployed: Address[], balance = 10n ** 18n) {
  const requests: string[] = [];
  const fail = (method: string) => {
    throw new Error(`test transport: ${method} not served`);
  };
  const client = createPublicClient({
    chain: foundry,
    transport: custom({
      async request({ method, params }: { method: string; params: [Address] }) {
        requests.push(`chain ${method}`);
        if (method === "eth_getCode") return deployed.includes(params[0]) ? "0x00aa" : "0x";
        if (method === "eth_getBalance") return `0x${balance.toString(16)}`;
        return fail(method);
      },
    }),
  });
  const account = await toPQSmartAccount({ client, signer });
  const bundler = createBundlerClient({
    account,
    client,
    transport: custom({
      async request({ method }: { method: string }) {
        requests.push(`bundler ${method}`);
        return fail(method);
      },
    }),
  });
  return { bundler, requests };
}

describe("sendUserOperation", () => {
  it("throws ExpandedKeyNotDeployedError naming the missing chunk before it asks the bundler", async () => {
    const { bundler, requests } = await setup([chunks[0]!]);
    await assert.rejects(
      sendUserOperation(bundler, { calls: [{ to: chunks[0]!, value: 1n }] }),
      (error: Error) => error instanceof ExpandedKeyNotDeployedError && error.addresses.join() === chunks[1],
    );
    assert.deepEqual(requests, ["chain eth_getCode", "chain eth_getCode"]);
  });

  it("goes on to prepare the operation once the expanded key is deployed", async () => {
    const { bundler, requests } = await setup(chunks);
    await assert.rejects(
      sendUserOperation(bundler, { calls: [{ to: chunks[0]!, value: 1n }] }),
      (error: Error) => !(error instanceof ExpandedKeyNotDeployedError),
    );
    assert.ok(requests.length > 2, requests.join(", "));
  });

  it("throws InsufficientBalanceError, with the balance and the need in ETH, before it asks the bundler", async () => {
    const { bundler, requests } = await setup(chunks, 5n * 10n ** 17n);
    await assert.rejects(
      sendUserOperation(bundler, { calls: [{ to: chunks[0]!, value: 4n * 10n ** 17n }, { to: chunks[1]!, value: 2n * 10n ** 17n }] }),
      (error: Error) =>
        error instanceof InsufficientBalanceError &&
        error.needed === 6n * 10n ** 17n &&
        /holds 0\.5 ETH; this operation needs 0\.6 ETH plus gas\.$/.test(error.shortMessage),
    );
    assert.ok(!requests.some((request) => request.startsWith("bundler")), requests.join(", "));
  });
});
