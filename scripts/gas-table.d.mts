// Types of scripts/gas-table.mjs for the test that imports it.
export type SnapshotRow = { scheme: string; bench_name: string; gas: number | null; value: number | null; security_bits: number; hardfork: string | null };
export declare const tableSchemes: [scheme: string, label: string][];
export declare function readSnapshot(name: string): SnapshotRow[];
export declare function gasTable(name: string, rows?: SnapshotRow[]): string;
export declare function readmeTable(text: string): { snapshot: string; from: number; to: number; table: string };
