import { BaseError, ExecutionRevertedError } from "viem";
import { PQ4337Error } from "./base.js";
import { decodeRevert } from "./decodeRevert.js";

/**
 * The node refused or ignored the `eth_call` state override that places pq4337's gas meter, so a verifier's gas
 * cannot be measured on it. The accounts then leave the verification gas to the bundler's estimate.
 */
export class StateOverrideUnsupportedError extends PQ4337Error {
  override name = "StateOverrideUnsupportedError";
  constructor({ cause }: { cause?: unknown } = {}) {
    super("The node does not support eth_call state overrides, which measuring a verifier's gas needs.", {
      details:
        cause === undefined
          ? "It ignored the override: the gas meter it places answered nothing."
          : `The node said: ${nodeMessage(cause)}`,
      cause,
    });
  }
}

/**
 * The account's own estimate of an operation's verification gas failed (a timeout, a dropped connection, a node
 * error, a factory that reverts). The operation is not sent with the bundler's estimate instead: bundlers estimate
 * verification from a simulation with stub signatures, and for a post-quantum verifier their figure can be too low
 * (on the devnet, Alto answers 716,287 for an ECDSA + ML-DSA-65 account's creating operation, the SDK 1,628,350, and
 * the EntryPoint refuses Alto's with AA23): AA13, AA23 or AA24, by where the gas runs out.
 */
export class VerificationGasEstimationFailedError extends PQ4337Error {
  override name = "VerificationGasEstimationFailedError";
  /** What failed, in a few words: the node's message, the decoded revert, or viem's short message. */
  readonly reason: string;
  constructor({ cause }: { cause: unknown }) {
    const reason = failureReason(cause);
    super(`Could not estimate the operation's verification gas: ${reason}`, {
      details:
        "The operation was not sent with the bundler's estimate, which can be too low for a post-quantum signature (AA13, AA23, AA24). Retry once the node answers.",
      cause,
    });
    this.reason = reason;
  }
}

/**
 * What an account's `estimateGas` does when its own estimate fails: on a node without state overrides it returns
 * `undefined`, leaving the verification gas to the bundler; any other failure throws
 * {@link VerificationGasEstimationFailedError}, since the bundler's figure can be too low.
 *
 * @example
 * try { return { verificationGasLimit: await estimate() } } catch (error) { return leaveToBundlerOrThrow(error) }
 */
export function leaveToBundlerOrThrow(error: unknown): undefined {
  if (error instanceof StateOverrideUnsupportedError) return undefined;
  throw new VerificationGasEstimationFailedError({ cause: error });
}

/** JSON-RPC error codes a node answers for a request it does not take as sent. */
const invalidParamsCode = -32602;
const methodNotFoundCode = -32601;
const methodNotSupportedCode = -32004;

/**
 * What nodes without state overrides answer: a message naming the override, or one refusing `eth_call`'s third
 * argument (go-ethereum's RPC server and its forks: "too many arguments, want at most 2"; Hardhat 2: "Expected
 * between 1 and 2 arguments and got 3"; Nethermind: "Incorrect parameters count").
 */
const refusalMessage = /state ?overrides?|override set|too many arguments|expected between \d+ and \d+ arguments|incorrect parameters count/i;

/**
 * Whether `error`, thrown by an `eth_call` carrying a state override, is the node's refusal of the override rather
 * than a failure to answer: JSON-RPC "invalid params" (the override is the call's only optional parameter), a node
 * that does not serve `eth_call` at all, or a node error whose message names the override or the argument count.
 * Timeouts, transport errors, rate limits, internal errors and reverts are not refusals.
 *
 * @example
 * const data = await call(client, { to, data, stateOverride }).catch((error) => {
 *   throw isStateOverrideRefusal(error) ? new StateOverrideUnsupportedError({ cause: error }) : error
 * })
 */
export function isStateOverrideRefusal(error: unknown): boolean {
  const refusal = rpcErrors(error).find(
    ({ code, message }) => code === invalidParamsCode || code === methodNotFoundCode || code === methodNotSupportedCode || refusalMessage.test(message),
  );
  return refusal !== undefined;
}

/** JSON-RPC error code of a call that reverted (go-ethereum, anvil: "execution reverted", with the revert data). */
const executionRevertedCode = 3;

/**
 * Whether `error`, thrown by an `eth_call` or `eth_estimateGas`, says that the call reverted: an answer about the
 * call, unlike a timeout or a transport error, which says nothing about it.
 *
 * @example
 * const gas = await estimateGas(client, request).catch((error) => (isExecutionRevert(error) ? undefined : Promise.reject(error)))
 */
export function isExecutionRevert(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) !== null) return true;
  return rpcErrors(error).some(({ code }) => code === executionRevertedCode);
}

/** Each JSON-RPC error in `error`'s cause chain (viem's RpcError and RpcRequestError carry the node's code and message). */
function rpcErrors(error: unknown): { code: number; message: string }[] {
  const found: { code: number; message: string }[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    const { code } = current as { code?: unknown };
    if (typeof code === "number") found.push({ code, message: current instanceof BaseError ? current.details || current.shortMessage : current.message });
    current = current.cause;
  }
  return found;
}

/** The node's message for a refusal: the innermost JSON-RPC error's, else the error's first line. */
function nodeMessage(error: unknown): string {
  const rpc = rpcErrors(error).at(-1);
  if (rpc) return rpc.message;
  return firstLine(error);
}

/** A revert's meaning where the error carries known revert data, else viem's short message (or the first line). */
function failureReason(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error) {
    const { data } = current as { data?: unknown };
    if (typeof data === "string" && data.startsWith("0x")) {
      const revert = decodeRevert(data as `0x${string}`);
      if (revert) return revert.message;
    }
    current = current.cause;
  }
  if (error instanceof BaseError) return error.shortMessage;
  return firstLine(error);
}

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
}
