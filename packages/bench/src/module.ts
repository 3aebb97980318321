import { type Address, type Hex, hexToBytes, http, keccak256, parseEther, size, stringToHex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import {
  deployExpandedKey,
  deployPQValidatorModule,
  getInstallPQValidatorCall,
  hybridSigner,
  pqValidator,
  sendUserOperation,
  toErc7579SmartAccount,
} from "@pq4337/sdk";
import type { Measurement, Row } from "./dataset.js";
import type { Environment } from "./environment.js";
import { deployErc7579Example, toOwnedErc7579Account } from "./erc7579Example.js";
import { measureErc7562 } from "./erc7562.js";
import type { BenchSubject } from "./measure.js";
import { calldataGas } from "./metrics.js";
import { traceBundle } from "./trace.js";

/** The subjects measured through the ERC-7579 validator module too: a post-quantum key alone, and a hybrid. */
export const moduleSubjects = ["falcon512", "ecdsa+mldsa65"];

const seed = (subject: string, label: string): Hex => keccak256(stringToHex(`pq4337-bench/module/${subject}/${label}`));
const recipient = "0x000000000000000000000000000000000000dEaD";

/**
 * The same ETH transfer as the PQAccount rows, from an ERC-7579 account (OpenZeppelin's AccountERC7579, created with
 * an ECDSA owner validator) that installed PQValidatorModule with `subject`'s keys and sends through it: the install's
 * gas, then per steady-state operation the bundle's gas split by frame (the account's validateUserOp, of which the
 * module's, of which the verifiers'), and the ERC-7562 verdict. Rows are `module.*` on surface "module".
 */
export async function measureModule(
  environment: Environment,
  subject: BenchSubject,
  { ops }: { ops: number },
  progress: (message: string) => void,
): Promise<Measurement[]> {
  const { client, walletClient } = environment;
  const measurements: Measurement[] = [];
  progress(`${subject.name}: through the ERC-7579 validator module`);
  const { address: module } = await deployPQValidatorModule({ client, walletClient });
  const example = await deployErc7579Example({ client, walletClient });
  const owned = await toOwnedErc7579Account({ client, example, ownerKey: seed(subject.name, "owner"), salt: seed(subject.name, "salt") });
  const { address } = owned;
  await client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: address, value: parseEther("1") }) });

  const signers = subject.components.map((component) => component.createSigner(seed(subject.name, component.name)));
  // Each post-quantum key's expanded key in code and attested (the module's guard requires the attestation).
  for (const key of signers) await deployExpandedKey({ client, walletClient, signer: key });
  const signer = signers.length === 1 ? signers[0]! : hybridSigner(signers);

  const send = async (account: typeof owned, calls: { to: Address; value?: bigint; data?: Hex }[]) => {
    const bundler = createBundlerClient({ account, client, transport: http(environment.bundlerUrl), pollingInterval: 50 });
    const hash = await sendUserOperation(bundler, { calls });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    if (!receipt.success) throw new Error(`${subject.name}: user operation ${hash} reverted`);
    const { userOperation } = await bundler.getUserOperation({ hash });
    return { receipt, userOperation };
  };

  // The owner's first operation creates the account; the second installs the module (its gas alone).
  await send(owned, [{ to: recipient, value: 1n }]);
  const install = await send(owned, [await getInstallPQValidatorCall({ client, account: address, signer, module })]);
  measurements.push({
    bench_name: "module.setup.install",
    surface: "module",
    unit: "gas",
    gas: Number(install.receipt.receipt.gasUsed),
    notes: "bundle transaction of the owner's operation installModule(1, module, signers + proofs of possession): guard, proofs, storage",
  });

  const account = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer, module }) });
  for (let index = 0; index < ops + 1; index++) {
    const { receipt, userOperation } = await send(account, [{ to: recipient, value: 1000n }]);
    // The module's nonce key opens with the first operation (a zero-slot write): that one is not steady state.
    if (index === 0) continue;
    const op = `op ${index}/${ops}`;
    const transaction = await client.getTransaction({ hash: receipt.receipt.transactionHash });
    const frames = await traceBundle(client, receipt.receipt.transactionHash);
    const erc7562 = await measureErc7562(environment, userOperation, receipt.receipt.blockNumber, "steady_state");
    const rows: [string, number | null, string][] = [
      ["module.handleOps.transfer", Number(receipt.receipt.gasUsed), "bundle transaction gasUsed"],
      ["module.handleOps.actualGasUsed", Number(receipt.actualGasUsed), "UserOperationEvent.actualGasUsed"],
      ["module.handleOps.calldata", calldataGas(hexToBytes(transaction.input)).eip2028, "EIP-2028 calldata gas of the bundle transaction"],
      ["module.handleOps.execute", frames.execute, "callTracer frame EntryPoint → account execute"],
      ["module.validateUserOp", frames.validateUserOp, "callTracer frame EntryPoint → account validateUserOp"],
      ["module.validator", frames.validator, "callTracer frame account → PQValidatorModule validateUserOp"],
      ["module.verify", frames.verify, "callTracer frames module → verifier (ERC-7913 verify, summed over the signers)"],
      ["module.verificationGasLimit", Number(userOperation.verificationGasLimit), "declared verificationGasLimit (the SDK's pqValidator estimate)"],
    ];
    for (const [bench_name, gas, notes] of rows)
      if (gas !== null) measurements.push({ bench_name, surface: "module", unit: "gas", gas, calldata_bytes: bench_name === "module.handleOps.transfer" ? size(transaction.input) : undefined, notes: `${op}; ${notes}` });
    measurements.push({ ...erc7562, bench_name: "module.erc7562.steady_state", surface: "module" });
  }
  return measurements;
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? "–" : value.toLocaleString("en-US"));

