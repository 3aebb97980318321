// A post-quantum account signs a sign-in message and EIP-712 typed data; a dapp contract checks both on chain with
// ERC-1271 `isValidSignature`, which the account answers through ERC-7739 (each signature is bound to the account
// and the dapp, so it cannot be replayed elsewhere). The dapp is contracts/examples/GuestBook.sol.
// Run: npx -y pnpm@10.34.8 exec tsx examples/erc1271.ts (environment as for examples/quickstart.ts)
import { http, size } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { deployExpandedKey, generateMldsa65Seed, mldsa65Signer, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";
import type { GuestBook$Type } from "../artifacts/contracts/examples/GuestBook.sol/artifacts.js";
import { exampleEnvironment, pollingInterval, readArtifact } from "./environment.js";

const { chain, client, funder, fund, bundlerUrl } = await exampleEnvironment();
const { abi, bytecode } = readArtifact<GuestBook$Type>("GuestBook");

const deployment = await client.waitForTransactionReceipt({ hash: await funder.deployContract({ abi, bytecode }) });
const guestBook = deployment.contractAddress!;
console.log(`dapp GuestBook at ${guestBook}: transaction ${deployment.transactionHash}`);

const signer = mldsa65Signer({ seed: generateMldsa65Seed() });
await deployExpandedKey({ client, walletClient: funder, signer });
const account = await toPQSmartAccount({ client, signer });
await fund(account.address, "0.1");

// A contract can only ask a deployed account (before that, viem wraps signatures per ERC-6492, for off-chain
// checks): the account's first operation creates it.
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
const hash = await sendUserOperation(bundler, { calls: [{ to: funder.account.address, value: 0n }] });
const created = await bundler.waitForUserOperationReceipt({ hash });
console.log(`account ${account.address} created: user operation ${hash}, transaction ${created.receipt.transactionHash}`);

// A sign-in message (EIP-191), checked by a view call.
const message = `Sign in to GuestBook as ${account.address}`;
const messageSignature = await account.signMessage({ message });
const signedIn = await client.readContract({ address: guestBook, abi, functionName: "isSignedMessage", args: [account.address, message, messageSignature] });
const forged = await client.readContract({ address: guestBook, abi, functionName: "isSignedMessage", args: [account.address, `${message}!`, messageSignature] });
console.log(`message signature (${size(messageSignature)} bytes): valid ${signedIn}; for another message: valid ${forged}`);
if (!signedIn || forged) throw new Error("the dapp judged the message signature wrongly");

// An entry signed as EIP-712 typed data in the dapp's domain, posted by someone else (here the funded key).
const text = "Hello from a post-quantum account";
const nonce = await client.readContract({ address: guestBook, abi, functionName: "nonces", args: [account.address] });
const signature = await account.signTypedData({
  domain: { name: "GuestBook", version: "1", chainId: chain.id, verifyingContract: guestBook },
  types: { Entry: [{ name: "author", type: "address" }, { name: "text", type: "string" }, { name: "nonce", type: "uint256" }] },
  primaryType: "Entry",
  message: { author: account.address, text, nonce },
});
const { request } = await client.simulateContract({ account: funder.account, address: guestBook, abi, functionName: "sign", args: [account.address, text, signature] });
const posted = await client.waitForTransactionReceipt({ hash: await funder.writeContract(request) });
console.log(`entry posted: transaction ${posted.transactionHash}, gas used ${posted.gasUsed}`);
console.log(`entry of ${account.address}: ${await client.readContract({ address: guestBook, abi, functionName: "entries", args: [account.address] })}`);
