// A Falcon-512 account: the cheapest post-quantum verifier, whose operations stay under ERC-7562's 500,000
// verification gas, so public-mempool bundlers take them. Its expanded key is one code chunk.
// Run: npx -y pnpm@10.34.8 exec tsx examples/falcon512.ts (environment as for examples/quickstart.ts)
import { formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { deployExpandedKey, falcon512Signer, generateFalconSeed, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, funder, fund, bundlerUrl } = await exampleEnvironment();

const signer = falcon512Signer({ seed: generateFalconSeed() });
const { transactionHashes } = await deployExpandedKey({ client, walletClient: funder, signer });
for (const hash of transactionHashes) console.log(`expanded key chunk: transaction ${hash}`);

const account = await toPQSmartAccount({ client, signer });
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
await fund(account.address, "0.1");

// Two transfers in one operation (an ERC-7821 batch).
const first = privateKeyToAccount(generatePrivateKey()).address;
const second = privateKeyToAccount(generatePrivateKey()).address;
const hash = await sendUserOperation(bundler, {
  calls: [
    { to: first, value: parseEther("0.01") },
    { to: second, value: parseEther("0.02") },
  ],
});
const receipt = await bundler.waitForUserOperationReceipt({ hash });

console.log(`account ${account.address}`);
console.log(`user operation ${hash}`);
console.log(`transaction ${receipt.receipt.transactionHash}`);
console.log(`gas used ${receipt.actualGasUsed}`);
for (const recipient of [first, second])
  console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
