import { type Abi, type Address, type Hex, concat, decodeFunctionResult, encodeFunctionData, parseAbi, size, slice } from "viem";
import { call, getCode, readContract } from "viem/actions";
import { type Scheme, getPQ4337Addresses, toCodeChunks } from "@pq4337/sdk";
import {
  ed25519ProfilerAbi,
  ed25519ProfilerDeployedBytecode,
  falconKeccakProfilerAbi,
  falconKeccakProfilerDeployedBytecode,
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
  mldsanttMeterAbi,
  mldsanttMeterDeployedBytecode,
  sha512MeterAbi,
  sha512MeterDeployedBytecode,
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
  falcon512keccak: { abi: falconKeccakProfilerAbi, code: falconKeccakProfilerDeployedBytecode, args: (...args) => args },
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
  "R's and A's odd multiples, digit words cleared, no doubling (every scalar zero: the chain starts at its top digit)",
  "b = c·S mod L over B and [2^128]B: recoding, the doublings from its top digit, table reads (EXTCODECOPY, the first cold), additions",
  "c over R: recoding, the doublings from its top digit, subtractions of R's multiples",
  "a over A: recoding, the doublings from its top digit, additions of A's multiples",
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

/**
 * Ed25519's multiplication for one base-point table width: its gas (`undefined` for a width whose table the library
 * cannot take) and how many additions b's digits make over the tables ({@link ed25519TableBytes} gives their size).
 */
export type Ed25519TableWidth = { width: number; gas: number | undefined; additions: number };

/** EIP-170's limit on a contract's code: a wider table does not fit one data contract. */
const maxCodeSize = 24_576;
/** Widths the gas suite compares: the w = 10 down to 4. */
const ed25519TableWidths = [4, 5, 6, 7, 8, 9, 10];

/**
 * Ed25519's multiplication for one signature at each base-point table width of {@link ed25519TableWidths}. A
 * narrower table is the deployed table's first 2^(w − 2) entries of each base point, placed at its own address for
 * the call (so its first read is cold, as the deployed table's is); a wider one cannot be deployed as one data
 * contract (EIP-170) nor recoded in the library's digit bytes, so only its additions are counted.
 */
export async function profileEd25519TableWidths(
  environment: Environment,
  parameters: { publicKey: Hex; hash: Hex; signature: Hex },
): Promise<Ed25519TableWidth[]> {
  const profiler = profilers.ed25519!;
  const deployedWidth = Number(await readInstrument(environment, profiler, "deployedTableWidth"));
  const table = await readContract(environment.client, {
    address: getPQ4337Addresses().verifiers.ed25519!,
    abi: parseAbi(["function baseTable() view returns (address)"]),
    functionName: "baseTable",
  });
  const code = (await getCode(environment.client, { address: table }))!;
  // B's entries and then B''s, half the code each, indexed by a digit's residue: a narrower width's positive
  // multiples are the first 2^(w − 2) entries of each half and its negative ones the last 2^(w − 2).
  const quarter = (width: number) => ed25519TableBytes(width) / 4;
  const half = 2 * quarter(deployedWidth);
  const args = [parameters.publicKey, parameters.hash, parameters.signature] as const;
  const results: Ed25519TableWidth[] = [];
  for (const width of ed25519TableWidths) {
    if (width > deployedWidth) {
      const additions = Number(await readInstrument(environment, profiler, "baseAdditions", [BigInt(width), ...args]));
      results.push({ width, gas: undefined, additions });
      continue;
    }
    const narrower = concat(
      [0, half].flatMap((start) => [slice(code, start, start + quarter(width)), slice(code, start + half - quarter(width), start + half)]),
    );
    if (size(narrower) !== ed25519TableBytes(width)) throw new Error(`Ed25519 table of width ${width}: ${size(narrower)} bytes`);
    const address = `0x000000000000000000000000000000e2551900${width.toString(16).padStart(2, "0")}` as Address;
    const [gas, additions, valid] = (await readInstrument(environment, profiler, "multiScalarMulByTableWidth", [address, BigInt(width), ...args], [
      { address, code: narrower },
    ])) as [bigint, bigint, boolean];
    if (!valid) throw new Error(`Ed25519: the multiplication over a table of width ${width} rejected a valid signature`);
    results.push({ width, gas: Number(gas), additions: Number(additions) });
  }
  return results;
}

/** Whether a table of `tableBytes` fits one contract's code (EIP-170). */
export const fitsOneContract = (tableBytes: number) => tableBytes <= maxCodeSize;

/** The size of an {Ed25519BaseTable} of wNAF width `width`: 2^(w − 1) signed entries of 96 bytes per base point. */
export const ed25519TableBytes = (width: number) => 2 * 96 * 2 ** (width - 1);

/** Gas of one on-chain Keccak-f[1600] permutation, the unit of every SHAKE step above. */
export async function keccakPermutationGas(environment: Environment): Promise<number> {
  const meter = { abi: keccakF1600MeterAbi, code: keccakF1600MeterDeployedBytecode };
  return Number(await readInstrument(environment, meter, "permutationGas"));
}

/** Gas of one 256-point ML-DSA NTT forward and one inverse (as the verifiers run it, from pair words). */
export async function mldsaNttGas(environment: Environment): Promise<{ forward: number; inverse: number }> {
  const meter = { abi: mldsanttMeterAbi, code: mldsanttMeterDeployedBytecode };
  const [forward, inverse] = (await readInstrument(environment, meter, "transformGas")) as [bigint, bigint];
  return { forward: Number(forward), inverse: Number(inverse) };
}

/** Gas of SHA-512 on one block (96 bytes, as Ed25519 hashes R ‖ A ‖ hash): one compression with its padding. */
export async function sha512CompressionGas(environment: Environment): Promise<number> {
  const meter = { abi: sha512MeterAbi, code: sha512MeterDeployedBytecode };
  const [gas] = (await readInstrument(environment, meter, "compressionGas")) as [bigint, Hex];
  return Number(gas);
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
