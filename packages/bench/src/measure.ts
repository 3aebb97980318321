import { performance } from "node:perf_hooks";
import { type Hex, hexToBytes, keccak256, parseEther, size, stringToHex } from "viem";
import {
  type PQ4337Signer,
  type Scheme,
  attestExpandedKey,
  decodeMultiSignature,
  deployCodeChunks,
  deployExpandedKey,
  hybridSigner,
  sendUserOperation,
  toPQSmartAccount,
} from "@pq4337/sdk";
import type { Measurement } from "./dataset.js";
import { type Environment, type PQBundlerClient, bundlerClientFor } from "./environment.js";
import { measureErc7562 } from "./erc7562.js";
import { calldataGas, summarise } from "./metrics.js";
import { measureFalconForms } from "./falconForms.js";
import { profileEd25519MultiScalarMul, profileEd25519TableWidths, profileVerify } from "./profile.js";
import { traceBundle } from "./trace.js";

export type MeasureOptions = {
  /** Steady-state user operations per scheme. */
  ops: number;
  /** Repetitions of each off-chain timing. */
  timingRuns: number;
  /** Accounts in the throughput burst (0 skips it). */
  burstAccounts: number;
};

/**
 * What one set of rows measures: a scheme of the registry, or a hybrid account whose every operation is signed
 * by each of its `components` (n of n). A hybrid is reported at its strongest component's security level, since
 * it stays secure while any of them does.
 */
export type BenchSubject = {
  name: string;
  variant: string;
  securityBits: number;
  nistCategory: 1 | 2 | 3 | 5 | undefined;
  components: readonly Scheme[];
};

/** Fixed seeds, so two runs of the same commit use the same keys and give the same gas. */
const seed = (scheme: string, label: string): Hex => keccak256(stringToHex(`pq4337-bench/${scheme}/${label}`));
const recipient = "0x000000000000000000000000000000000000dEaD";
const transferValue = 1000n;

/** Everything the suite measures for one scheme or hybrid, on-chain and off. */
export async function measureScheme(
  environment: Environment,
  subject: BenchSubject,
  options: MeasureOptions,
  progress: (message: string) => void,
): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  const [single] = subject.components.length === 1 ? subject.components : [undefined];
  const signers = subject.components.map((component) =>
    component.createSigner(seed(subject.name, single ? "account" : `account/${component.name}`)),
  );

  // 1. One-time setup: the expanded keys in contract code, then the account, created by its first operation.
  measurements.push(...(await measureExpandedKeySetup(environment, subject, signers, progress)));
  const bundler = await fundAccount(environment, single ? signers[0]! : hybridSigner(signers));
  const send = () => sendTransfer(environment, bundler, subject.name);
  const creation = await measureAccountCreation(environment, subject, send, progress);
  measurements.push(...creation.measurements);

  // 2. Steady state: the same transfer, each operation bundled alone.
  const steadyState = await measureSteadyState(environment, subject, signers.length, send, creation.transfer.signed, options, progress);
  measurements.push(...steadyState.measurements);

  if (!single) return [...measurements, ...(await measureHybridOffchain(signers as PQ4337Signer[], options))];

  // 3. Where verify spends its gas, for schemes with a profiler: the last operation's own signature, so that
  // the steps add up to its traced verify (the cost of some steps depends on the message).
  measurements.push(...(await profileVerifyGas(environment, subject, single, { publicKey: signers[0]!.publicKey, ...steadyState.lastSigned }, progress)));

  // 4. Off-chain costs and sizes.
  measurements.push(...(await measureOffchain(subject, single, signers[0]!, creation.transfer.input, options, progress)));

  // 5. Throughput: a burst of operations from several fresh accounts.
  if (options.burstAccounts > 0) {
    progress(`${subject.name}: burst of ${options.burstAccounts} operations`);
    measurements.push(...(await measureBurst(environment, single, options.burstAccounts)));
  }
  return measurements;
}

/**
 * The expanded keys' one-time setup: their deployment in contract code (receipt gas of every chunk) and their key
 * attestation. None for schemes whose key is self-contained.
 */
