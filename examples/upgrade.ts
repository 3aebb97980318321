// An existing ECDSA account becomes a Falcon-512 account in one user operation, signed by the ECDSA key: the account
// itself deploys the Falcon key's expanded-key chunk in its execution phase, adds the key with its proof of
// possession and removes the ECDSA key. No EOA pays for anything; the address and funds stay.
// (examples/migration.ts takes the cautious route through an ECDSA + Falcon-512 hybrid.)
// Run: npx -y pnpm@10.34.8 exec tsx examples/upgrade.ts (environment as for examples/quickstart.ts)
import { formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ecdsaSigner, falcon512Signer, generateFalconSeed, getSignerChangeCalls, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, fund, bundlerUrl } = await exampleEnvironment();

const ecdsa = ecdsaSigner({ privateKey: generatePrivateKey() });
const ecdsaAccount = await toPQSmartAccount({ client, signer: ecdsa });
await fund(ecdsaAccount.address, "0.1");
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const ecdsaBundler = createBundlerClient({ account: ecdsaAccount, client, transport: http(bundlerUrl), pollingInterval });
const sent = await sendUserOperation(ecdsaBundler, { calls: [{ to: recipient, value: parseEther("0.01") }] });
console.log(`ecdsa: transaction ${(await ecdsaBundler.waitForUserOperationReceipt({ hash: sent })).receipt.transactionHash}`);

// The upgrade: one operation, signed by the ECDSA key (it stores and attests the Falcon-512 key, adds it, removes ECDSA).
const falcon = falcon512Signer({ seed: generateFalconSeed() });
const calls = await getSignerChangeCalls({ client, account: ecdsaAccount, add: [falcon], remove: [ecdsa] });
const upgrade = await sendUserOperation(ecdsaBundler, { calls });
const receipt = await ecdsaBundler.waitForUserOperationReceipt({ hash: upgrade });
console.log(`upgrade (${calls.length} calls): user operation ${upgrade}, transaction ${receipt.receipt.transactionHash}, gas used ${receipt.actualGasUsed}`);

// From now on the Falcon-512 key signs for the same address.
const falconAccount = await toPQSmartAccount({ client, signer: falcon, address: ecdsaAccount.address });
const falconBundler = createBundlerClient({ account: falconAccount, client, transport: http(bundlerUrl), pollingInterval });
const after = await sendUserOperation(falconBundler, { calls: [{ to: recipient, value: parseEther("0.01") }] });
console.log(`falcon512: transaction ${(await falconBundler.waitForUserOperationReceipt({ hash: after })).receipt.transactionHash}`);

console.log(`account ${falconAccount.address}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
