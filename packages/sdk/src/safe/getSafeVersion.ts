import {
  type Address,
  type Chain,
  type Client,
  type ReadContractErrorType,
  type Transport,
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionZeroDataError,
} from "viem";
import { readContract } from "viem/actions";
import { isExecutionRevert } from "../errors/estimate.js";
import { UnsupportedSafeVersionError } from "../errors/safe.js";
import { safeAbi } from "./abi.js";

/**
 * The Safe versions the SDK's Safe actions are tested with: Safe 1.4.1 (`@safe-global/safe-contracts`, on which the
 * Safe 4337 module 0.3.0 is built), whose contract signatures reach an owner through the legacy
 * `isValidSignature(bytes,bytes)`, and Safe 1.5.0 (`@safe-global/safe-smart-account`), through ERC-1271's
 * `isValidSignature(bytes32,bytes)`. `ERC7913SafeOwner` answers both.
 */
export const supportedSafeVersions = ["1.4.1", "1.5.0"] as const;

export type GetSafeVersionParameters = {
  client: Client<Transport, Chain | undefined>;
  safe: Address;
};

export type GetSafeVersionReturnType = (typeof supportedSafeVersions)[number];

export type GetSafeVersionErrorType = UnsupportedSafeVersionError | ReadContractErrorType;

/**
 * Reads a Safe's `VERSION()` and returns it when the SDK supports it ({@link supportedSafeVersions}); throws
 * {@link UnsupportedSafeVersionError} for another version, or for an address that does not answer `VERSION()` (no code,
 * a revert, data that is no string). A call that fails otherwise (a timeout, a dropped connection) says nothing about
 * the address and is thrown as viem threw it.
 *
 * @example
 * const version = await getSafeVersion({ client, safe }) // "1.4.1"
 */
export async function getSafeVersion({ client, safe }: GetSafeVersionParameters): Promise<GetSafeVersionReturnType> {
  let version: string;
  try {
    version = await readContract(client, { address: safe, abi: safeAbi, functionName: "VERSION" });
  } catch (error) {
    if (!isExecutionRevert(error) && !isNotAnAnswer(error)) throw error;
    throw new UnsupportedSafeVersionError({ safe, version: undefined, supported: supportedSafeVersions, cause: error });
  }
  if (!(supportedSafeVersions as readonly string[]).includes(version))
    throw new UnsupportedSafeVersionError({ safe, version, supported: supportedSafeVersions });
  return version as GetSafeVersionReturnType;
}

/** Whether the call returned, but nothing that decodes as `VERSION()`'s string: no code there, or other data. */
function isNotAnAnswer(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (cause) =>
        cause instanceof ContractFunctionZeroDataError || cause instanceof AbiDecodingZeroDataError || cause instanceof AbiDecodingDataSizeTooSmallError,
    ) !== null
  );
}
