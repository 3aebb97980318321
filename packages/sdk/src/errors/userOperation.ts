import { BaseError, HttpRequestError } from "viem";
import { PQ4337Error } from "./base.js";

/**
 * The bundler or the EntryPoint refused a user operation. `code` is the EntryPoint's `AAxx` code when the
 * refusal carries one (e.g. "AA24" for a bad signature), and `reason` the bundler's own words.
 */
export class UserOperationRejectedError extends PQ4337Error {
  override name: string = "UserOperationRejectedError";
  readonly code: string | undefined;
  readonly reason: string;

  constructor({ code, reason, cause }: { code: string | undefined; reason: string; cause?: unknown }) {
    super(code ? `User operation rejected (${code}): ${reason}` : `User operation rejected: ${reason}`, { cause });
    this.code = code;
    this.reason = reason;
  }
}

/** AA24: the account's signature check failed (wrong key, wrong hash, malformed signature). */
export class SignatureValidationFailedError extends UserOperationRejectedError {
  override name = "SignatureValidationFailedError";
}

/** AA23: the account's `validateUserOp` reverted or ran out of gas. */
export class AccountValidationRevertedError extends UserOperationRejectedError {
  override name = "AccountValidationRevertedError";
}

/** AA1x: the account could not be created from its `factory`/`factoryData`. */
export class AccountCreationFailedError extends UserOperationRejectedError {
  override name = "AccountCreationFailedError";
}

/** AA21/AA31: the account (or paymaster) cannot pay for the operation. */
export class InsufficientFundsError extends UserOperationRejectedError {
  override name = "InsufficientFundsError";
}

/** AA25: the nonce is not the account's next nonce for its key. */
export class InvalidNonceError extends UserOperationRejectedError {
  override name = "InvalidNonceError";
}

const errorsByCode: Record<string, typeof UserOperationRejectedError> = {
  AA10: AccountCreationFailedError,
  AA13: AccountCreationFailedError,
  AA14: AccountCreationFailedError,
  AA15: AccountCreationFailedError,
  AA21: InsufficientFundsError,
  AA23: AccountValidationRevertedError,
  AA24: SignatureValidationFailedError,
  AA25: InvalidNonceError,
  AA31: InsufficientFundsError,
};

/**
 * Turns an error thrown while preparing, estimating or sending a user operation into the SDK's typed error
 * for its EntryPoint code. Errors that carry no bundler reason are returned unchanged, and so are failures to reach the
 * bundler at all (no HTTP response: a network error, a refused CORS request, a timeout), which are not refusals.
 *
 * @example
 * try { await bundlerClient.sendUserOperation({ calls }) }
 * catch (error) { throw parseUserOperationError(error) }
 */
export function parseUserOperationError(error: unknown): unknown {
  if (error instanceof PQ4337Error) return error;
  const reason = bundlerReason(error);
  if (reason === undefined) return error;
  const code = /\bAA\d\d\b/.exec(reason)?.[0];
  const ErrorClass = (code && errorsByCode[code]) || UserOperationRejectedError;
  return new ErrorClass({ code, reason, cause: error });
}

/** The innermost message the bundler gave: viem keeps it as `details` down the error's cause chain. */
function bundlerReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  if (error.walk((cause) => cause instanceof HttpRequestError && cause.status === undefined)) return undefined;
  let reason: string | undefined;
  error.walk((cause) => {
    if (cause instanceof BaseError && cause.details) reason = cause.details;
    return false;
  });
  return reason;
}
