import { type Address, BaseError, type Hex, HttpRequestError, formatEther } from "viem";
import { PQ4337Error } from "./base.js";
import { type DecodeRevertReturnType, decodeRevert } from "./decodeRevert.js";

/**
 * The bundler or the EntryPoint refused a user operation. `code` is the EntryPoint's `AAxx` code when the
 * refusal carries one (e.g. "AA24" for a bad signature), and `reason` the bundler's own words.
 */
export class UserOperationRejectedError extends PQ4337Error {
  override name: string = "UserOperationRejectedError";
  readonly code: string | undefined;
  readonly reason: string;

  /** The revert the reason carried, decoded (see {@link decodeRevert}), when it carried one that is known. */
  readonly revert: DecodeRevertReturnType | undefined;

  constructor({ code, reason, revert, cause }: { code: string | undefined; reason: string; revert?: DecodeRevertReturnType | undefined; cause?: unknown }) {
    const said = revert ? revert.message : reason;
    super(code && !said.includes(code) ? `User operation rejected (${code}): ${said}` : `User operation rejected: ${said}`, {
      cause,
      details: revert ? reason : undefined,
    });
    this.code = code;
    this.reason = reason;
    this.revert = revert;
  }
}

/** The operation's calls reverted in the bundler's simulation: `revert` says with what (FailedCall, a custom error). */
export class UserOperationRevertedError extends UserOperationRejectedError {
  override name = "UserOperationRevertedError";
}

/** The account holds less ETH than its calls send: raised before anything is signed or sent to the bundler. */
export class InsufficientBalanceError extends PQ4337Error {
  override name = "InsufficientBalanceError";
  readonly balance: bigint;
  readonly needed: bigint;
  constructor({ account, balance, needed }: { account: Address; balance: bigint; needed: bigint }) {
    super(`The account ${account} holds ${formatEther(balance)} ETH; this operation needs ${formatEther(needed)} ETH plus gas.`, {
      details: "Send ETH to the account's address first, or send less.",
    });
    this.balance = balance;
    this.needed = needed;
  }
}

/**
 * The operation declares more verification gas than a limit the caller set, usually ERC-7562's `MAX_VERIFICATION_GAS`
 * (500,000), above which bundlers that enforce the public mempool's rules refuse it. Raised before anything is signed.
 */
export class VerificationGasTooHighError extends PQ4337Error {
  override name = "VerificationGasTooHighError";
  readonly declared: bigint;
  readonly limit: bigint;
  /** Whether the operation also creates the account, which adds the factory's gas to the verification. */
  readonly createsAccount: boolean;
  constructor({ declared, limit, createsAccount }: { declared: bigint; limit: bigint; createsAccount: boolean }) {
    const amount = (gas: bigint) => gas.toLocaleString("en-US");
    super(
      createsAccount
        ? `This operation creates the account and declares ${amount(declared)} verification gas, above the ${amount(limit)} of ERC-7562, which public bundlers refuse: deploy the account first with a plain transaction (deployAccount).`
        : `This operation declares ${amount(declared)} verification gas, above the ${amount(limit)} of ERC-7562, which public bundlers refuse.`,
      {
        details: createsAccount
          ? "Once the account exists, its operations declare the verification of their signatures alone."
          : "The scheme's signature verification needs more: use a bundler that accepts it (the devnet's does).",
      },
    );
    this.declared = declared;
    this.limit = limit;
    this.createsAccount = createsAccount;
  }
}

/** No answer from an endpoint (the bundler or the chain's RPC): not running, a wrong URL, a refused CORS request. */
export class EndpointUnreachableError extends PQ4337Error {
  override name = "EndpointUnreachableError";
  readonly url: string;
  /** What failed below HTTP: "connection refused", "host not found", "timed out", or the platform's words. */
  readonly reason: string;
  constructor({ url, reason, cause }: { url: string; reason: string; cause?: unknown }) {
    super(`Cannot reach ${url}: ${reason}. Is it running, and is the URL right?`, { cause });
    this.url = url;
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
 * Turns an error thrown while preparing, estimating or sending a user operation into the SDK's typed error: a
 * refusal by its EntryPoint code, with the revert it carried decoded ({@link decodeRevert}: FailedCall, the account's
 * own errors, the EntryPoint's FailedOp) into a sentence that says what to do; a request that got no answer at all
 * (a network error, a refused CORS request, a timeout) into {@link EndpointUnreachableError} naming the URL. Other
 * errors are returned unchanged.
 *
 * @example
 * try { await bundlerClient.sendUserOperation({ calls }) }
 * catch (error) { throw parseUserOperationError(error) }
 */
export function parseUserOperationError(error: unknown): unknown {
  if (error instanceof PQ4337Error) return error;
  const unreachable = error instanceof BaseError ? error.walk((cause) => cause instanceof HttpRequestError && cause.status === undefined) : null;
  if (unreachable instanceof HttpRequestError)
    // viem may report the URL normalised ("http://host:port/"): show it as it was most likely given.
    return new EndpointUnreachableError({ url: unreachable.url.replace(/^(https?:\/\/[^/]+)\/$/, "$1"), reason: transportReason(unreachable), cause: error });
  const reason = bundlerReason(error);
  if (reason === undefined) return error;
  const code = /\bAA\d\d\b/.exec(reason)?.[0];
  const revert = revertIn(reason);
  const ErrorClass = (code && errorsByCode[code]) || (revert ? UserOperationRevertedError : UserOperationRejectedError);
  return new ErrorClass({ code, reason, revert, cause: error });
}

/** The last known revert in a bundler's reason ("… with reason: 0xd6bda275", "AA23 reverted 0x…"). */
function revertIn(reason: string): DecodeRevertReturnType | undefined {
  const candidates = reason.match(/0x[0-9a-fA-F]{8,}/g) ?? [];
  for (const data of candidates.reverse()) {
    if (data.length % 2 !== 0) continue;
    const revert = decodeRevert(data as Hex);
    if (revert) return revert;
  }
  return undefined;
}

/** What went wrong below HTTP: "connection refused" rather than viem's "HTTP request failed". */
function transportReason(error: HttpRequestError): string {
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return "timed out";
  if (cause instanceof Error) return cause.message;
  return error.details || "no answer";
}

/** The innermost message the bundler gave: viem keeps it as `details` down the error's cause chain. */
function bundlerReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  let reason: string | undefined;
  error.walk((cause) => {
    if (cause instanceof BaseError && cause.details) reason = cause.details;
    return false;
  });
  return reason;
}
