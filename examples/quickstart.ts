// Quickstart: a pq4337 account, controlled by an ECDSA key, receives ETH and sends some on through a bundler.
// Start a devnet (npx -y pnpm@10.34.8 pq4337 devnet), paste the lines "export PQ4337_RPC_URL=…", PQ4337_BUNDLER_URL and
// PQ4337_PRIVATE_KEY (a funded key) it prints into a shell, then: npx -y pnpm@10.34.8 exec tsx examples/quickstart.ts
import "./oneLineErrors.js";
import { type Hex, createPublicClient, createWalletClient, defineChain, formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ecdsaSigner, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";

function env(name: string, pattern: RegExp, what: string): string {
  const value = process.env[name];
  if (value && pattern.test(value)) return value;
  console.error(`Set ${name} to ${what}; pq4337 devnet prints it.`);
  process.exit(1);
}
const rpcUrl = env("PQ4337_RPC_URL", /^https?:\/\//, "the chain's RPC URL");
const bundlerUrl = env("PQ4337_BUNDLER_URL", /^https?:\/\//, "the bundler's URL");
const funderKey = env("PQ4337_PRIVATE_KEY", /^0x[0-9a-fA-F]{64}$/, "a funded private key") as Hex;

// The chain as the node describes it. Poll every 200 ms: the devnet mines at once, and viem's default is 4 s.
const pollingInterval = 200;
const chain = defineChain({
  id: await createPublicClient({ transport: http(rpcUrl) }).getChainId(),
  name: "pq4337 example chain",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const client = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval });
const funder = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(funderKey) });

// A new account for a fresh key: its address is known before it exists, and is the same on every chain.
const account = await toPQSmartAccount({ client, signer: ecdsaSigner({ privateKey: generatePrivateKey() }) });
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });

// The account pays for its own operations: without ETH the bundler refuses them (AA21).
await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("0.1") }) });

// The first operation also deploys the account.
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const hash = await sendUserOperation(bundler, { calls: [{ to: recipient, value: parseEther("0.01") }] });
const receipt = await bundler.waitForUserOperationReceipt({ hash });

console.log(`account ${account.address}`);
console.log(`user operation ${hash}`);
console.log(`transaction ${receipt.receipt.transactionHash}`);
console.log(`gas used ${receipt.actualGasUsed}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
