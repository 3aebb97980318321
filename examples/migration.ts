// An existing ECDSA account moves to post-quantum security in two user operations, keeping its address and funds:
// first ECDSA + Falcon-512 (2 of 2: secure while either scheme holds), then Falcon-512 alone. The account deploys
// the Falcon key's expanded-key chunk itself, and the new key proves possession of itself to the account.
// Run: npx -y pnpm@10.34.8 exec tsx examples/migration.ts (environment as for examples/quickstart.ts)
import { formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  SignatureValidationFailedError,
  type ToPQSmartAccountReturnType,
  ecdsaSigner,
  falcon512Signer,
  generateFalconSeed,
  getErc7913Signer,
  getSignerChangeCalls,
  hybridSigner,
  sendUserOperation,
  toPQSmartAccount,
} from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, fund, bundlerUrl } = await exampleEnvironment();

/** Sends `calls` as one user operation of `account` and prints what happened. */
async function send(step: string, account: ToPQSmartAccountReturnType, calls: { to: `0x${string}`; value?: bigint; data?: `0x${string}` }[]) {
  const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
  const hash = await sendUserOperation(bundler, { calls });
  const receipt = await bundler.waitForUserOperationReceipt({ hash });
  console.log(`${step}: user operation ${hash}, transaction ${receipt.receipt.transactionHash}, gas used ${receipt.actualGasUsed}`);
}

// 1. Today: an ECDSA account, in use.
const ecdsa = ecdsaSigner({ privateKey: generatePrivateKey() });
const ecdsaAccount = await toPQSmartAccount({ client, signer: ecdsa });
await fund(ecdsaAccount.address, "0.1");
const recipient = privateKeyToAccount(generatePrivateKey()).address;
await send("ecdsa", ecdsaAccount, [{ to: recipient, value: parseEther("0.01") }]);

// 2. Add a Falcon-512 key and require both signatures from now on.
const falcon = falcon512Signer({ seed: generateFalconSeed() });
await send("add falcon512, threshold 2", ecdsaAccount, await getSignerChangeCalls({ client, account: ecdsaAccount, add: [falcon], threshold: 2 }));
const hybrid = await toPQSmartAccount({ client, signer: hybridSigner([ecdsa, falcon]), address: ecdsaAccount.address });
await send("ecdsa + falcon512", hybrid, [{ to: recipient, value: parseEther("0.01") }]);

// 3. Drop ECDSA: the account is Falcon-512 only, at the same address.
await send("remove ecdsa, threshold 1", hybrid, await getSignerChangeCalls({ client, account: hybrid, remove: [ecdsa], threshold: 1 }));
const falconOnly = await toPQSmartAccount({ client, signer: falcon, address: ecdsaAccount.address });
await send("falcon512", falconOnly, [{ to: recipient, value: parseEther("0.01") }]);

// The ECDSA key alone no longer moves anything.
try {
  await send("ecdsa again", ecdsaAccount, [{ to: recipient, value: 1n }]);
  throw new Error("the removed ECDSA key still signs for the account");
} catch (error) {
  if (!(error instanceof SignatureValidationFailedError)) throw error;
  console.log(`the removed ECDSA key is refused: ${error.code}`);
}

const [signers, threshold] = await Promise.all([
  client.readContract({ address: falconOnly.address, abi: falconOnly.abi, functionName: "getSigners", args: [0n, 10n] }),
  client.readContract({ address: falconOnly.address, abi: falconOnly.abi, functionName: "threshold" }),
]);
console.log(`account ${falconOnly.address}: ${signers.length} signer (the Falcon-512 key: ${signers[0]?.toLowerCase() === getErc7913Signer({ signer: falcon }).erc7913Signer.toLowerCase()}), threshold ${threshold}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
