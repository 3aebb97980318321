// The Safe stage: what a post-quantum owner costs a Safe (1.4.1), beside PQAccount's rows. Two paths, each split into
// the Falcon-512 verify (the ERC-7913 gas meter on the same hash and signature) and the rest (Safe, the owner contract, and
// for the user operation Safe's 4337 module and EntryPoint v0.7).
import { type Address, type Hex, http, keccak256, stringToHex, zeroAddress } from "viem";
import { type UserOperation, createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import {
  type PQ4337Signer,
  deployExpandedKey,
  deploySafeOwner,
  encodeSafeSignatures,
  executeSafeTransaction,
  getAddSafeOwnerTransaction,
  getErc7913Signer,
  getPQ4337Addresses,
  getSafeOperationHash,
  getSafeTransactionHash,
  measureVerifyGas,
  prepareSafeUserOperation,
  safeAbi,
  schemes,
  sendSafeUserOperation,
  signSafeHash,
} from "@pq4337/sdk";
import type { Measurement } from "./dataset.js";
import type { Environment } from "./environment.js";
import { createSafe, deploySafeContracts } from "./safeContracts.js";

/** The Safe rows: `scheme` is the Safe's owners (the hybrid Safe's transaction, the Falcon-512-only Safe's operation). */
export type SafeMeasurement = Measurement & { scheme: "ecdsa+falcon512" | "falcon512" };

export async function measureSafe(environment: Environment, progress: (message: string) => void): Promise<SafeMeasurement[]> {
  const { client, walletClient } = environment;
  const clients = { client, walletClient };
  const verifiers = getPQ4337Addresses().verifiers;
  const seed = (label: string): Hex => keccak256(stringToHex(`bench/safe/${label}`));
  const falcon = schemes.falcon512!.createSigner(seed("falcon512"));
  const ecdsa = privateKeyToAccount(seed("ecdsa"));
  const recipient = privateKeyToAccount(seed("recipient")).address;
  progress("Safe 1.4.1: a hybrid ECDSA + Falcon-512 Safe's transfer, and a Falcon-512 Safe's user operation (4337 module 0.3.0, EntryPoint v0.7)");
  const contracts = await deploySafeContracts(clients);
  await deployExpandedKey({ client, walletClient, signer: falcon });
  const { owner } = await deploySafeOwner({ ...clients, signer: falcon });
  const fund = async (safe: Address) => client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: safe, value: 10n ** 17n }) });
  const verifyGas = async (hash: Hex, signature: Hex) => {
    const { verifier } = getErc7913Signer({ signer: falcon, verifiers });
    const { valid, gas } = await measureVerifyGas({ client, verifier, key: falcon.key, hash, signature });
    if (!valid) throw new Error("the Safe's Falcon-512 signature does not verify in the gas meter");
    return gas;
  };

  // The hybrid Safe: created 1-of-1 ECDSA, made ECDSA + Falcon-512 (threshold 2) by one Safe transaction.
  const safe = await createSafe({ ...clients, contracts, owners: [ecdsa.address], threshold: 1n, saltNonce: 1n });
  await fund(safe);
  const addOwner = await getAddSafeOwnerTransaction({ client, safe, owner, threshold: 2 });
  const addOwnerHash = getSafeTransactionHash({ safe, chainId: client.chain.id, transaction: addOwner });
  await executeSafeTransaction({ ...clients, safe, transaction: addOwner, signatures: encodeSafeSignatures({ signatures: [await signSafeHash({ hash: addOwnerHash, signer: ecdsa })] }) });
  const transfer = { ...addOwner, to: recipient, value: 1n, data: "0x" as Hex, gasToken: zeroAddress, nonce: await client.readContract({ address: safe, abi: safeAbi, functionName: "nonce" }) };
  const hash = getSafeTransactionHash({ safe, chainId: client.chain.id, transaction: transfer });
  const signatures = [await signSafeHash({ hash, signer: ecdsa }), await signSafeHash({ hash, signer: falcon as PQ4337Signer, verifiers })];
  const receipt = await executeSafeTransaction({ ...clients, safe, transaction: transfer, signatures: encodeSafeSignatures({ signatures }) });
  if (receipt.status !== "success") throw new Error(`the hybrid Safe's transfer failed: ${receipt.transactionHash}`);
  const transactionVerify = await verifyGas(hash, signatures[1]!.signature);
  const transactionNote = `Safe 1.4.1 execTransaction of an ETH transfer, owners ECDSA + Falcon-512 (ERC7913SafeOwner), threshold 2; transaction ${receipt.transactionHash}`;

  // The Falcon-512 Safe as an ERC-4337 account.
  const accountSafe = await createSafe({ ...clients, contracts, owners: [owner], threshold: 1n, erc4337: true, saltNonce: 2n });
  await fund(accountSafe);
  const bundlerClient = createBundlerClient({ client, transport: http(environment.bundlerUrl), pollingInterval: 100 });
  const parameters = {
    client,
    bundlerClient,
    safe: accountSafe,
    module: contracts.safe4337Module,
    entryPoint: contracts.entryPoint07,
    call: { to: recipient, value: 1n },
    signers: [falcon],
    verifiers,
  };
  // The first operation pays for the first nonce and the module's first calls; the second is the steady state.
  const send = async (operation: UserOperation<"0.7">) => sendSafeUserOperation({ bundlerClient, entryPoint: contracts.entryPoint07, operation });
  await send(await prepareSafeUserOperation(parameters));
  const operation = await prepareSafeUserOperation(parameters);
  const operationReceipt = await send(operation);
  if (!operationReceipt.success) throw new Error(`the Safe's user operation failed: ${operationReceipt.userOpHash}`);
  const { signature: _, ...unsigned } = operation;
  const operationHash = getSafeOperationHash({ chainId: client.chain.id, module: contracts.safe4337Module, entryPoint: contracts.entryPoint07, userOperation: unsigned });
  // The Falcon-512 signature: after validAfter, validUntil (12 bytes), the 65-byte entry and the 32-byte length.
  const operationSignature = `0x${operation.signature.slice(2 + 2 * (12 + 65 + 32))}` as Hex;
  const operationVerify = await verifyGas(operationHash, operationSignature);
  const operationNote = `Safe 1.4.1 + Safe4337Module 0.3.0, EntryPoint v0.7 through Alto, one ETH transfer, owner Falcon-512 (ERC7913SafeOwner), threshold 1, steady state; transaction ${operationReceipt.receipt.transactionHash}`;

  return [
    { scheme: "ecdsa+falcon512", bench_name: "safe.execTransaction", surface: "safe", unit: "gas", gas: Number(receipt.gasUsed), notes: transactionNote },
    { scheme: "ecdsa+falcon512", bench_name: "safe.execTransaction.verify", surface: "safe", unit: "gas", gas: transactionVerify, notes: "Falcon-512 verify of the Safe transaction hash (ERC7913GasMeter)" },
    { scheme: "falcon512", bench_name: "safe.handleOps.transfer", surface: "safe", unit: "gas", gas: Number(operationReceipt.receipt.gasUsed), notes: operationNote },
    { scheme: "falcon512", bench_name: "safe.handleOps.actualGasUsed", surface: "safe", unit: "gas", gas: Number(operationReceipt.actualGasUsed), notes: operationNote },
    { scheme: "falcon512", bench_name: "safe.handleOps.verify", surface: "safe", unit: "gas", gas: operationVerify, notes: "Falcon-512 verify of the SafeOp hash (ERC7913GasMeter)" },
  ];
}
