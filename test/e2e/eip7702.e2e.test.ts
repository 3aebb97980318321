// No signers, no validation (issue #17, case 7), on the devnet through Alto and the canonical EntryPoint v0.8: an EOA
// delegated by EIP-7702 (a real type-4 transaction on anvil) to PQAccount's implementation holds ETH, and a third
// party asks the bundler to move it with an empty multi-signature. The operation is refused with AA24.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Chain, type PublicClient, type Transport, createPublicClient, http, parseEther, createWalletClient } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import { ecdsaSigner, pqAccountAbi, toPQSmartAccount } from "@pq4337/sdk";
import { delegateEOA, emptyMultiSignature } from "../helpers/eip7702.js";

describe("an EOA delegated to PQAccount's implementation, through Alto on the devnet", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;

  before(async () => {
    devnet = await startDevnet();
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
  });
  after(async () => {
    await devnet?.stop();
  });

  it("cannot be drained by a stranger's user operation with an empty multi-signature: Alto refuses it with AA24", async () => {
    const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    const privateKey = generatePrivateKey();
    const eoa = privateKeyToAccount(privateKey).address;
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: eoa, value: parseEther("1") }) });
    await delegateEOA({ client, transport: http(devnet.rpcUrl), privateKey, target: devnet.contracts.accountImplementation });
    assert.equal(await client.readContract({ address: eoa, abi: pqAccountAbi, functionName: "threshold" }), 0n);

    // The stranger's view of the EOA as a PQAccount: it encodes the calls; the signature is nobody's.
    const thief = privateKeyToAccount(generatePrivateKey()).address;
    const account = await toPQSmartAccount({ client, signer: ecdsaSigner(), address: eoa });
    const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
    const fees = await client.estimateFeesPerGas();
    const balance = await client.getBalance({ address: eoa });
    await assert.rejects(
      bundler.sendUserOperation({
        calls: [{ to: thief, value: parseEther("0.5") }],
        signature: emptyMultiSignature,
        callGasLimit: 100_000n,
        verificationGasLimit: 300_000n,
        preVerificationGas: 100_000n,
        maxFeePerGas: fees.maxFeePerGas * 2n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas * 2n,
      }),
      /AA24/,
    );
    assert.equal(await client.getBalance({ address: eoa }), balance);
    assert.equal(await client.getBalance({ address: thief }), 0n);
  });
});
