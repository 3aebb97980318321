import { createRequire } from "node:module";
import { type Account, type Chain, type Client, type Hex, type Transport, type WalletClient, concatHex } from "viem";
import { getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { create2DeployerAddress, entryPointAddress } from "@pq4337/sdk";

/** The salt of the canonical EntryPoint v0.8 deployment through the CREATE2 deployer. */
const entryPointSalt: Hex = "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9";

/**
 * Deploys the canonical EntryPoint v0.8 at its canonical address, unless it is there already. The bytecode is
 * the published `@account-abstraction/contracts@0.8.0` artifact, byte-identical to the canonical build, so
 * the address proves it.
 */
export async function deployEntryPoint(
  client: Client<Transport, Chain | undefined>,
  walletClient: WalletClient<Transport, Chain | undefined, Account>,
): Promise<void> {
  if ((await getCode(client, { address: entryPointAddress })) !== undefined) return;
  const { bytecode } = createRequire(import.meta.url)("@account-abstraction/contracts/artifacts/EntryPoint.json") as {
    bytecode: Hex;
  };
  const hash = await sendTransaction(walletClient, {
    account: walletClient.account,
    chain: walletClient.chain,
    to: create2DeployerAddress,
    data: concatHex([entryPointSalt, bytecode]),
    gas: 6_000_000n,
  });
  await waitForTransactionReceipt(client, { hash });
  if ((await getCode(client, { address: entryPointAddress })) === undefined)
    throw new Error(`EntryPoint v0.8 did not land at ${entryPointAddress} (transaction ${hash})`);
}
