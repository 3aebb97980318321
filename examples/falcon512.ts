// A Falcon-512 account: the cheapest post-quantum verifier, whose operations stay under ERC-7562's 500,000
// verification gas, so public-mempool bundlers take them, once the account exists: it is created first with a plain
// transaction (an operation that created it would declare about 317,000 more). Its expanded key is one code chunk.
// Run: npx -y pnpm@10.34.8 exec tsx examples/falcon512.ts (environment as for examples/quickstart.ts)
import { formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { deployAccount, deployExpandedKey, falcon512Signer, generateFalconSeed, maxVerificationGas, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, funder, fund, bundlerUrl } = await exampleEnvironment();

const signer = falcon512Signer({ seed: generateFalconSeed() });
const { transactionHashes } = await deployExpandedKey({ client, walletClient: funder, signer });
for (const hash of transactionHashes) console.log(`expanded key chunk: transaction ${hash}`);

const account = await toPQSmartAccount({ client, signer });
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
await fund(account.address, "0.1");
// Any funded key may pay: the address binds the key, so the account is the signer's whoever creates it.
const { transactionHash: creation } = await deployAccount({ client, walletClient: funder, account });
console.log(`account created: transaction ${creation}`);

// Two transfers in one operation (an ERC-7821 batch).
const first = privateKeyToAccount(generatePrivateKey()).address;
const second = privateKeyToAccount(generatePrivateKey()).address;
const hash = await sendUserOperation(bundler, {
  calls: [
    { to: first, value: parseEther("0.01") },
    { to: second, value: parseEther("0.02") },
  ],
  // Checked before signing: an operation above ERC-7562's bound throws VerificationGasTooHighError.
  maxVerificationGas,
});
const receipt = await bundler.waitForUserOperationReceipt({ hash });

console.log(`account ${account.address}`);
console.log(`user operation ${hash}`);
console.log(`transaction ${receipt.receipt.transactionHash}`);
console.log(`gas used ${receipt.actualGasUsed}`);
for (const recipient of [first, second])
  console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
