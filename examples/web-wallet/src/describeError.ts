import { BaseError, HttpRequestError } from "viem";
import {
  EndpointUnreachableError,
  ExpandedKeyNotDeployedError,
  InsufficientBalanceError,
  InsufficientFundsError,
  KeyFileDecryptionError,
  InvalidKeyFileError,
  PQ4337Error,
  SignatureValidationFailedError,
  UserOperationRejectedError,
} from "@pq4337/sdk";

/** One line a person can act on, for the SDK's typed errors; other errors keep their own message. */
export function describeError(error: unknown): string {
  if (error instanceof ExpandedKeyNotDeployedError)
    return "This key's expanded public key is not on-chain yet: press “Deploy key” first (once per key, on each chain).";
  if (error instanceof InsufficientFundsError)
    return `The account cannot pay for the operation (${error.code}): fund its address first.`;
  if (error instanceof SignatureValidationFailedError)
    return `The account refused the signature (${error.code}): the key does not control this account, or its expanded key is wrong.`;
  if (error instanceof InsufficientBalanceError) return error.shortMessage;
  if (error instanceof UserOperationRejectedError)
    return `The bundler refused the operation${error.code ? ` (${error.code})` : ""}: ${error.revert?.message ?? error.reason}`;
  if (error instanceof EndpointUnreachableError)
    return `Cannot reach ${error.url} (is it running, and does it allow this page's origin?)`;
  if (error instanceof KeyFileDecryptionError) return "Wrong passphrase, or the key file was altered.";
  if (error instanceof InvalidKeyFileError) return `Not a pq4337 key file: ${error.shortMessage}`;
  if (error instanceof PQ4337Error) return error.shortMessage;
  const unreachable = error instanceof BaseError ? error.walk((cause) => cause instanceof HttpRequestError) : null;
  if (unreachable instanceof HttpRequestError && unreachable.status === undefined)
    return `Cannot reach ${unreachable.url}: ${unreachable.details} (is it running, and does it allow this page's origin?)`;
  return error instanceof Error ? error.message : String(error);
}
