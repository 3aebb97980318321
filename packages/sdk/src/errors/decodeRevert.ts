import { type Hex, decodeErrorResult, formatEther, parseAbi, size, slice } from "viem";
import { pqAccountAbi, pqAccountFactoryAbi } from "../generated/contracts.js";

export type DecodeRevertReturnType = {
  /** The error's name, e.g. "FailedCall", "FailedOp", "PQAccountInvalidPossessionProof". */
  name: string;
  /** Its arguments, as viem decoded them. */
  args: readonly unknown[];
  /** One sentence: what happened and, where one exists, what to do. */
  message: string;
};

/** Errors a user operation meets outside the account's ABI: Solidity's own, the EntryPoint's, OpenZeppelin's. */
const otherErrorsAbi = parseAbi([
  "error Error(string reason)",
  "error Panic(uint256 code)",
  "error FailedOp(uint256 opIndex, string reason)",
  "error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)",
  "error SignatureValidationFailed(address aggregator)",
  "error PostOpReverted(bytes returnData)",
  "error DelegateAndRevert(bool success, bytes ret)",
  "error AddressEmptyCode(address target)",
]);

const abi = [...pqAccountAbi, ...pqAccountFactoryAbi, ...otherErrorsAbi];

const panics: Record<string, string> = {
  "1": "assertion failed",
  "17": "arithmetic overflow or underflow",
  "18": "division by zero",
  "33": "invalid enum value",
  "34": "bad storage byte array",
  "49": "pop on an empty array",
  "50": "array index out of bounds",
  "65": "out of memory",
  "81": "call to an uninitialised function",
};

/** What each error means to the person who sent the operation, and what they can do. */
const explanations: Record<string, (args: readonly unknown[]) => string> = {
  Error: ([reason]) => `reverted: ${reason}`,
  Panic: ([code]) => `panicked: ${panics[String(code)] ?? `code ${code}`}`,
  FailedOp: ([, reason]) => String(reason),
  FailedOpWithRevert: ([, reason, inner]) => `${reason}: ${describeInner(inner as Hex)}`,
  FailedCall: () =>
    "a call failed without a reason (OpenZeppelin's FailedCall): the target reverted, or the account holds less ETH than the call sends once it has paid for gas",
  InsufficientBalance: ([balance, needed]) => `the account holds ${formatEther(balance as bigint)} ETH; this operation needs ${formatEther(needed as bigint)} ETH`,
  FailedDeployment: () => "the account's deployment failed (OpenZeppelin's FailedDeployment)",
  AddressEmptyCode: ([target]) => `${target} has no code: nothing is deployed there on this chain`,
  AccountUnauthorized: ([caller]) => `${caller} may not call the account: only the EntryPoint and the account itself may`,
  ERC7579DecodingError: () => "the account could not decode the batch of calls (ERC-7579 execution data)",
  ERC7579UnsupportedExecType: ([execType]) => `the account does not support ERC-7579 execution type ${execType}`,
  UnsupportedExecutionMode: () => "the account executes ERC-7821 batches only (mode 0x01…)",
  PQAccountInvalidPossessionProof: () =>
    "a new signer's proof of possession does not verify: it must be the new key's signature of getSignerPossessionHash for this account and chain",
  PQAccountProofsMismatch: ([signers, proofs]) => `${signers} signer(s) to add but ${proofs} proof(s) of possession: give one per signer`,
  PQAccountUnauthorizedInitializer: ([caller]) => `${caller} may not initialize the account: only its factory may`,
  ERC7913SignerGuardVerifierWithoutCode: ([verifier]) =>
    `the verifier ${verifier} has no code on this chain: put pq4337 there first ("pq4337 deploy" or deployPQ4337)`,
  ERC7913SignerGuardVerifierFailedProbe: ([verifier]) => `${verifier} did not answer as an ERC-7913 verifier: it is not one, or not for this key`,
  ERC7913SignerGuardUnattestedKey: () => "a signer's expanded key is not deployed and attested on this chain yet: deployExpandedKey does both",
  ERC7913SignerGuardNonCanonicalKey: () => "a signer's key is not in its canonical encoding: encode it with the SDK's signer",
  ERC7913SignerGuardDuplicateKey: () => "the same key is given twice, or is already a signer of the account",
  ERC7913SignerGuardInvalidSigner: () => "a signer is not a verifier address followed by a key",
  MultiSignerERC7913AlreadyExists: () => "the signer is already one of the account's signers",
  MultiSignerERC7913NonexistentSigner: () => "the signer to remove is not one of the account's signers",
  MultiSignerERC7913InvalidSigner: () => "a signer is shorter than a verifier address (20 bytes)",
  MultiSignerERC7913UnreachableThreshold: ([signers, threshold]) => `${signers} signer(s) cannot reach the threshold ${threshold}: remove fewer or lower it first`,
  MultiSignerERC7913ZeroThreshold: () => "the threshold must be at least 1",
};

/**
 * Decodes revert data a user operation met, by the account's, its factory's, the EntryPoint's, OpenZeppelin's and
 * Solidity's errors, into its name and a sentence that says what happened and what to do. `undefined` for data that
 * is none of those (or empty).
 *
 * @example
 * decodeRevert("0xd6bda275")?.name // "FailedCall"
 */
export function decodeRevert(data: Hex): DecodeRevertReturnType | undefined {
  if (size(data) < 4) return undefined;
  let decoded: { errorName: string; args?: readonly unknown[] | undefined };
  try {
    decoded = decodeErrorResult({ abi, data });
  } catch {
    return undefined;
  }
  const args = decoded.args ?? [];
  const explain = explanations[decoded.errorName];
  return { name: decoded.errorName, args, message: explain ? explain(args) : `reverted with ${decoded.errorName}` };
}

/** The revert data inside a FailedOpWithRevert, decoded when possible. */
function describeInner(inner: Hex): string {
  if (size(inner) < 4) return "reverted without data";
  return decodeRevert(inner)?.message ?? `reverted with ${slice(inner, 0, 4)}`;
}
