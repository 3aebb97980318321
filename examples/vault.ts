// An integrator's contract that takes post-quantum signatures directly through ERC-7913, with no account: ETH in
// contracts/examples/PQVault.sol belongs to a Falcon-512 key and leaves only with that key's signature of a
// withdrawal, which anyone may relay.
// Run: npx -y pnpm@10.34.8 exec tsx examples/vault.ts (environment as for examples/quickstart.ts)
import { BaseError, ContractFunctionRevertedError, concatHex, formatEther, hashTypedData, keccak256, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { deployExpandedKey, falcon512Signer, generateFalconSeed, getPQ4337Addresses } from "@pq4337/sdk";
import type { PQVault$Type } from "../artifacts/contracts/examples/PQVault.sol/artifacts.js";
import { exampleEnvironment, readArtifact } from "./environment.js";

const { chain, client, funder } = await exampleEnvironment();
const { abi, bytecode } = readArtifact<PQVault$Type>("PQVault");

const deployment = await client.waitForTransactionReceipt({ hash: await funder.deployContract({ abi, bytecode }) });
const vault = deployment.contractAddress!;
console.log(`PQVault at ${vault}: transaction ${deployment.transactionHash}`);

// The ERC-7913 signer: pq4337's Falcon-512 verifier followed by the key (whose expanded form must be on chain).
const signer = falcon512Signer({ seed: generateFalconSeed() });
await deployExpandedKey({ client, walletClient: funder, signer });
const erc7913Signer = concatHex([getPQ4337Addresses().verifiers.falcon512!, signer.key]);

const deposited = await client.waitForTransactionReceipt({
  hash: await funder.writeContract({ address: vault, abi, functionName: "deposit", args: [erc7913Signer], value: parseEther("0.05") }),
});
console.log(`deposited 0.05 ETH for the Falcon-512 key: transaction ${deposited.transactionHash}`);

// The key signs a withdrawal to a fresh address; the funded key relays it and pays the gas.
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const amount = parseEther("0.02");
const nonce = await client.readContract({ address: vault, abi, functionName: "nonces", args: [erc7913Signer] });
const deadline = (await client.getBlock()).timestamp + 3600n;
const hash = hashTypedData({
  domain: { name: "PQVault", version: "1", chainId: chain.id, verifyingContract: vault },
  types: {
    Withdrawal: [
      { name: "owner", type: "bytes32" },
      { name: "to", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  },
  primaryType: "Withdrawal",
  message: { owner: keccak256(erc7913Signer), to: recipient, amount, nonce, deadline },
});
const signature = await signer.sign({ hash });
const withdrawal = { address: vault, abi, functionName: "withdraw", args: [erc7913Signer, recipient, amount, deadline, signature] } as const;
const { request } = await client.simulateContract({ account: funder.account, ...withdrawal });
const withdrawn = await client.waitForTransactionReceipt({ hash: await funder.writeContract(request) });
console.log(`withdrawn with a ${signature.length / 2 - 1}-byte Falcon signature: transaction ${withdrawn.transactionHash}, gas used ${withdrawn.gasUsed}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
console.log(`the key's balance in the vault: ${formatEther(await client.readContract({ address: vault, abi, functionName: "balanceOf", args: [erc7913Signer] }))} ETH`);

// The same signature again is refused: the nonce moved on.
try {
  await client.simulateContract({ account: funder.account, ...withdrawal });
  throw new Error("a replayed withdrawal was accepted");
} catch (error) {
  const revert = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : undefined;
  if (!(revert instanceof ContractFunctionRevertedError)) throw error;
  console.log(`replay refused: ${revert.data?.errorName}`);
}