/** The report's module section: each subject through PQValidatorModule beside its PQAccount, and where the gas goes. */
export function moduleSection(allRows: Row[]): string[] {
  const primaryFork = allRows[0]?.hardfork ?? null;
  const rows = allRows.filter((row) => row.hardfork === primaryFork);
  const subjects = [...new Set(rows.filter((row) => row.surface === "module").map((row) => row.scheme))];
  if (subjects.length === 0) return [];
  const gas = (scheme: string, bench: string) => rows.find((row) => row.scheme === scheme && row.bench_name === bench && row.gas !== null)?.gas ?? undefined;
  const lines = [
    "## Through the ERC-7579 validator module",
    "",
    "The same ETH transfer from an ERC-7579 account (OpenZeppelin's `AccountERC7579`, EntryPoint v0.8) that installed `PQValidatorModule` with the same keys, beside the `PQAccount` row. validateUserOp is the EntryPoint → account frame; of which the module's frame (account → module), of which verify (module → verifiers). The rest of the module frame is the module's own work (threshold and membership reads, decoding, the calls); the rest of validateUserOp is the account's (the module lookup, the call, the prefund). ERC-7562: the steady-state operation's rules as checked on the node (geth has the tracer; anvil reports not checked).",
    "",
    "| scheme | account | handleOps | actualGasUsed | calldata | validateUserOp | of which module | of which verify | module's own | account's own | execute | verificationGasLimit | install | ERC-7562 (steady state) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const scheme of subjects) {
    const [validate, module, verify] = [gas(scheme, "module.validateUserOp"), gas(scheme, "module.validator"), gas(scheme, "module.verify")];
    const diff = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a - b);
    const erc7562 = rows.find((row) => row.scheme === scheme && row.bench_name === "module.erc7562.steady_state")?.notes ?? "–";
    lines.push(
      `| ${scheme} | PQAccount | ${fmt(gas(scheme, "handleOps.transfer"))} | ${fmt(gas(scheme, "handleOps.actualGasUsed"))} | ${fmt(gas(scheme, "handleOps.calldata"))} | ${fmt(gas(scheme, "validateUserOp"))} | – | ${fmt(gas(scheme, "verify"))} | – | ${fmt(diff(gas(scheme, "validateUserOp"), gas(scheme, "verify")))} | ${fmt(gas(scheme, "handleOps.execute"))} | ${fmt(gas(scheme, "validateUserOp.verificationGasLimit"))} | – | ${rows.find((row) => row.scheme === scheme && row.bench_name === "erc7562.steady_state")?.notes ?? "–"} |`,
      `| ${scheme} | ERC-7579 + module | ${fmt(gas(scheme, "module.handleOps.transfer"))} | ${fmt(gas(scheme, "module.handleOps.actualGasUsed"))} | ${fmt(gas(scheme, "module.handleOps.calldata"))} | ${fmt(validate)} | ${fmt(module)} | ${fmt(verify)} | ${fmt(diff(module, verify))} | ${fmt(diff(validate, module))} | ${fmt(gas(scheme, "module.handleOps.execute"))} | ${fmt(gas(scheme, "module.verificationGasLimit"))} | ${fmt(gas(scheme, "module.setup.install"))} | ${erc7562} |`,
    );
  }
  return lines;
}
