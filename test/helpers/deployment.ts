import { type Address, type Hex, concatHex, getContract, getContractAddress } from "viem";
import { type UserOperation, entryPoint08Abi, toPackedUserOperation } from "viem/account-abstraction";
import type { NetworkConnection } from "hardhat/types/network";
import {
  type ToPQSmartAccountParameters,
  type ToPQSmartAccountReturnType,
  create2DeployerAddress,
  deployPQ4337,
  entryPointAddress,
  toPQSmartAccount,
} from "@pq4337/sdk";

// Runtime code of the deterministic CREATE2 deployer that anvil and most chains have at create2DeployerAddress.
const create2DeployerCode: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

/**
 * An in-process Hardhat chain with the same contracts at the same addresses as the devnet: the CREATE2
 * deployer, the canonical EntryPoint v0.8 (published artifact), pq4337's factory and verifiers.
 */
export async function deployFixture(connection: NetworkConnection<"generic">) {
  const { viem, provider } = connection;
  await provider.request({ method: "hardhat_setCode", params: [create2DeployerAddress, create2DeployerCode] });
  const client = await viem.getPublicClient();
  const [deployer, beneficiary, other] = await viem.getWalletClients();

  const contracts = await deployPQ4337({ client, walletClient: deployer });
  const entryPoint = getContract({ address: entryPointAddress, abi: entryPoint08Abi, client: { public: client, wallet: beneficiary } });
  return { client, deployer, beneficiary, other, contracts, entryPoint };
}

export type Fixture = Awaited<ReturnType<typeof deployFixture>>;

/** A PQAccount for `signer` (one key or a multi-signer) with ETH to pay for its operations. */
export async function fundedAccount(fixture: Fixture, signer: ToPQSmartAccountParameters["signer"], salt?: Hex) {
  const account = await toPQSmartAccount({ client: fixture.client, signer, salt });
  await fixture.client.waitForTransactionReceipt({
    hash: await fixture.deployer.sendTransaction({ to: account.address, value: 10n ** 18n }),
  });
  return account;
}

/** An unsigned user operation with fixed, generous gas limits, creating the account if it has no code. */
export async function buildUserOperation(
  fixture: Fixture,
  account: ToPQSmartAccountReturnType,
  callData: Hex,
): Promise<UserOperation<"0.8">> {
  const { factory, factoryData } = await account.getFactoryArgs();
  return {
    sender: account.address,
    nonce: await account.getNonce(),
    factory,
    factoryData,
    callData,
    callGasLimit: 5_000_000n,
    verificationGasLimit: 2_000_000n,
    preVerificationGas: 100_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    signature: "0x",
  };
}

/** Sends `operations` straight to EntryPoint.handleOps, as a bundler would. */
export async function handleOps(fixture: Fixture, operations: UserOperation<"0.8">[], beneficiary?: Address) {
  const hash = await fixture.entryPoint.write.handleOps([
    operations.map((operation) => toPackedUserOperation(operation)),
    beneficiary ?? fixture.beneficiary.account.address,
  ]);
  return fixture.client.waitForTransactionReceipt({ hash });
}

/** Deploys `initCode` through the CREATE2 deployer with `salt` (e.g. a second copy of some code); returns its address. */
export async function deployCodeAt(fixture: Pick<Fixture, "client" | "deployer">, initCode: Hex, salt: Hex): Promise<Address> {
  const hash = await fixture.deployer.sendTransaction({ to: create2DeployerAddress, data: concatHex([salt, initCode]) });
  await fixture.client.waitForTransactionReceipt({ hash });
  const address = getContractAddress({ opcode: "CREATE2", from: create2DeployerAddress, salt, bytecode: initCode });
  if ((await fixture.client.getCode({ address })) === undefined) throw new Error(`nothing deployed at ${address}`);
  return address;
}
