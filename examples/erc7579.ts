// The modular account you already hold, secured by post-quantum keys: an ERC-7579 account (OpenZeppelin's
// AccountERC7579, created here with an ECDSA owner validator, as wallets ship them) installs pq4337's
// PQValidatorModule with a Falcon-512 key in one user operation, then sends ETH signed by Falcon-512 alone.
// Run: npx -y pnpm@10.34.8 exec tsx examples/erc7579.ts (environment as for examples/quickstart.ts)
import { type Abi, type Address, type Hex, encodeAbiParameters, encodeFunctionData, formatEther, http, parseEther } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  type Erc7579Validator,
  deployExpandedKey,
  deployPQValidatorModule,
  falcon512Signer,
  generateFalconSeed,
  getInstallPQValidatorCall,
  pqValidator,
  sendUserOperation,
  toErc7579SmartAccount,
} from "@pq4337/sdk";
import { exampleEnvironment, pollingInterval, readArtifact } from "./environment.js";

const { client, funder, fund, bundlerUrl } = await exampleEnvironment();

// pq4337's module (one deployment serves every account), and the example account's factory and ECDSA validator.
const { address: module } = await deployPQValidatorModule({ client, walletClient: funder });
console.log(`PQValidatorModule at ${module}`);
async function deploy(name: string): Promise<{ address: Address; abi: Abi }> {
  const { abi, bytecode } = readArtifact<{ abi: Abi; bytecode: Hex }>(name);
  const hash = await funder.deployContract({ abi, bytecode });
  const { contractAddress } = await client.waitForTransactionReceipt({ hash });
  console.log(`${name} at ${contractAddress}: transaction ${hash}`);
  return { address: contractAddress!, abi };
}
const ownerModule = await deploy("ECDSAOwnerValidator");
const factory = await deploy("ERC7579ExampleAccountFactory");

// The account as it was: validated by its ECDSA owner, who signs user operation hashes.
const owner = privateKeyToAccount(generatePrivateKey());
const ownerValidator: Erc7579Validator = {
  address: ownerModule.address,
  signUserOperationHash: ({ hash }) => owner.sign({ hash }),
  signMessageHash: ({ hash }) => owner.sign({ hash }),
  getStubSignature: () => privateKeyToAccount(`0x${"11".repeat(32)}`).sign({ hash: `0x${"00".repeat(32)}` }),
};
const initData = encodeAbiParameters([{ type: "address" }], [owner.address]);
const salt: Hex = `0x${"00".repeat(32)}`;
const address = (await client.readContract({ ...factory, functionName: "getAddress", args: [ownerModule.address, initData, salt] })) as Address;
const factoryData = encodeFunctionData({ abi: factory.abi, functionName: "createAccount", args: [ownerModule.address, initData, salt] });
const owned = await toErc7579SmartAccount({ client, address, validator: ownerValidator, factory: factory.address, factoryData });
await fund(address, "0.1");

// 1. The owner's operation creates the account and installs the module with a Falcon-512 key and its proof of
//    possession (the key's signature binding it to this account, chain and module).
const falcon = falcon512Signer({ seed: generateFalconSeed() });
for (const hash of (await deployExpandedKey({ client, walletClient: funder, signer: falcon })).transactionHashes)
  console.log(`expanded key chunk: transaction ${hash}`);
const install = await getInstallPQValidatorCall({ client, account: address, signer: falcon, module });
const ownerBundler = createBundlerClient({ account: owned, client, transport: http(bundlerUrl), pollingInterval });
const installHash = await sendUserOperation(ownerBundler, { calls: [install] });
const installed = await ownerBundler.waitForUserOperationReceipt({ hash: installHash });
console.log(`install (ECDSA owner): user operation ${installHash}, transaction ${installed.receipt.transactionHash}`);

// 2. From now on Falcon-512 signs: the nonce key names the module, which checks the key's signature.
const account = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: falcon, module }) });
const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval });
const recipient = privateKeyToAccount(generatePrivateKey()).address;
const hash = await sendUserOperation(bundler, { calls: [{ to: recipient, value: parseEther("0.01") }] });
const receipt = await bundler.waitForUserOperationReceipt({ hash });
console.log(`account ${address}`);
console.log(`falcon512 through the module: user operation ${hash}, transaction ${receipt.receipt.transactionHash}, gas used ${receipt.actualGasUsed}`);
console.log(`recipient ${recipient} has ${formatEther(await client.getBalance({ address: recipient }))} ETH`);
