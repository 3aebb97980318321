// `npx -y pnpm@10.34.8 exec tsx scripts/probe.ts <ntt | mldsa44 | mldsa65 | mldsa87> [--trace [step]]`: the gas suite's ML-DSA
// figures in seconds, for gas work. A full build recompiles every verifier after a change to an ML-DSA library; this
// compiles only the instrument the bench reads (MLDSANTTMeter for the `ntt.*` rows, MLDSA<set>Profiler for the
// profile of verify), from the working tree, with the settings hardhat.config.ts gives that file, and runs it on
// Hardhat's in-process chain: no build, no node, no child process. The profiler verifies a fixed hash signed by a
// fixed-seed key through the built SDK (packages/sdk/dist). `--trace` adds an opcode histogram of each transform,
// or of one profile step (0-based, as printed), from `debug_traceCall`: where the gas goes, by opcode.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { network } from "hardhat";
import type { BuildProfilesSolidityUserConfig, MultiVersionBuildProfileUserConfig } from "hardhat/types/config";
import { type Abi, type Hex, decodeFunctionResult, encodeFunctionData } from "viem";
import { schemes, toCodeChunks } from "@pq4337/sdk";
import config from "../hardhat.config.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

/** What the probe measures: an instrument of contracts/metering, and how many rows it gives (transforms or steps). */
export const probes = {
  ntt: { source: "contracts/metering/MLDSANTTMeter.sol", contract: "MLDSANTTMeter", rows: 2 },
  mldsa44: { source: "contracts/metering/MLDSA44Profiler.sol", contract: "MLDSA44Profiler", rows: 8 },
  mldsa65: { source: "contracts/metering/MLDSA65Profiler.sol", contract: "MLDSA65Profiler", rows: 8 },
  mldsa87: { source: "contracts/metering/MLDSA87Profiler.sol", contract: "MLDSA87Profiler", rows: 8 },
} as const;

export type ProbeName = keyof typeof probes;

/** One measured part: its name, its gas and, when traced, its gas by opcode (PUSH1..PUSH32 as PUSHn, and so on). */
export type ProbeRow = { name: string; gas: number; opcodes?: Record<string, { count: number; gas: number }> };

/** The rows; for a profile, also the verdict of the verify it measured (true: the fixed signature verified). */
export type ProbeReturnType = { rows: ProbeRow[]; valid: boolean | undefined; deployedBytecode: Hex };

/** The compiler settings hardhat.config.ts gives `source`: its override, else the default profile's compiler. */
function settingsOf(source: string): Record<string, unknown> {
  const profile = (config.solidity as BuildProfilesSolidityUserConfig).profiles.default as MultiVersionBuildProfileUserConfig;
  return (profile.overrides?.[source] ?? profile.compilers[0]!).settings;
}

/** Compiles `source` (and what it imports) with its hardhat.config.ts settings; returns `contract`'s ABI and runtime code. */
export function compileInstrument(source: string, contract: string): { abi: Abi; deployedBytecode: Hex } {
  const solc = require("solc");
  const input = {
    language: "Solidity",
    sources: { [source]: { content: readFileSync(`${root}${source}`, "utf8") } },
    settings: { ...settingsOf(source), outputSelection: { [source]: { [contract]: ["abi", "evm.deployedBytecode.object"] } } },
  };
  const findImports = (path: string) => {
    for (const base of [root, `${root}node_modules/`]) {
      try {
        return { contents: readFileSync(`${base}${path}`, "utf8") };
      } catch {}
    }
    return { error: `not found: ${path}` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error: { formattedMessage: string }) => error.formattedMessage).join("\n"));
  const compiled = output.contracts[source][contract];
  return { abi: compiled.abi, deployedBytecode: `0x${compiled.evm.deployedBytecode.object}` };
}

type StructLog = { op: string; gas: number; gasCost: number; depth: number };

/**
 * The gas by opcode between consecutive GAS opcodes `from` and `to` of the outermost frame (a gasleft() each),
 * the opcodes of the frames it calls included (the inverse NTT is a contract of its own): a call counts what the
 * caller lost across it less what the callee's opcodes spent.
 */
function histogram(logs: StructLog[], marks: number[], from: number, to: number): Record<string, { count: number; gas: number }> {
  const opcodes: Record<string, { count: number; gas: number }> = {};
  for (let i = marks[from]! + 1; i < marks[to]!; i++) {
    const { op, gas, gasCost, depth } = logs[i]!;
    let cost = gasCost;
    if (depth === 1 && op.endsWith("CALL") && logs[i + 1]!.depth > 1) {
      let after = i + 1;
      let callee = 0;
      for (; logs[after]!.depth > 1; after++) callee += logs[after]!.gasCost;
      cost = gas - logs[after]!.gas - callee;
    }
    const name = op.startsWith("PUSH") && op !== "PUSH0" ? "PUSHn" : op.replace(/\d+$/, "");
    opcodes[name] ??= { count: 0, gas: 0 };
    opcodes[name].count++;
    opcodes[name].gas += cost;
  }
  return opcodes;
}

/**
 * Runs probe `name` on Hardhat's in-process chain.
 * @example
 * const { rows } = await probe("ntt"); // rows[0]: the forward transform, rows[1]: the inverse
 */