async function measureExpandedKeySetup(
  environment: Environment,
  subject: BenchSubject,
  signers: PQ4337Signer[],
  progress: (message: string) => void,
): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  const { client, walletClient } = environment;
  const expandedKeys = subject.components.flatMap((component, i) => component.toErc7913Key(signers[i]!.publicKey).expandedKey ?? []);
  if (expandedKeys.length > 0) {
    progress(`${subject.name}: deploying the expanded key${expandedKeys.length > 1 ? "s" : ""}`);
    let gas = 0;
    let contracts = 0;
    for (const expandedKey of expandedKeys) {
      const { transactionHashes } = await deployCodeChunks({ client, walletClient, data: expandedKey });
      const receipts = await Promise.all(transactionHashes.map((hash) => client.getTransactionReceipt({ hash })));
      gas += receipts.reduce((sum, receipt) => sum + Number(receipt.gasUsed), 0);
      contracts += receipts.length;
    }
    measurements.push({
      bench_name: "setup.expanded_key_deployment",
      surface: "setup",
      unit: "gas",
      gas,
      calldata_bytes: expandedKeys.reduce((sum, expandedKey) => sum + size(expandedKey), 0),
      notes: `${contracts} contract(s) through the CREATE2 deployer; 0 when already deployed`,
    });
    // The key attestation, once per key on a chain: the attestor recomputes E from pk (receipt gas of `attest`).
    progress(`${subject.name}: attesting the expanded key${expandedKeys.length > 1 ? "s" : ""}`);
    let attestationGas = 0;
    for (const signer of signers) {
      const { transactionHash } = await attestExpandedKey({ client, walletClient, signer });
      if (transactionHash) attestationGas += Number((await client.getTransactionReceipt({ hash: transactionHash })).gasUsed);
    }
    measurements.push({
      bench_name: "setup.key_attestation",
      surface: "setup",
      unit: "gas",
      gas: attestationGas,
      notes: "the key attestor's attest(pk): E recomputed from pk once per key, shared by every account; 0 when already attested",
    });
  }
  return measurements;
}

/** The signer's account at its counterfactual address, funded with 1 ETH, and a bundler client for it. */
async function fundAccount(environment: Environment, signer: ToPQSmartAccountSigner): Promise<PQBundlerClient> {
  const { client, walletClient } = environment;
  const account = await toPQSmartAccount({ client, signer });
  await client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: account.address, value: parseEther("1") }) });
  return bundlerClientFor(environment, account);
}

/** One ETH transfer user operation, sent and awaited, with what the stages read from it. */
async function sendTransfer(environment: Environment, bundler: PQBundlerClient, name: string) {
  const { client } = environment;
  const started = performance.now();
  const hash = await sendUserOperation(bundler, { calls: [{ to: recipient, value: transferValue }] });
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
  const latency = performance.now() - started;
  if (!receipt.success) throw new Error(`${name}: user operation ${hash} reverted`);
  const transaction = await client.getTransaction({ hash: receipt.receipt.transactionHash });
  const { userOperation } = await bundler.getUserOperation({ hash });
  return {
    receipt,
    latency,
    userOperation,
    input: transaction.input,
    verificationGasLimit: Number(userOperation.verificationGasLimit),
    // The account's signature wraps its signers': the profiler takes a single scheme's own signature.
    signed: { hash, signature: decodeMultiSignature(userOperation.signature)[0]!.signature },
  };
}

type Transfer = Awaited<ReturnType<typeof sendTransfer>>;
type ToPQSmartAccountSigner = Parameters<typeof toPQSmartAccount>[0]["signer"];

/** The first user operation, which creates the account: its bundle's gas and its ERC-7562 check. */
async function measureAccountCreation(
  environment: Environment,
  subject: BenchSubject,
  send: () => Promise<Transfer>,
  progress: (message: string) => void,
): Promise<{ transfer: Transfer; measurements: Measurement[] }> {
  progress(`${subject.name}: creating the account with its first user operation`);
  const creation = await send();
  const measurements: Measurement[] = [];
  measurements.push({
    bench_name: "setup.account_creation",
    surface: "setup",
    unit: "gas",
    gas: Number(creation.receipt.receipt.gasUsed),
    calldata_bytes: size(creation.input),
    notes: "bundle transaction of the first user operation: account creation (clone + initialize) and one ETH transfer",
  });
  measurements.push(await measureErc7562(environment, creation.userOperation, creation.receipt.receipt.blockNumber, "first_operation"));
  return { transfer: creation, measurements };
}

/**
 * `options.ops` steady-state transfers, each bundled alone: per operation its ERC-7562 check, the bundle's gas,
 * calldata and traced frames; then the sign-to-receipt latency. Returns the last operation's hash and signature.
 */
