import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, type Hex, createPublicClient, custom } from "viem";
import { foundry } from "viem/chains";
import { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import { ecdsaSigner } from "../signers/ecdsa.js";
import { falcon512Signer } from "../signers/falcon.js";
import { mldsa65Signer } from "../signers/mldsa65.js";
import type { PQ4337Signer } from "../signers/types.js";
import { assertExpandedKeyDeployed } from "./assertExpandedKeyDeployed.js";

/** A chain that has code at `deployed` only, and records the addresses asked for. */
function chainWithCodeAt(deployed: Address[]) {
  const asked: Address[] = [];
  const client = createPublicClient({
    chain: foundry,
    transport: custom({
      async request({ method, params }: { method: string; params: [Address, string] }) {
        assert.equal(method, "eth_getCode");
        asked.push(params[0]);
        return (deployed.includes(params[0]) ? "0x00aa" : "0x") satisfies Hex;
      },
    }),
  });
  return { client, asked };
}

describe("assertExpandedKeyDeployed", () => {
  // Typed as the interface: every post-quantum signer exposes its expanded key there.
  const mldsa65: PQ4337Signer = mldsa65Signer({ seed: `0x${"01".repeat(32)}` });
  const falcon512: PQ4337Signer = falcon512Signer({ seed: `0x${"02".repeat(48)}` });
  const [chunk0, chunk1] = mldsa65.expandedKey!.chunks.map(({ address }) => address);

  it("names the chunks of an expanded key that have no code", async () => {
    const { client, asked } = chainWithCodeAt([chunk0!]);
    await assert.rejects(assertExpandedKeyDeployed({ client, signer: mldsa65 }), (error: Error) => {
      assert.ok(error instanceof ExpandedKeyNotDeployedError);
      assert.deepEqual(error.addresses, [chunk1]);
      assert.match(error.shortMessage, new RegExp(`mldsa65 signer's expanded key is not deployed: no code at ${chunk1}`));
      return true;
    });
    assert.deepEqual(asked.sort(), [chunk0, chunk1].sort());

    const falconChunk = falcon512.expandedKey!.chunks[0]!.address;
    await assert.rejects(
      assertExpandedKeyDeployed({ client: chainWithCodeAt([]).client, signer: falcon512 }),
      (error: Error) => error instanceof ExpandedKeyNotDeployedError && error.addresses.join() === falconChunk,
    );
  });

  it("passes once every chunk has code, and asks nothing for a self-contained ECDSA key", async () => {
    await assertExpandedKeyDeployed({ client: chainWithCodeAt([chunk0!, chunk1!]).client, signer: mldsa65 });
    const { client, asked } = chainWithCodeAt([]);
    await assertExpandedKeyDeployed({ client, signer: ecdsaSigner() });
    assert.deepEqual(asked, []);
  });
});
