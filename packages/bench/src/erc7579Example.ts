// OpenZeppelin's AccountERC7579 as contracts/examples builds it (an ECDSA owner validator and a CREATE2 account factory),
// put on a devnet for the bench's module rows and the module's end-to-end tests: an ERC-7579 account as people hold one,
// owned by an ECDSA key, into which PQValidatorModule is installed.
import { type Account, type Address, type Chain, type Client, type Hex, type Transport, type WalletClient, encodeAbiParameters, encodeFunctionData } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deployContract, readContract, waitForTransactionReceipt } from "viem/actions";
import { type Erc7579Validator, type ToErc7579SmartAccountParameters, type ToErc7579SmartAccountReturnType, toErc7579SmartAccount } from "@pq4337/sdk";
import { ecdsaOwnerValidatorBytecode, erc7579ExampleAccountFactoryAbi, erc7579ExampleAccountFactoryBytecode } from "./generated/instruments.js";

/** Where {@link deployErc7579Example} put the example's two contracts. */
export type Erc7579Example = { ownerModule: Address; factory: Address };

type Clients = {
  client: Client<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
};

/** Deploys the example's ECDSA owner validator and its account factory (neither has constructor arguments). */
export async function deployErc7579Example({ client, walletClient }: Clients): Promise<Erc7579Example> {
  const deploy = async (bytecode: Hex) => {
    const hash = await deployContract(walletClient, { abi: [], bytecode });
    return (await waitForTransactionReceipt(client, { hash })).contractAddress!;
  };
  return { ownerModule: await deploy(ecdsaOwnerValidatorBytecode), factory: await deploy(erc7579ExampleAccountFactoryBytecode) };
}

/** The example account's classical validator: its ECDSA owner signs user operation and message hashes directly. */
export function ecdsaOwnerValidator(address: Address, privateKey: Hex): Erc7579Validator {
  const owner = privateKeyToAccount(privateKey);
  const stub = privateKeyToAccount(`0x${"11".repeat(32)}`);
  return {
    address,
    signUserOperationHash: ({ hash }) => owner.sign({ hash }),
    signMessageHash: ({ hash }) => owner.sign({ hash }),
    getStubSignature: () => stub.sign({ hash: `0x${"00".repeat(32)}` }),
  };
}

export type ToOwnedErc7579AccountParameters = {
  client: ToErc7579SmartAccountParameters["client"];
  example: Erc7579Example;
  /** The ECDSA owner's private key. */
  ownerKey: Hex;
  /** The factory's CREATE2 salt. */
  salt: Hex;
};

/**
 * The example account of `ownerKey` at `salt`, validated by its ECDSA owner: counterfactual until its first user
 * operation, which the factory data deploys.
 */
export async function toOwnedErc7579Account({ client, example, ownerKey, salt }: ToOwnedErc7579AccountParameters): Promise<ToErc7579SmartAccountReturnType> {
  const { ownerModule, factory } = example;
  const initData = encodeAbiParameters([{ type: "address" }], [privateKeyToAccount(ownerKey).address]);
  const args = [ownerModule, initData, salt] as const;
  const address = await readContract(client, { address: factory, abi: erc7579ExampleAccountFactoryAbi, functionName: "getAddress", args });
  const factoryData = encodeFunctionData({ abi: erc7579ExampleAccountFactoryAbi, functionName: "createAccount", args });
  return toErc7579SmartAccount({ client, address, validator: ecdsaOwnerValidator(ownerModule, ownerKey), factory, factoryData });
}
