import type { Chain, Client, Transport } from "viem";
import {
  type SendUserOperationParameters,
  type SendUserOperationReturnType,
  type SmartAccount,
  sendUserOperation as viemSendUserOperation,
} from "viem/account-abstraction";
import type { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import { type UserOperationRejectedError, parseUserOperationError } from "../errors/userOperation.js";
import type { PQ4337Signer } from "../signers/types.js";
import { assertExpandedKeyDeployed } from "./assertExpandedKeyDeployed.js";

export type { SendUserOperationParameters, SendUserOperationReturnType };

export type SendUserOperationErrorType = UserOperationRejectedError | ExpandedKeyNotDeployedError;

/**
 * viem's `sendUserOperation`, with the bundler's and the EntryPoint's refusals turned into typed errors:
 * a wrong signature throws {@link SignatureValidationFailedError} (AA24) with the bundler's reason, a
 * reverting validation {@link AccountValidationRevertedError} (AA23), and so on. Before the bundler is asked, a
 * pq4337 account's signers are checked to have their expanded keys deployed ({@link assertExpandedKeyDeployed}), so
 * that a missing key is an {@link ExpandedKeyNotDeployedError} naming its chunks rather than an AA24.
 *
 * @example
 * import { sendUserOperation } from "@pq4337/sdk"
 * const hash = await sendUserOperation(bundlerClient, { calls: [{ to, value: 1n }] })
 */
export async function sendUserOperation<account extends SmartAccount | undefined>(
  client: Client<Transport, Chain | undefined, account>,
  parameters: SendUserOperationParameters<account>,
): Promise<SendUserOperationReturnType> {
  const account = parameters.account ?? client.account;
  // toPQSmartAccount's account carries its signers (viem spreads `extend` onto the account); others have none.
  const signers = (account as { signers?: readonly PQ4337Signer[] } | undefined)?.signers;
  if (account && Array.isArray(signers))
    for (const signer of signers) await assertExpandedKeyDeployed({ client: account.client, signer });
  try {
    return await viemSendUserOperation(client, parameters);
  } catch (error) {
    throw parseUserOperationError(error);
  }
}
