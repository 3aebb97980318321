import assert from "node:assert/strict";
import { it } from "node:test";
import { createPublicClient, http } from "viem";
import { foundry } from "viem/chains";
import { ClientChainMissingError } from "../errors/client.js";
import { PQ4337Error } from "../errors/base.js";
import { assertChain } from "./assertChain.js";

it("assertChain throws ClientChainMissingError for a client without a chain, and passes one with a chain", () => {
  const transport = http("http://127.0.0.1:1");
  assert.throws(
    () => assertChain(createPublicClient({ transport })),
    (error: Error) => error instanceof ClientChainMissingError && error instanceof PQ4337Error && /no `chain`/.test(error.message),
  );
  const client = createPublicClient({ chain: foundry, transport });
  assertChain(client);
  assert.equal(client.chain.id, foundry.id);
});
