import { type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport, encodeFunctionData, keccak256 } from "viem";
import { type UserOperation, entryPoint07Abi, formatUserOperationRequest } from "viem/account-abstraction";
import { estimateFeesPerGas, estimateGas, readContract } from "viem/actions";
import { VerificationGasEstimationFailedError, isExecutionRevert } from "../errors/estimate.js";
import { type EndpointUnreachableError, type UserOperationRejectedError, parseUserOperationError } from "../errors/userOperation.js";
import type { PQ4337Signer } from "../signers/types.js";
import { safe4337ModuleAbi, safeAbi } from "./abi.js";
import { type EncodeSafeSignaturesErrorType, encodeSafeSignatures } from "./encodeSafeSignatures.js";
import { encodeSafeOperationSignature, getSafeOperationData } from "./getSafeOperationHash.js";
import type { GetSafeOwnerAddressParameters } from "./getSafeOwnerAddress.js";
import { type SignSafeHashErrorType, signSafeHash } from "./signSafeHash.js";

export type PrepareSafeUserOperationParameters = {
  /** The chain: reads the EntryPoint's nonce and the fees, and estimates the owners' checks. */
  client: Client<Transport, Chain>;
  /** A client of the bundler (e.g. `createBundlerClient({ client, transport: http(bundlerUrl) })`). */
  bundlerClient: Client<Transport>;
  /** The Safe, with the Safe 4337 module 0.3.0 as its fallback handler and an enabled module. */
  safe: Address;
  module: Address;
  /** The EntryPoint v0.7 the module supports. */
  entryPoint: Address;
  /** The call the Safe makes (`executeUserOp`, a CALL). */
  call: { to: Address; value: bigint; data?: Hex | undefined };
  /** The owners that sign, as many as the Safe's threshold: post-quantum keys (as their Safe owners) or EOAs. */
  signers: readonly (PQ4337Signer | LocalAccount)[];
} & Pick<GetSafeOwnerAddressParameters, "verifiers" | "factory">;

export type PrepareSafeUserOperationReturnType = UserOperation<"0.7">;

export type PrepareSafeUserOperationErrorType =
  | SignSafeHashErrorType
  | EncodeSafeSignaturesErrorType
  | UserOperationRejectedError
  | EndpointUnreachableError
  | VerificationGasEstimationFailedError;

/**
 * Gas of the module's `validateUserOp` around the owners' checks (the fallback handler, `getOperationHash`,
 * `getThreshold`, the prefund), added to what the Safe's `checkSignatures` needs.
 */
const moduleValidationGas = 100_000n;

/**
 * A signed user operation (EntryPoint v0.7) of a Safe with the Safe 4337 module 0.3.0, whose owners may be
 * post-quantum keys (`ERC7913SafeOwner`s): its gas estimated, then signed by every owner in `signers`. Send it with
 * {@link sendSafeUserOperation}.
 *
 * The bundler estimates the operation with stub signatures, which the module's `checkSignatures` refuses; the
 * module turns any failed check into SIG_VALIDATION_FAILED, so the bundler cannot tell a stub that ran out of gas
 * from one that was refused, and its estimate can fall short (on geth, Alto answered 240,214 gas for a Falcon-512
 * owner whose check alone needs more). The Safe's own `checkSignatures` reverts when an owner's check fails, so the
 * owners' gas is also estimated on it, with the real signatures, and the larger figure is used.
 *
 * @example
 * const bundlerClient = createBundlerClient({ client, transport: http(bundlerUrl) })
 * const operation = await prepareSafeUserOperation({ client, bundlerClient, safe, module, entryPoint, call: { to, value }, signers: [falcon] })
 * const receipt = await sendSafeUserOperation({ bundlerClient, entryPoint, operation })
 */
export async function prepareSafeUserOperation(parameters: PrepareSafeUserOperationParameters): Promise<PrepareSafeUserOperationReturnType> {
  const { client, bundlerClient, safe, module, entryPoint, call, signers, verifiers, factory } = parameters;
  const fees = await estimateFeesPerGas(client);
  const operation: UserOperation<"0.7"> = {
    sender: safe,
    nonce: await readContract(client, { address: entryPoint, abi: entryPoint07Abi, functionName: "getNonce", args: [safe, 0n] }),
    callData: encodeFunctionData({ abi: safe4337ModuleAbi, functionName: "executeUserOp", args: [call.to, call.value, call.data ?? "0x", 0] }),
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    signature: "0x",
  };
  /** The owners' signatures (what `checkSignatures` reads) and the operation's signature field; a stub for each key. */
  const sign = async (stub: boolean) => {
    const data = getSafeOperationData({ chainId: client.chain.id, module, entryPoint, userOperation: operation });
    const owners = await Promise.all(
      signers.map(async (signer) => {
        const signed = await signSafeHash({ hash: keccak256(data), signer, verifiers, factory });
        // A stub takes the verifier's full path and fails: its size and gas are a real signature's.
        return stub && "scheme" in signer ? { ...signed, signature: await signer.getStubSignature() } : signed;
      }),
    );
    const signatures = encodeSafeSignatures({ signatures: owners });
    return { data, signatures, field: encodeSafeOperationSignature({ signatures }) };
  };

  operation.signature = (await sign(true)).field;
  const estimate = (await bundlerClient
    .request({ method: "eth_estimateUserOperationGas", params: [formatUserOperationRequest(operation), entryPoint] } as never)
    .catch((error: unknown) => {
      throw parseUserOperationError(error);
    })) as { callGasLimit: Hex; verificationGasLimit: Hex; preVerificationGas: Hex };
  operation.callGasLimit = BigInt(estimate.callGasLimit);
  operation.verificationGasLimit = BigInt(estimate.verificationGasLimit);
  operation.preVerificationGas = BigInt(estimate.preVerificationGas);

  // Signatures the Safe refuses revert and have no such figure: the bundler's estimate stays and the bundler refuses
  // (AA24). Any other failure throws rather than keep an estimate that can be too low.
  const real = await sign(false);
  const checkGas = await estimateGas(client, {
    to: safe,
    data: encodeFunctionData({ abi: safeAbi, functionName: "checkSignatures", args: [keccak256(real.data), real.data, real.signatures] }),
  }).catch((error: unknown) => {
    if (isExecutionRevert(error)) return undefined;
    throw new VerificationGasEstimationFailedError({ cause: error });
  });
  if (checkGas === undefined || checkGas + moduleValidationGas <= operation.verificationGasLimit) {
    operation.signature = real.field;
    return operation;
  }
  operation.verificationGasLimit = checkGas + moduleValidationGas;
  operation.signature = (await sign(false)).field;
  return operation;
}
