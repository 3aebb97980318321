// User operations built without a bundler, for the tests that judge one against ERC-7562 (check-7562 and
// checkErc7562) rather than send it.
import { type Address, parseGwei } from "viem";
import type { UserOperation } from "viem/account-abstraction";
import type { ToPQSmartAccountReturnType } from "@pq4337/sdk";

/**
 * `account`'s next operation, a transfer of 1 wei to `to`, with fixed gas limits (under MAX_VERIFICATION_GAS) and the
 * factory arguments while the account is not deployed, signed; `overrides` replace fields before signing.
 */
export async function signedUserOperation(
  account: ToPQSmartAccountReturnType,
  to: Address,
  overrides: Partial<UserOperation<"0.8">> = {},
): Promise<UserOperation<"0.8">> {
  const deployed = await account.isDeployed();
  const userOperation: UserOperation<"0.8"> = {
    sender: account.address,
    nonce: await account.getNonce(),
    ...(deployed ? {} : await account.getFactoryArgs()),
    callData: await account.encodeCalls([{ to, value: 1n }]),
    callGasLimit: 100_000n,
    verificationGasLimit: 450_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: parseGwei("3"),
    maxPriorityFeePerGas: parseGwei("1"),
    signature: "0x",
    ...overrides,
  };
  userOperation.signature = await account.signUserOperation(userOperation);
  return userOperation;
}
