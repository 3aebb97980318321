// One user operation of a Safe with the Safe 4337 module 0.3.0 (EntryPoint v0.7) through the bundler, signed by
// the Safe's owners with the SDK's Safe actions: the e2e test's and the bench's Safe user operation.
import { type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport, encodeFunctionData, keccak256 } from "viem";
import { type UserOperation, type UserOperationReceipt, createBundlerClient, entryPoint07Abi, formatUserOperationRequest } from "viem/account-abstraction";
import { estimateFeesPerGas, estimateGas, readContract } from "viem/actions";
import { http } from "viem";
import {
  type PQ4337Signer,
  type SchemeName,
  encodeSafeOperationSignature,
  encodeSafeSignatures,
  getSafeOperationData,
  getSafeOwnerAddress,
  safe4337ModuleAbi,
  safeAbi,
  signSafeHash,
} from "@pq4337/sdk";

/**
 * Gas of the module's `validateUserOp` around the owners' checks (the fallback handler, `getOperationHash`,
 * `getThreshold`, the prefund), added to what `checkSignatures` needs.
 */
const moduleValidationGas = 100_000n;

export type SafeUserOperationParameters = {
  client: Client<Transport, Chain>;
  bundlerUrl: string;
  safe: Address;
  module: Address;
  entryPoint: Address;
  call: { to: Address; value: bigint; data?: Hex | undefined };
  /** The owners that sign (as many as the Safe's threshold). */
  signers: readonly (PQ4337Signer | LocalAccount)[];
  verifiers: Partial<Record<SchemeName, Address>>;
  /** Signs with these instead (e.g. a wrong key), under the owner addresses of `signers`. */
  signWith?: readonly (PQ4337Signer | LocalAccount)[] | undefined;
};

/** Builds the operation, has the bundler estimate its gas (with stub signatures), signs it and sends it. */
export async function prepareSafeUserOperation(parameters: SafeUserOperationParameters): Promise<UserOperation<"0.7">> {
  const { client, bundlerUrl, safe, module, entryPoint, call, signers, verifiers, signWith = signers } = parameters;
  const bundler = createBundlerClient({ client, transport: http(bundlerUrl), pollingInterval: 100 });
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
  /** The owners' signatures (what the Safe's `checkSignatures` reads) and the operation's signature field. */
  const sign = async (stub: boolean) => {
    const data = getSafeOperationData({ chainId: client.chain.id, module, entryPoint, userOperation: operation });
    const owners = await Promise.all(
      signers.map(async (signer, i) => {
        const signature = await signSafeHash({ hash: keccak256(data), signer: signWith[i]!, verifiers });
        const owner = "scheme" in signer ? getSafeOwnerAddress({ signer, verifiers }).owner : signer.address;
        // A stub takes the verifier's full path and fails (its size and gas are a real signature's).
        return { ...signature, owner, signature: stub && "scheme" in signer ? await signer.getStubSignature() : signature.signature };
      }),
    );
    const signatures = encodeSafeSignatures({ signatures: owners });
    return { data, signatures, field: encodeSafeOperationSignature({ signatures }) };
  };
  operation.signature = (await sign(true)).field;
  const estimate = (await bundler.request({
    method: "eth_estimateUserOperationGas",
    params: [formatUserOperationRequest(operation), entryPoint],
  } as never)) as { callGasLimit: Hex; verificationGasLimit: Hex; preVerificationGas: Hex };
  operation.callGasLimit = BigInt(estimate.callGasLimit);
  operation.verificationGasLimit = BigInt(estimate.verificationGasLimit);
  operation.preVerificationGas = BigInt(estimate.preVerificationGas);
  // The module turns a failed `checkSignatures` into SIG_VALIDATION_FAILED, so the bundler cannot tell a stub that
  // ran out of gas from one that was refused, and its estimate can fall short: on geth Alto answered 240,214 for a
  // Falcon-512 owner whose check alone needs more. The Safe's `checkSignatures` reverts when an owner's check fails
  // for any reason, so eth_estimateGas on it with the real signatures finds what they need. A signature the Safe
  // refuses has no such figure: the bundler's estimate stays, and the bundler refuses the operation (AA24).
  const real = await sign(false);
  const checkGas = await estimateGas(client, {
    to: safe,
    data: encodeFunctionData({ abi: safeAbi, functionName: "checkSignatures", args: [keccak256(real.data), real.data, real.signatures] }),
  }).catch(() => undefined);
  if (checkGas !== undefined && checkGas + moduleValidationGas > operation.verificationGasLimit) {
    operation.verificationGasLimit = checkGas + moduleValidationGas;
    operation.signature = (await sign(false)).field;
  } else operation.signature = real.field;
  return operation;
}

/** Sends a prepared operation and waits for its receipt. */
export async function sendSafeUserOperation(
  { client, bundlerUrl, entryPoint }: Pick<SafeUserOperationParameters, "client" | "bundlerUrl" | "entryPoint">,
  operation: UserOperation<"0.7">,
): Promise<UserOperationReceipt> {
  const bundler = createBundlerClient({ client, transport: http(bundlerUrl), pollingInterval: 100 });
  const hash = (await bundler.request({ method: "eth_sendUserOperation", params: [formatUserOperationRequest(operation), entryPoint] } as never)) as Hex;
  return bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 });
}