export async function probe(name: ProbeName, options: { trace?: boolean; step?: number } = {}): Promise<ProbeReturnType> {
  const { source, contract } = probes[name];
  const { abi, deployedBytecode } = compileInstrument(source, contract);
  const { provider } = await network.connect();
  const request = (method: string, params: unknown[]) => provider.request({ method, params });
  const at = "0x00000000000000000000000000000000009e7e13";
  await request("hardhat_setCode", [at, deployedBytecode]);
  let names: string[];
  let data: Hex;
  if (name === "ntt") {
    names = ["ntt.forward", "ntt.inverse"];
    data = encodeFunctionData({ abi, functionName: "transformGas" });
  } else {
    const scheme = schemes[name]!;
    const signer = scheme.createSigner(`0x${"42".repeat(32)}`);
    const hash: Hex = `0x${"5a".repeat(32)}`;
    const signature = await signer.sign({ hash });
    const { key, expandedKey } = scheme.toErc7913Key(signer.publicKey);
    for (const chunk of toCodeChunks(expandedKey!)) await request("hardhat_setCode", [chunk.address, chunk.runtimeCode]);
    const stages = encodeFunctionData({ abi, functionName: "stages" });
    names = [...(decodeFunctionResult({ abi, functionName: "stages", data: (await request("eth_call", [{ to: at, data: stages }, "latest"])) as Hex }) as readonly string[])];
    data = encodeFunctionData({ abi, functionName: "profile", args: [key, hash, signature] });
  }
  const result = (await request("eth_call", [{ to: at, data }, "latest"])) as Hex;
  const decoded = decodeFunctionResult({ abi, functionName: name === "ntt" ? "transformGas" : "profile", data: result }) as readonly unknown[];
  const gas = (name === "ntt" ? decoded : (decoded[0] as readonly bigint[])) as readonly bigint[];
  const valid = name === "ntt" ? undefined : (decoded[1] as boolean);
  const rows: ProbeRow[] = names.map((rowName, index) => ({ name: rowName, gas: Number(gas[index]) }));
  if (options.trace) {
    const trace = (await request("debug_traceCall", [{ to: at, data }, "latest", { disableStorage: true, disableStack: true, enableMemory: false }])) as {
      structLogs: StructLog[];
    };
    const logs = trace.structLogs;
    const marks = logs.flatMap((log, index) => (log.op === "GAS" && log.depth === 1 ? [index] : []));
    // A row's span is the first two GAS readings, after the previous row's, that differ by its gas: an instrument may
    // read gasleft() between two rows too (the profilers do, where a step starts in a function of its own), and a call
    // reads GAS for the gas it forwards (the inverse NTT's STATICCALL), so the n-th reading need not start row n nor
    // the next one end it.
    let next = 0;
    const spans = rows.map((row) => {
      for (let i = next; i + 1 < marks.length; i++)
        for (let j = i + 1; j < marks.length && logs[marks[i]!]!.gas - logs[marks[j]!]!.gas <= row.gas; j++)
          if (logs[marks[i]!]!.gas - logs[marks[j]!]!.gas === row.gas) {
            next = j;
            return [i, j] as const;
          }
      throw new Error(`${name}: no two gasleft() readings ${row.gas} gas apart for ${row.name}`);
    });
    rows.forEach((row, index) => {
      if (options.step === undefined || options.step === index) row.opcodes = histogram(logs, marks, ...spans[index]!);
    });
  }
  return { rows, valid, deployedBytecode };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || !(name in probes)) {
    console.error(`usage: npx -y pnpm@10.34.8 exec tsx scripts/probe.ts <${Object.keys(probes).join(" | ")}> [--trace [step]]`);
    process.exit(2);
  }
  const traceAt = rest.indexOf("--trace");
  const step = traceAt >= 0 && rest[traceAt + 1] !== undefined ? Number(rest[traceAt + 1]) : undefined;
  const rowCount = probes[name as ProbeName].rows;
  if (step !== undefined && !(Number.isInteger(step) && step >= 0 && step < rowCount)) {
    console.error(`--trace takes a row of ${name}, 0 to ${rowCount - 1}: not ${rest[traceAt + 1]}`);
    process.exit(2);
  }
  const { rows, valid, deployedBytecode } = await probe(name as ProbeName, { trace: traceAt >= 0, step });
  for (const [index, row] of rows.entries()) {
    console.log(`${String(index).padStart(2)} ${row.gas.toLocaleString("en-US").padStart(9)}  ${row.name}`);
    if (row.opcodes) {
      const parts = Object.entries(row.opcodes).sort(([, a], [, b]) => b.gas - a.gas);
      console.log(`   ${parts.map(([op, { count, gas }]) => `${op} ${count}/${gas}`).join("  ")}`);
    }
  }
  const total = rows.reduce((sum, row) => sum + row.gas, 0);
  const verdict = valid === undefined ? "" : `verify ${total.toLocaleString("en-US")} gas, ${valid ? "valid" : "INVALID"}; `;
  console.log(`${verdict}${probes[name as ProbeName].contract}: ${(deployedBytecode.length - 2) / 2} bytes of code`);
}
