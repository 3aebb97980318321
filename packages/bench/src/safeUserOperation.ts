// One user operation of a Safe with the Safe 4337 module 0.3.0 (EntryPoint v0.7) through the bundler, signed by
// the Safe's owners with the SDK's Safe actions: the e2e test's and the bench's Safe user operation.
import { type Address, type Chain, type Client, type Hex, type LocalAccount, type Transport, encodeFunctionData } from "viem";
import { type UserOperation, type UserOperationReceipt, createBundlerClient, entryPoint07Abi, formatUserOperationRequest } from "viem/account-abstraction";
import { estimateFeesPerGas, readContract } from "viem/actions";
import { http } from "viem";
import { type PQ4337Signer, type SchemeName, encodeSafeOperationSignature, encodeSafeSignatures, getSafeOperationHash, getSafeOwnerAddress, safe4337ModuleAbi, signSafeHash } from "@pq4337/sdk";

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
  const sign = async (stub: boolean) => {
    const hash = getSafeOperationHash({ chainId: client.chain.id, module, entryPoint, userOperation: operation });
    const signatures = await Promise.all(
      signers.map(async (signer, i) => {
        const signature = await signSafeHash({ hash, signer: signWith[i]!, verifiers });
        const owner = "scheme" in signer ? getSafeOwnerAddress({ signer, verifiers }).owner : signer.address;
        // A stub takes the verifier's full path and fails (its size and gas are a real signature's).
        return { ...signature, owner, signature: stub && "scheme" in signer ? await signer.getStubSignature() : signature.signature };
      }),
    );
    return encodeSafeOperationSignature({ signatures: encodeSafeSignatures({ signatures }) });
  };
  operation.signature = await sign(true);
  const estimate = (await bundler.request({
    method: "eth_estimateUserOperationGas",
    params: [formatUserOperationRequest(operation), entryPoint],
  } as never)) as { callGasLimit: Hex; verificationGasLimit: Hex; preVerificationGas: Hex };
  operation.callGasLimit = BigInt(estimate.callGasLimit);
  // The stub fails after the full verification; the real signature returns a little later.
  operation.verificationGasLimit = (BigInt(estimate.verificationGasLimit) * 11n) / 10n;
  operation.preVerificationGas = BigInt(estimate.preVerificationGas);
  operation.signature = await sign(false);
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
