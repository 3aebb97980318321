// The README's first example: a Falcon-512 key, its account, and one user operation through the bundler.
// Run: npx -y pnpm@10.34.8 exec tsx examples/first-operation.ts (environment as for examples/quickstart.ts)
import { http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { deployExpandedKey, falcon512Signer, generateFalconSeed, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, funder, fund, bundlerUrl } = await exampleEnvironment();

const signer = falcon512Signer({ seed: generateFalconSeed() }); // a post-quantum key
await deployExpandedKey({ client, walletClient: funder, signer }); // its expanded public key, in contract code, once
const account = await toPQSmartAccount({ client, signer }); // a viem SmartAccount, address known before deployment
await fund(account.address, "0.1");
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
const hash = await sendUserOperation(bundler, { calls: [{ to: funder.account.address, value: parseEther("0.01") }] });

const { receipt } = await bundler.waitForUserOperationReceipt({ hash });
console.log(`account ${account.address}: user operation ${hash}, transaction ${receipt.transactionHash}`);