async function measureSteadyState(
  environment: Environment,
  subject: BenchSubject,
  signerCount: number,
  send: () => Promise<Transfer>,
  firstSigned: Transfer["signed"],
  options: MeasureOptions,
  progress: (message: string) => void,
): Promise<{ measurements: Measurement[]; lastSigned: Transfer["signed"] }> {
  const { client } = environment;
  const measurements: Measurement[] = [];
  const latencies: number[] = [];
  let lastSigned = firstSigned;
  for (let index = 0; index < options.ops; index++) {
    progress(`${subject.name}: user operation ${index + 1}/${options.ops}`);
    const { receipt, latency, userOperation, input, verificationGasLimit, signed } = await send();
    measurements.push(await measureErc7562(environment, userOperation, receipt.receipt.blockNumber, "steady_state"));
    latencies.push(latency);
    lastSigned = signed;
    const frames = await traceBundle(client, receipt.receipt.transactionHash);
    const calldata = calldataGas(hexToBytes(input));
    const op = `op ${index + 1}/${options.ops}`;
    measurements.push(
      {
        bench_name: "handleOps.transfer",
        surface: "handleOps",
        unit: "gas",
        gas: Number(receipt.receipt.gasUsed),
        calldata_bytes: size(input),
        notes: `${op}; bundle transaction gasUsed`,
      },
      {
        bench_name: "handleOps.actualGasUsed",
        surface: "handleOps",
        unit: "gas",
        gas: Number(receipt.actualGasUsed),
        notes: `${op}; UserOperationEvent.actualGasUsed (what the account is charged)`,
      },
    );
    measurements.push({
      bench_name: "handleOps.calldata",
      surface: "handleOps",
      unit: "gas",
      gas: calldata.eip2028,
      calldata_bytes: size(input),
      notes: `${op}; EIP-2028 calldata gas of the bundle transaction (EIP-7623 floor ${calldata.eip7623Floor}, binding only when above calldata + execution)`,
    });
    if (frames.execute !== null)
      measurements.push({ bench_name: "handleOps.execute", surface: "handleOps", unit: "gas", gas: frames.execute, notes: `${op}; callTracer frame EntryPoint → account execute` });
    measurements.push({
      bench_name: "validateUserOp.verificationGasLimit",
      surface: "validateUserOp",
      unit: "gas",
      gas: verificationGasLimit,
      notes: `${op}; the user operation's declared verificationGasLimit (the SDK's estimate), what ERC-7562's MAX_VERIFICATION_GAS bounds`,
    });
    if (frames.validateUserOp !== null)
      measurements.push({ bench_name: "validateUserOp", surface: "validateUserOp", unit: "gas", gas: frames.validateUserOp, notes: `${op}; callTracer frame EntryPoint → account` });
    if (frames.verify !== null)
      measurements.push({
        bench_name: "verify",
        surface: "verify",
        unit: "gas",
        gas: frames.verify,
        notes: `${op}; callTracer frame${signerCount > 1 ? "s" : ""} account → verifier (ERC-7913 verify${signerCount > 1 ? ", summed over the signers" : ""})`,
      });
  }
  if (latencies.length > 0)
    measurements.push({
      bench_name: "latency.sign_to_receipt",
      surface: "latency",
      unit: "ms",
      timing: summarise(latencies),
      notes: "sign → eth_sendUserOperation → receipt, one operation at a time",
    });
  return { measurements, lastSigned };
}

/**
 * Where a single scheme's verify spends its gas on one signed operation: the profiler's steps, Ed25519's
 * multi-scalar multiplication parts and table widths, Falcon's signature forms.
 */
async function profileVerifyGas(
  environment: Environment,
  subject: BenchSubject,
  single: Scheme,
  signed: { publicKey: Hex } & Transfer["signed"],
  progress: (message: string) => void,
): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  const profile = await profileVerify(environment, single, signed);
  if (profile) {
    if (!profile.valid) throw new Error(`${subject.name}: the profiler rejected a valid signature`);
    profile.stages.forEach((stage, index) =>
      measurements.push({ bench_name: `verify.stage.${index + 1}`, surface: "verify", unit: "gas", gas: stage.gas, notes: stage.name }),
    );
  }
  if (single.name === "ed25519") {
    const parts = await profileEd25519MultiScalarMul(environment, signed);
    parts.forEach((part, index) =>
      measurements.push({ bench_name: `verify.ed25519_msm.${index + 1}`, surface: "verify", unit: "gas", gas: part.gas, value: part.additions, notes: part.name }),
    );
    for (const { width, gas, additions } of await profileEd25519TableWidths(environment, signed))
      measurements.push({
        bench_name: `verify.ed25519_table_width.${width}`,
        surface: "verify",
        unit: "gas",
        ...(gas === undefined ? {} : { gas }),
        value: additions,
        notes: `b's additions over base-point tables of width ${width}`,
      });
  }

  if (single.name === "falcon512" || single.name === "falcon1024") {
    progress(`${subject.name}: verify by signature form and HashToPoint length`);
    measurements.push(...(await measureFalconForms(environment, single)));
  }
  return measurements;
}

