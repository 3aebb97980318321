import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { http, keccak256, parseEther, stringToHex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { maxBundleGas, transactionGasCap } from "@pq4337/devnet";
import { UserOperationRejectedError, deployAccount, schemes, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import { measureBundles } from "./bundles.js";
import { type Environment, openEnvironment } from "./environment.js";

describe("bundles under EIP-7825's cap, on the Osaka devnet with Alto in manual mode", () => {
  let environment: Environment;
  before(async () => {
    environment = await openEnvironment({ bundleMode: "manual" });
  });
  after(async () => {
    await environment?.stop();
  });

  it("packs the most ML-DSA-65 operations that fit one transaction, leaves the rest for the next, and declares under 2^24", async () => {
    const measurements = await measureBundles(environment, schemes.mldsa65!, { largest: true }, () => {});
    const row = (name: string) => measurements.find((measurement) => measurement.bench_name === name)!;
    const largest = row("bundle.largest.operations").value!;
    const declared = row("bundle.largest.gas_limit").gas!;
    assert.ok(declared <= Number(transactionGasCap), `declared ${declared}`);
    assert.ok(largest > 8, `${largest} operations`);
    // One more operation's declared gas (the growth from 4 to 8) would not have fit.
    const perOperation = (row("bundle.n8.gas_limit").gas! - row("bundle.n4.gas_limit").gas!) / 4;
    assert.ok(declared + perOperation > Number(transactionGasCap) * 0.99, `${declared} + ${perOperation}`);
    assert.ok(row("bundle.largest.transaction").gas! <= declared);
    assert.match(row("bundle.largest.operations").notes!, /of \d+ waiting/);
  });

  it("refuses one operation whose gas limits alone exceed what a bundle may declare", async () => {
    const { client, walletClient, bundlerUrl } = environment;
    const signer = schemes.ecdsa!.createSigner(keccak256(stringToHex("bundles.test/huge")));
    const account = await toPQSmartAccount({ client, signer });
    await client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: account.address, value: parseEther("20") }) });
    await deployAccount({ client, walletClient, account });
    const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval: 50 });
    await assert.rejects(
      sendUserOperation(bundler, { calls: [{ to: account.address, value: 0n }], callGasLimit: maxBundleGas }),
      (error: Error) => error instanceof UserOperationRejectedError && /exceed the max gas per userOp/.test(error.message),
    );
  });
});
