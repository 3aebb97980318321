// A Safe people already hold gets a post-quantum owner: an ECDSA Safe (1 of 1) adds a Falcon-512 owner and raises its
// threshold to 2 in one Safe transaction, becoming a hybrid Safe that stays safe while either scheme holds; then it
// transfers ETH signed by both keys. The Falcon-512 key owns the Safe through an ERC7913SafeOwner, an ERC-1271 contract
// at an address computed from the key, which only answers whether a signature is the key's.
// Run: npx -y pnpm@10.34.8 exec tsx examples/safe.ts (environment as for examples/quickstart.ts)
import { formatEther, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSafe, deploySafeContracts } from "@pq4337/bench";
import {
  deployExpandedKey,
  deploySafeOwner,
  encodeSafeSignatures,
  executeSafeTransaction,
  falcon512Signer,
  generateFalconSeed,
  getAddSafeOwnerTransaction,
  getSafeTransactionHash,
  safeAbi,
  signSafeHash,
} from "@pq4337/sdk";
import { exampleEnvironment } from "./environment.js";

const { client, funder, fund } = await exampleEnvironment();

// Safe 1.4.1 is on every public chain; the devnet gets it from Safe's npm artifacts.
const contracts = await deploySafeContracts({ client, walletClient: funder });

// The Safe as it is today: one ECDSA owner.
const ecdsa = privateKeyToAccount(generatePrivateKey());
const safe = await createSafe({ client, walletClient: funder, contracts, owners: [ecdsa.address], threshold: 1n, saltNonce: BigInt(Date.now()) });
await fund(safe, "0.1");
console.log(`safe ${safe}, owner ${ecdsa.address}, threshold 1`);

// The post-quantum owner: the Falcon-512 key's expanded key, then its ERC7913SafeOwner (checked like a PQAccount signer).
const falcon = falcon512Signer({ seed: generateFalconSeed() });
for (const hash of (await deployExpandedKey({ client, walletClient: funder, signer: falcon })).transactionHashes)
  console.log(`expanded key chunk: transaction ${hash}`);
const { owner, transactionHash } = await deploySafeOwner({ client, walletClient: funder, signer: falcon });
console.log(`falcon512 owner ${owner}: transaction ${transactionHash}`);

// One Safe transaction, signed by the ECDSA owner: add the Falcon-512 owner and require both from now on.
const chainId = client.chain.id;
const addOwner = await getAddSafeOwnerTransaction({ client, safe, owner, threshold: 2 });
const addOwnerHash = getSafeTransactionHash({ safe, chainId, transaction: addOwner });
const added = await executeSafeTransaction({
  client,
  walletClient: funder,
  safe,
  transaction: addOwner,
  signatures: encodeSafeSignatures({ signatures: [await signSafeHash({ hash: addOwnerHash, signer: ecdsa })] }),
});
console.log(`add falcon512 owner, threshold 2: transaction ${added.transactionHash}`);
const threshold = await client.readContract({ address: safe, abi: safeAbi, functionName: "getThreshold" });
console.log(`owners ${(await client.readContract({ address: safe, abi: safeAbi, functionName: "getOwners" })).join(", ")}, threshold ${threshold}`);

// A transfer signed by both: the ECDSA signature and the Falcon-512 one (a contract signature, v = 0).
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const transfer = {
  ...addOwner,
  to: recipient,
  value: parseEther("0.01"),
  data: "0x" as const,
  gasToken: zeroAddress,
  nonce: await client.readContract({ address: safe, abi: safeAbi, functionName: "nonce" }),
};
const transferHash = getSafeTransactionHash({ safe, chainId, transaction: transfer });
const signatures = encodeSafeSignatures({
  signatures: [await signSafeHash({ hash: transferHash, signer: ecdsa }), await signSafeHash({ hash: transferHash, signer: falcon })],
});
const sent = await executeSafeTransaction({ client, walletClient: funder, safe, transaction: transfer, signatures });
console.log(`ecdsa + falcon512 transfer: transaction ${sent.transactionHash}, gas used ${sent.gasUsed}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
