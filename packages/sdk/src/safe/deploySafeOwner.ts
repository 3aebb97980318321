import { type Account, type Address, type CallErrorType, type Chain, type Client, type Hash, type Hex, type Transport, type WalletClient, BaseError, ContractFunctionRevertedError, decodeErrorResult, encodeFunctionData } from "viem";
import { call, getCode, sendTransaction, waitForTransactionReceipt } from "viem/actions";
import { DeploymentFailedError } from "../errors/deploy.js";
import { isExecutionRevert } from "../errors/estimate.js";
import { SafeOwnerSignerRefusedError } from "../errors/safe.js";
import { erc7913SafeOwnerFactoryAbi } from "../generated/contracts.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { type GetSafeOwnerAddressErrorType, type GetSafeOwnerAddressParameters, getSafeOwnerAddress } from "./getSafeOwnerAddress.js";

export type DeploySafeOwnerParameters = GetSafeOwnerAddressParameters & {
  client: Client<Transport, Chain | undefined>;
  /** Pays for the deployment: anyone may, the owner's address binds its signer. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

export type DeploySafeOwnerReturnType = {
  owner: Address;
  erc7913Signer: Hex;
  /** The `createOwner` transaction, or `undefined` when the owner was already deployed. */
  transactionHash: Hash | undefined;
};

export type DeploySafeOwnerErrorType = GetSafeOwnerAddressErrorType | SafeOwnerSignerRefusedError | DeploymentFailedError | CallErrorType;

/**
 * Deploys the Safe owner of a post-quantum key (`ERC7913SafeOwnerFactory.createOwner`) unless it is deployed already.
 * The factory's signer checks (those of PQAccount) run first, in a call: a signer they refuse (a verifier that is
 * no verifier, a key that is not canonical, an expanded key not deployed) throws {@link SafeOwnerSignerRefusedError}
 * naming the check, before any transaction is sent. Only a revert is a refusal: a call that fails otherwise (a timeout,
 * a dropped connection, a node error) says nothing about the signer and is thrown as viem threw it.
 *
 * @example
 * const signer = falcon512Signer()
 * await deployExpandedKey({ client, walletClient, signer })
 * const { owner } = await deploySafeOwner({ client, walletClient, signer })
 */
export async function deploySafeOwner(parameters: DeploySafeOwnerParameters): Promise<DeploySafeOwnerReturnType> {
  const { client, walletClient, factory = getPQ4337Addresses().safeOwnerFactory } = parameters;
  const { owner, erc7913Signer } = getSafeOwnerAddress({ ...parameters, factory });
  if (await hasCode(client, owner)) return { owner, erc7913Signer, transactionHash: undefined };
  const data = encodeFunctionData({ abi: erc7913SafeOwnerFactoryAbi, functionName: "createOwner", args: [erc7913Signer] });
  try {
    await call(client, { account: walletClient.account, to: factory, data });
  } catch (error) {
    if (!isExecutionRevert(error)) throw error;
    throw new SafeOwnerSignerRefusedError({ signer: erc7913Signer, reason: revertReason(error), cause: error });
  }
  const transactionHash = await sendTransaction(walletClient, { account: walletClient.account, chain: walletClient.chain, to: factory, data });
  const receipt = await waitForTransactionReceipt(client, { hash: transactionHash });
  if (receipt.status !== "success" || !(await hasCode(client, owner))) throw new DeploymentFailedError({ address: owner, transactionHash });
  return { owner, erc7913Signer, transactionHash };
}

/** The guard's error name where the revert carries one, else viem's short message. */
function revertReason(error: unknown): string {
  if (error instanceof BaseError) {
    const data = (error.walk((cause) => typeof (cause as { data?: unknown }).data === "string") as { data?: Hex } | null)?.data;
    if (data)
      try {
        return decodeErrorResult({ abi: erc7913SafeOwnerFactoryAbi, data }).errorName;
      } catch {}
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) return reverted.data.errorName;
    return error.shortMessage;
  }
  return String(error);
}

async function hasCode(client: Client<Transport, Chain | undefined>, address: Address): Promise<boolean> {
  const code = await getCode(client, { address });
  return code !== undefined && code !== "0x";
}
