import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type BaseError, type Hex, concatHex, createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { transactionGasCap } from "./bundleGasLimits.js";
import { startDevnet } from "./startDevnet.js";

/** EIP-7951's P-256 verification precompile. */
const p256Verify = "0x0000000000000000000000000000000000000100";

/** A valid P-256 signature (Wycheproof, r = 5, s = 1): hash ‖ r ‖ s ‖ x ‖ y, as the precompile takes it. */
const p256Vector: Hex = concatHex([
  "0xbb5a52f42f9c9261ed4361f59422a1e30036e7c32b270c8807a419feca605023",
  "0x0000000000000000000000000000000000000000000000000000000000000005",
  "0x0000000000000000000000000000000000000000000000000000000000000001",
  "0xa71af64de5126a4a4e02b7922d66ce9415ce88a4c9d25514d91082c8725ac957",
  "0x5d47723c8fbe580bb369fec9c2665d8e30a435b9932645482e7c9f11e872296b",
]);

/** What the running node says about its fork, its P-256 precompile and its per-transaction gas cap. */
async function probe(hardfork?: string) {
  const devnet = await startDevnet({ bundler: false, hardfork });
  try {
    const wallet = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    const nodeInfo = (await wallet.request({ method: "anvil_nodeInfo" as never })) as { hardFork: string };
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const precompile = (await client.call({ to: p256Verify, data: p256Vector })).data ?? "0x";
    const send = (gas: bigint) => wallet.sendTransaction({ to: "0x000000000000000000000000000000000000dEaD", gas });
    const overCap = await send(transactionGasCap + 1n).then(
      () => "accepted",
      (error: BaseError) => error.details,
    );
    await send(transactionGasCap);
    return { reported: devnet.hardfork, node: nodeInfo.hardFork.toLowerCase(), precompile, overCap };
  } finally {
    await devnet.stop();
  }
}

describe("devnet hardfork", () => {
  it("follows mainnet by default: Osaka, with the P-256 precompile (EIP-7951) and 2^24 gas per transaction (EIP-7825)", async () => {
    const osaka = await probe();
    assert.equal(osaka.reported, "osaka");
    assert.equal(osaka.node, "osaka");
    assert.equal(BigInt(osaka.precompile), 1n, "the precompile verifies a valid signature");
    assert.match(osaka.overCap, /tx_gas_limit_cap/, "the node refuses a transaction declaring 2^24 + 1 gas");
  });

  it("runs Prague when asked: no P-256 precompile, no per-transaction cap", async () => {
    const prague = await probe("prague");
    assert.equal(prague.reported, "prague");
    assert.equal(prague.node, "prague");
    assert.equal(prague.precompile, "0x", "0x100 is an empty account");
    assert.equal(prague.overCap, "accepted");
  });
});
