import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Provenance } from "./provenance.js";

/** What a row measures. */
export type Surface = "verify" | "validateUserOp" | "handleOps" | "bundle" | "variant" | "precompile" | "module" | "safe" | "setup" | "offchain" | "size" | "latency" | "throughput";

/** One measurement: a single run's figure, never an average unless `median` says so. */
export type Row = {
  bench_name: string;
  scheme: string;
  variant: string;
  surface: Surface;
  /** Gas of this measurement, for gas rows. */
  gas: number | null;
  calldata_bytes: number | null;
  security_bits: number;
  nist_category: number | null;
  gas_per_128b: number | null;
  gas_per_secure_bit: number | null;
  /** The value of a non-gas row (bytes, ms, ops/s), in `unit`. */
  value: number | null;
  unit: "gas" | "bytes" | "ms" | "ops/s" | "gas/block" | "operations";
  /** Timing rows: median and spread over `samples` runs. */
  median: number | null;
  min: number | null;
  max: number | null;
  iqr: number | null;
  samples: number | null;
  chain_profile: string;
  /** The EVM rules the chain ran: the devnet's fork, `null` on an existing chain. */
  hardfork: string | null;
  timestamp: string;
  notes: string;
} & Provenance;

export const columns: (keyof Row)[] = [
  "bench_name", "scheme", "variant", "surface", "gas", "calldata_bytes", "security_bits", "nist_category",
  "gas_per_128b", "gas_per_secure_bit", "value", "unit", "median", "min", "max", "iqr", "samples",
  "chain_profile", "hardfork", "commit", "dirty", "tool_solc", "tool_node", "tool_anvil", "tool_alto", "tool_entrypoint",
  "cpu", "timestamp", "notes",
];

/** RFC 4180 CSV: fields with a comma, quote or newline are quoted, quotes doubled. */
export function toCsv(rows: Row[]): string {
  const field = (value: unknown) => {
    const text = value === null || value === undefined ? "" : String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.join(","), ...rows.map((row) => columns.map((column) => field(row[column])).join(","))].join("\n") + "\n";
}

export function toJsonl(rows: Row[]): string {
  return rows.map((row) => JSON.stringify(row)).join("\n") + "\n";
}

/** A timing summary: median and spread of `n` samples, in ms. */
export type Timing = { median: number; min: number; max: number; iqr: number; n: number };

/** A figure before it becomes a dataset row: the runner adds scheme, metrics and provenance. */
export type Measurement = {
  bench_name: string;
  surface: Surface;
  unit: Row["unit"];
  gas?: number;
  value?: number;
  calldata_bytes?: number;
  timing?: Timing;
  notes?: string;
};

/** Writes results.jsonl and results.csv into `dir`. */
export function writeDataset(dir: string, rows: Row[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "results.jsonl"), toJsonl(rows));
  writeFileSync(join(dir, "results.csv"), toCsv(rows));
}
