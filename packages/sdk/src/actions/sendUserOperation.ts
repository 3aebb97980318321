import type { Chain, Client, Transport } from "viem";
import {
  type SendUserOperationParameters,
  type SendUserOperationReturnType,
  type SmartAccount,
  sendUserOperation as viemSendUserOperation,
} from "viem/account-abstraction";
import { type UserOperationRejectedError, parseUserOperationError } from "../errors/userOperation.js";

export type { SendUserOperationParameters, SendUserOperationReturnType };

export type SendUserOperationErrorType = UserOperationRejectedError;

/**
 * viem's `sendUserOperation`, with the bundler's and the EntryPoint's refusals turned into typed errors:
 * a wrong signature throws {@link SignatureValidationFailedError} (AA24) with the bundler's reason, a
 * reverting validation {@link AccountValidationRevertedError} (AA23), and so on.
 *
 * @example
 * import { sendUserOperation } from "@pq4337/sdk"
 * const hash = await sendUserOperation(bundlerClient, { calls: [{ to, value: 1n }] })
 */
export async function sendUserOperation<account extends SmartAccount | undefined>(
  client: Client<Transport, Chain | undefined, account>,
  parameters: SendUserOperationParameters<account>,
): Promise<SendUserOperationReturnType> {
  try {
    return await viemSendUserOperation(client, parameters);
  } catch (error) {
    throw parseUserOperationError(error);
  }
}
