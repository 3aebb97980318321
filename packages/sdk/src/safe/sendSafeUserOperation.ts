import type { Address, Client, Hex, Transport } from "viem";
import { type UserOperation, type UserOperationReceipt, formatUserOperationRequest, waitForUserOperationReceipt } from "viem/account-abstraction";
import { type EndpointUnreachableError, type UserOperationRejectedError, parseUserOperationError } from "../errors/userOperation.js";

export type SendSafeUserOperationParameters = {
  /** A client of the bundler (e.g. `createBundlerClient({ client, transport: http(bundlerUrl) })`). */
  bundlerClient: Client<Transport>;
  /** The EntryPoint v0.7 the Safe 4337 module supports. */
  entryPoint: Address;
  /** A signed operation, from `prepareSafeUserOperation`. */
  operation: UserOperation<"0.7">;
  /** How long to wait for the receipt, in ms. Default: 120,000. */
  timeout?: number | undefined;
};

export type SendSafeUserOperationReturnType = UserOperationReceipt;

export type SendSafeUserOperationErrorType = UserOperationRejectedError | EndpointUnreachableError;

/**
 * Sends a Safe's signed user operation to the bundler and waits for its receipt. A refusal throws the SDK's typed
 * user-operation errors (e.g. `SignatureValidationFailedError`, AA24, for signatures the Safe refuses).
 *
 * @example
 * const receipt = await sendSafeUserOperation({ bundlerClient, entryPoint, operation })
 */
export async function sendSafeUserOperation({ bundlerClient, entryPoint, operation, timeout = 120_000 }: SendSafeUserOperationParameters): Promise<SendSafeUserOperationReturnType> {
  try {
    const hash = (await bundlerClient.request({ method: "eth_sendUserOperation", params: [formatUserOperationRequest(operation), entryPoint] } as never)) as Hex;
    return await waitForUserOperationReceipt(bundlerClient, { hash, timeout });
  } catch (error) {
    throw parseUserOperationError(error);
  }
}
