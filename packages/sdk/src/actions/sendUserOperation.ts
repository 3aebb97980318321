import type { Chain, Client, Transport } from "viem";
import { getBalance } from "viem/actions";
import {
  type SendUserOperationParameters as ViemSendUserOperationParameters,
  type SendUserOperationReturnType,
  type SmartAccount,
  prepareUserOperation,
  sendUserOperation as viemSendUserOperation,
} from "viem/account-abstraction";
import type { VerificationGasEstimationFailedError } from "../errors/estimate.js";
import type { ExpandedKeyNotDeployedError } from "../errors/keys.js";
import {
  type EndpointUnreachableError,
  InsufficientBalanceError,
  type UserOperationRejectedError,
  VerificationGasTooHighError,
  parseUserOperationError,
} from "../errors/userOperation.js";
import type { PQ4337Signer } from "../signers/types.js";
import { assertExpandedKeyDeployed } from "./assertExpandedKeyDeployed.js";

export type { SendUserOperationReturnType };

export type SendUserOperationParameters<account extends SmartAccount | undefined = SmartAccount | undefined> =
  ViemSendUserOperationParameters<account> & {
    /**
     * The most verification gas (verificationGasLimit + paymasterVerificationGasLimit) the operation may declare, e.g.
     * `maxVerificationGas` (ERC-7562's 500,000) for a bundler of the public mempool: the operation is prepared and
     * estimated first, and one above it throws {@link VerificationGasTooHighError} before anything is signed.
     */
    maxVerificationGas?: bigint | undefined;
  };

export type SendUserOperationErrorType =
  | UserOperationRejectedError
  | VerificationGasEstimationFailedError
  | ExpandedKeyNotDeployedError
  | InsufficientBalanceError
  | EndpointUnreachableError
  | VerificationGasTooHighError;

/** What a prepared operation carries that sending it need not ask for again. */
const preparedFields = [
  "nonce",
  "callGasLimit",
  "verificationGasLimit",
  "preVerificationGas",
  "maxFeePerGas",
  "maxPriorityFeePerGas",
  "paymaster",
  "paymasterData",
  "paymasterVerificationGasLimit",
  "paymasterPostOpGasLimit",
] as const;

/**
 * viem's `sendUserOperation`, with the bundler's and the EntryPoint's refusals turned into typed errors:
 * a wrong signature throws {@link SignatureValidationFailedError} (AA24) with the bundler's reason, a
 * reverting validation {@link AccountValidationRevertedError} (AA23), and so on. Before the bundler is asked, a
 * pq4337 account's signers are checked to have their expanded keys deployed ({@link assertExpandedKeyDeployed}), so
 * that a missing key is an {@link ExpandedKeyNotDeployedError} naming its chunks rather than an AA24, and calls that
 * send more ETH than the account holds throw {@link InsufficientBalanceError} ("the account holds X ETH; this
 * operation needs Y") rather than OpenZeppelin's bare `FailedCall`. Reverts the bundler reports are decoded
 * (`decodeRevert`), and an unreachable bundler or RPC is an {@link EndpointUnreachableError} naming its URL.
 *
 * @example
 * import { sendUserOperation } from "@pq4337/sdk"
 * const hash = await sendUserOperation(bundlerClient, { calls: [{ to, value: 1n }] })
 * // for a bundler of the public mempool: refused before signing when it declares more than ERC-7562 allows
 * await sendUserOperation(bundlerClient, { calls, maxVerificationGas }) // maxVerificationGas from "@pq4337/sdk"
 */
export async function sendUserOperation<account extends SmartAccount | undefined>(
  client: Client<Transport, Chain | undefined, account>,
  parameters: SendUserOperationParameters<account>,
): Promise<SendUserOperationReturnType> {
  const account = parameters.account ?? client.account;
  try {
    // toPQSmartAccount's account carries its signers (viem spreads `extend` onto the account); others have none.
    const signers = (account as { signers?: readonly PQ4337Signer[] } | undefined)?.signers;
    if (account && Array.isArray(signers))
      for (const signer of signers) await assertExpandedKeyDeployed({ client: account.client, signer });
    const calls = (parameters as { calls?: readonly { value?: bigint | undefined }[] }).calls;
    const value = (calls ?? []).reduce((sum, call) => sum + (call.value ?? 0n), 0n);
    if (account && value > 0n) {
      const balance = await getBalance(account.client, { address: account.address });
      if (balance < value) throw new InsufficientBalanceError({ account: account.address, balance, needed: value });
    }
    const { maxVerificationGas, ...request } = parameters;
    if (maxVerificationGas === undefined) return await viemSendUserOperation(client, request as ViemSendUserOperationParameters<account>);
    // Estimated once here; sending then reuses the estimate and the nonce instead of asking again.
    const prepared = (await prepareUserOperation(client, request as never)) as Record<string, unknown> & { verificationGasLimit: bigint };
    const declared = prepared.verificationGasLimit + ((prepared.paymasterVerificationGasLimit as bigint | undefined) ?? 0n);
    if (declared > maxVerificationGas)
      throw new VerificationGasTooHighError({ declared, limit: maxVerificationGas, createsAccount: prepared.factory !== undefined && prepared.factory !== null });
    const estimated = Object.fromEntries(preparedFields.filter((field) => prepared[field] !== undefined).map((field) => [field, prepared[field]]));
    return await viemSendUserOperation(client, { ...request, ...estimated } as ViemSendUserOperationParameters<account>);
  } catch (error) {
    throw parseUserOperationError(error);
  }
}

