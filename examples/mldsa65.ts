// An ML-DSA-65 (FIPS 204) account. Its expanded public key (36,928 bytes) is put in contract code once, where the
// verifier reads it: content-addressed, so anyone may deploy it and anyone can check it against the public key.
// Run: npx -y pnpm@10.34.8 exec tsx examples/mldsa65.ts (environment as for examples/quickstart.ts)
import { type Hex, concatHex, formatEther, http, parseEther, sliceHex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { deployCodeChunks, deployExpandedKey, generateMldsa65Seed, mldsa65Signer, sendUserOperation, toPQSmartAccount, verifyExpandedKey } from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval } from "./environment.js";

const { client, funder, fund, bundlerUrl } = await exampleEnvironment();

const signer = mldsa65Signer({ seed: generateMldsa65Seed() });

// Two code chunks, then the key's attestation (the attestor recomputes E from pk on-chain, once per key, which every
// account that adds the key requires); the funded key pays. A second call would send nothing.
const { transactionHashes } = await deployExpandedKey({ client, walletClient: funder, signer });
const attestation = transactionHashes.at(-1);
for (const hash of transactionHashes.slice(0, -1)) console.log(`expanded key chunk: transaction ${hash}`);
console.log(`expanded key attestation: transaction ${attestation}`);

// Anyone can check what is on chain against the 1,952-byte public key.
const { addresses } = await deployCodeChunks({ client, data: signer.expandedKey.bytes });
const stored = concatHex(await Promise.all(addresses.map(async (address) => sliceHex((await client.getCode({ address }))!, 1))));
if (!verifyExpandedKey(signer.publicKey, stored)) throw new Error("the chunks on chain are not this key's expansion");
console.log(`expanded key verified at ${addresses.join(", ")}`);

const account = await toPQSmartAccount({ client, signer });
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
await fund(account.address, "0.1");

const recipient = privateKeyToAccount(generatePrivateKey()).address;
const hash: Hex = await sendUserOperation(bundler, { calls: [{ to: recipient, value: parseEther("0.01") }] });
const receipt = await bundler.waitForUserOperationReceipt({ hash });

console.log(`account ${account.address}`);
console.log(`user operation ${hash}`);
console.log(`transaction ${receipt.receipt.transactionHash}`);
console.log(`gas used ${receipt.actualGasUsed}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
