import { type Abi, type Address, type Hex, decodeFunctionResult, encodeFunctionData } from "viem";
import { call } from "viem/actions";
import { type Scheme, getPQ4337Addresses, toCodeChunks } from "@pq4337/sdk";
import {
  ed25519ProfilerAbi,
  ed25519ProfilerDeployedBytecode,
  falconProfilerAbi,
  falconProfilerDeployedBytecode,
  keccakF1600MeterAbi,
  keccakF1600MeterDeployedBytecode,
  mldsa44ProfilerAbi,
  mldsa44ProfilerDeployedBytecode,
  mldsa65ProfilerAbi,
  mldsa65ProfilerDeployedBytecode,
  mldsa87ProfilerAbi,
  mldsa87ProfilerDeployedBytecode,
} from "./generated/instruments.js";
import type { Environment } from "./environment.js";

/**
 * Profilers: contracts (in contracts/metering) that run a verifier's steps in order with a gas reading between
 * them. A scheme without one is reported by its total only.
 */
const profilers: Record<string, { abi: Abi; code: Hex; args: (key: Hex, hash: Hex, signature: Hex) => readonly unknown[] }> = {
  mldsa44: { abi: mldsa44ProfilerAbi, code: mldsa44ProfilerDeployedBytecode, args: (...args) => args },
  mldsa65: { abi: mldsa65ProfilerAbi, code: mldsa65ProfilerDeployedBytecode, args: (...args) => args },
  mldsa87: { abi: mldsa87ProfilerAbi, code: mldsa87ProfilerDeployedBytecode, args: (...args) => args },
  // FalconProfiler serves both degrees: log2(n) comes first.
  falcon512: { abi: falconProfilerAbi, code: falconProfilerDeployedBytecode, args: (...args) => [9n, ...args] },
  falcon1024: { abi: falconProfilerAbi, code: falconProfilerDeployedBytecode, args: (...args) => [10n, ...args] },
  // Ed25519Profiler reads the base-point table's address from the deployed verifier.
  ed25519: { abi: ed25519ProfilerAbi, code: ed25519ProfilerDeployedBytecode, args: (...args) => [getPQ4337Addresses().verifiers.ed25519, ...args] },
};

/** Where the profiler's code is placed for the call; nothing is deployed there. */
const profilerAddress: Address = "0x00000000000000000000000000000000009e7e13";

export type VerifyProfile = { stages: { name: string; gas: number }[]; valid: boolean };

/** The gas of each step of `scheme`'s verifier for one signature, or `undefined` if it has no profiler. */
export async function profileVerify(
  environment: Environment,
  scheme: Scheme,
  parameters: { publicKey: Hex; hash: Hex; signature: Hex },
): Promise<VerifyProfile | undefined> {
  const profiler = profilers[scheme.name];
  if (!profiler) return undefined;
  const { key, expandedKey } = scheme.toErc7913Key(parameters.publicKey);
  const chunks = (expandedKey ? toCodeChunks(expandedKey) : []).map(({ address, runtimeCode }) => ({ address, code: runtimeCode }));
  const names = (await readInstrument(environment, profiler, "stages")) as readonly string[];
  const [gas, valid] = (await readInstrument(environment, profiler, "profile", profiler.args(key, parameters.hash, parameters.signature), chunks)) as [
    readonly bigint[],
    boolean,
  ];
  return { stages: names.map((name, index) => ({ name, gas: Number(gas[index]) })), valid };
}

/** One part of Ed25519's multi-scalar multiplication: its gas and how many point additions it makes. */
export type Ed25519MultiScalarMulPart = { name: string; gas: number; additions: number };

const ed25519MultiScalarMulPartNames = [
  "R's and A's odd multiples, digit words cleared, 129 doublings (every scalar zero)",
  "b = c·S mod L over B and [2^128]B: recoding, table reads (EXTCODECOPY, the first cold), additions",
  "c over R: recoding, subtractions of R's multiples",
  "a over A: recoding, additions of A's multiples",
];

/**
 * Where Ed25519's multi-scalar multiplication spends its gas for one signature, by difference (the profiler's
 * `multiScalarMulParts`: the routine with every scalar zero, then what each scalar alone adds to it).
 */
export async function profileEd25519MultiScalarMul(
  environment: Environment,
  parameters: { publicKey: Hex; hash: Hex; signature: Hex },
): Promise<Ed25519MultiScalarMulPart[]> {
  const [gas, additions] = (await readInstrument(environment, profilers.ed25519!, "multiScalarMulParts", [
    getPQ4337Addresses().verifiers.ed25519,
    parameters.publicKey,
    parameters.hash,
    parameters.signature,
  ])) as [readonly bigint[], readonly bigint[]];
  return ed25519MultiScalarMulPartNames.map((name, index) => ({ name, gas: Number(gas[index]), additions: Number(additions[index]) }));
}

/** Gas of one on-chain Keccak-f[1600] permutation, the unit of every SHAKE step above. */
export async function keccakPermutationGas(environment: Environment): Promise<number> {
  const meter = { abi: keccakF1600MeterAbi, code: keccakF1600MeterDeployedBytecode };
  return Number(await readInstrument(environment, meter, "permutationGas"));
}

/**
 * `functionName(args)` of an instrument by `eth_call`, its code placed at {@link profilerAddress} (and `code`, such as
 * a key's chunks, at theirs) for the call only.
 */
async function readInstrument(
  environment: Environment,
  instrument: { abi: Abi; code: Hex },
  functionName: string,
  args: readonly unknown[] = [],
  code: { address: Address; code: Hex }[] = [],
): Promise<unknown> {
  const { data } = await call(environment.client, {
    to: profilerAddress,
    data: encodeFunctionData({ abi: instrument.abi, functionName, args }),
    stateOverride: [{ address: profilerAddress, code: instrument.code }, ...code],
  });
  return decodeFunctionResult({ abi: instrument.abi, functionName, data: data! });
}