/** A single scheme's off-chain timings (key generation, signing, verification, key expansion) and sizes. */
async function measureOffchain(
  subject: BenchSubject,
  single: Scheme,
  key: PQ4337Signer,
  creationInput: Hex,
  options: MeasureOptions,
  progress: (message: string) => void,
): Promise<Measurement[]> {
  progress(`${subject.name}: off-chain timings`);
  const hash = keccak256(stringToHex("pq4337-bench message"));
  const signature = await key.sign({ hash });
  return [
    await timing("offchain.keygen", options.timingRuns, (run) => single.createSigner(seed(subject.name, `keygen-${run}`))),
    await timing("offchain.sign", options.timingRuns, () => key.sign({ hash })),
    await timing("offchain.verify", options.timingRuns, () => single.verify(key.publicKey, hash, signature)),
    await timing("offchain.key_expansion", options.timingRuns, () => single.toErc7913Key(key.publicKey)),
    { bench_name: "size.public_key", surface: "size", unit: "bytes", value: size(key.publicKey) },
    { bench_name: "size.signature", surface: "size", unit: "bytes", value: size(signature) },
    { bench_name: "size.erc7913_key", surface: "size", unit: "bytes", value: size(key.key) },
    { bench_name: "size.handleops_calldata", surface: "size", unit: "bytes", value: size(creationInput), notes: "handleOps calldata of a one-operation bundle (with initCode)" },
  ];
}

/** A hybrid's off-chain figures: signing by all its keys, and the sizes of its keys and signatures together. */
async function measureHybridOffchain(signers: PQ4337Signer[], options: MeasureOptions): Promise<Measurement[]> {
  const hash = keccak256(stringToHex("pq4337-bench message"));
  const signatures = await Promise.all(signers.map((signer) => signer.sign({ hash })));
  const total = (values: Hex[]) => values.reduce((sum, value) => sum + size(value), 0);
  return [
    await timing("offchain.sign", options.timingRuns, () => Promise.all(signers.map((signer) => signer.sign({ hash })))),
    { bench_name: "size.public_key", surface: "size", unit: "bytes", value: total(signers.map((signer) => signer.publicKey)), notes: "all keys" },
    { bench_name: "size.signature", surface: "size", unit: "bytes", value: total(signatures), notes: "all signatures, before the account's ABI encoding" },
    { bench_name: "size.erc7913_key", surface: "size", unit: "bytes", value: total(signers.map((signer) => signer.key)), notes: "all ERC-7913 keys" },
  ];
}

async function timing(bench_name: string, runs: number, work: (run: number) => unknown): Promise<Measurement> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    samples.push(performance.now() - started);
  }
  return { bench_name, surface: "offchain", unit: "ms", timing: summarise(samples) };
}

async function measureBurst(environment: Environment, scheme: Scheme, accounts: number): Promise<Measurement[]> {
  const { client, walletClient } = environment;
  const bundlers: PQBundlerClient[] = [];
  for (let index = 0; index < accounts; index++) {
    const signer = scheme.createSigner(seed(scheme.name, `burst-${index}`));
    await deployExpandedKey({ client, walletClient, signer });
    const account = await toPQSmartAccount({ client, signer });
    await client.waitForTransactionReceipt({ hash: await walletClient.sendTransaction({ to: account.address, value: parseEther("1") }) });
    const bundler = bundlerClientFor(environment, account);
    // Create the account first, so the burst measures steady-state operations.
    const hash = await sendUserOperation(bundler, { calls: [{ to: recipient, value: transferValue }] });
    await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50 });
    bundlers.push(bundler);
  }
  const started = performance.now();
  const hashes = await Promise.all(bundlers.map((bundler) => sendUserOperation(bundler, { calls: [{ to: recipient, value: transferValue }] })));
  const receipts = await Promise.all(hashes.map((hash, index) => bundlers[index]!.waitForUserOperationReceipt({ hash, pollingInterval: 50 })));
  const seconds = (performance.now() - started) / 1000;
  const blocks = [...new Set(receipts.map((receipt) => receipt.receipt.blockNumber))];
  const blockGas = await Promise.all(blocks.map(async (number) => Number((await client.getBlock({ blockNumber: number })).gasUsed)));
  return [
    {
      bench_name: "throughput.burst",
      surface: "throughput",
      unit: "ops/s",
      value: Math.round((accounts / seconds) * 100) / 100,
      notes: `${accounts} operations from ${accounts} accounts sent at once, ${blocks.length} block(s)`,
    },
    {
      bench_name: "throughput.gas_per_block",
      surface: "throughput",
      unit: "gas/block",
      value: Math.round(blockGas.reduce((sum, gas) => sum + gas, 0) / blocks.length),
      notes: `mean gasUsed of the ${blocks.length} block(s) that carried the burst`,
    },
  ];
}
