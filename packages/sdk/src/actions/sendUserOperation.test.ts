import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, createPublicClient, custom } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { foundry } from "viem/chains";
import { toPQSmartAccount } from "../accounts/toPQSmartAccount.js";
import { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import { mldsa65Signer } from "../signers/mldsa65.js";
import { sendUserOperation } from "./sendUserOperation.js";

const signer = mldsa65Signer({ seed: `0x${"03".repeat(32)}` });
const chunks = signer.expandedKey.chunks.map(({ address }) => address);

/** A chain with code at `deployed` only and a bundler, both recording the methods they are asked. */
async function setup(deployed: Address[]) {
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
});
