import type { Row } from "./dataset.js";

/** A figure another project published, where it was found, and the pq4337 scheme it compares with, if any. */
export type ReferenceFigure = {
  scheme: string;
  bits: number;
  /** What the figure measures, in its authors' terms, with what differs from a plain verify. */
  what: string;
  gas: number;
  /** The public source it was read from: repository at a commit (or branch), file and line. */
  source: string;
  /** The pq4337 scheme whose verify this run measures for the same standard, when the two are comparable. */
  ours?: string;
};

/**
 * Published figures the report sets beside ours, each with the public source it was read from. They are those
 * projects' own measurements (or a third party's, where the row says so), not re-measured here, and they change
 * between commits of those projects: the cited commit or branch is the one whose figure is shown. The ratio the
 * report prints divides the published figure by this run's verify of `ours`.
 */
export const referenceFigures: readonly ReferenceFigure[] = [
  { scheme: "ECDSA secp256k1", bits: 128, what: "ecrecover-based verify", gas: 21_126, source: "pipavlo82/gas-per-secure-bit@e95d3ba, README.md line 373", ours: "ecdsa" },
  {
    scheme: "Falcon-1024 (keccak-based variant)",
    bits: 256,
    what: "full verify (Cointrol-Limited/QuantumAccount@1970dca, measured by gas-per-secure-bit)",
    gas: 10_336_055,
    source: "pipavlo82/gas-per-secure-bit@e95d3ba, README.md line 379",
  },
  {
    scheme: "ML-DSA-65",
    bits: 192,
    what: "isolated PreA core (Â·z matrix step, no CommitA binding)",
    gas: 1_499_354,
    source: "pipavlo82/ml-dsa-65-ethereum-verification@6d58ce9, test/PreA_ComputeW_GasMicro.t.sol line 247; README.md line 13",
  },
  {
    scheme: "ML-DSA-65",
    bits: 192,
    what: "proof of concept, not FIPS 204-conformant end to end",
    gas: 68_901_612,
    source: "pipavlo82/ml-dsa-65-ethereum-verification@6d58ce9, test/MLDSA_VerifyGas.t.sol line 61; README.md line 12",
    ours: "mldsa65",
  },
  { scheme: "Falcon-512 (SHAKE256, standard)", bits: 128, what: "ZKNOX_falcon.verify", gas: 3_900_000, source: "ZKNoxHQ/ETHFALCON@03ed0d6, README.md line 95", ours: "falcon512" },
  { scheme: "Falcon-512 (keccak-based variant)", bits: 128, what: "ZKNOX_ethfalcon.verify", gas: 1_500_000, source: "ZKNoxHQ/ETHFALCON@03ed0d6, README.md line 96", ours: "falcon512keccak" },
  { scheme: "ML-DSA-44 (SHAKE, standard)", bits: 128, what: "ZKNOX dilithium verify, NIST KATs", gas: 8_100_000, source: "ZKNoxHQ/ETHDILITHIUM@6c51547, README.md line 39", ours: "mldsa44" },
  { scheme: "ML-DSA-44 (keccak-based variant)", bits: 128, what: "ETHDilithium verify", gas: 4_900_000, source: "ZKNoxHQ/ETHDILITHIUM@6c51547, README.md line 40", ours: "mldsa44keccak" },
  {
    scheme: "ML-DSA-44 (FIPS 204)",
    bits: 128,
    what: "Fireblocks MLDSA44Verifier.verify: expanded key in a data contract, SHAKE through a Keccak-f helper contract; Foundry nightly c808c4cd, solc 0.8.30, via IR, Osaka",
    gas: 1_226_311,
    source: "fireblocks-labs/evm-ml-dsa-verifier@cca262b, README.md (\"One verification costs 1,226,311 gas\")",
    ours: "mldsa44",
  },
  {
    scheme: "ML-DSA-44 (FIPS 204)",
    bits: 128,
    what: "ZKNox packed verifier (4 × 64-bit lanes, SWAR decode, external Keccak-f helper); solc 0.8.30, via IR, 1,000,000 runs",
    gas: 1_196_707,
    source: "ZKNoxHQ/ETHDILITHIUM branch exp/packed-verifier, README.md \"Experimental: packed verifier\" (the copy read here records no commit)",
    ours: "mldsa44",
  },
  {
    scheme: "ML-DSA-65 (FIPS 204)",
    bits: 192,
    what: "ZKNOX_dilithium65, pre-expanded key: ZKNox's Foundry test, as a third-party benchmark table (Qanary's \"Solidity verifiers\") reports it; ZKNox's own publication not located",
    gas: 1_549_360,
    source: "ZKNoxHQ/ETHDILITHIUM branch mldsa-65@4c370bb (as cited by that table)",
    ours: "mldsa65",
  },
  {
    scheme: "Falcon-512 (SHAKE256, standard)",
    bits: 128,
    what: "ZKNOX_falcon8 with a Keccak-f helper, pre-NTT compacted key and signature: execution gas measured by that third-party table on an ArbOS 61 dev node (cold account included)",
    gas: 641_116,
    source: "ZKNoxHQ/ETHFALCON branch exp/pq-verifier-gas@012e080 (as cited by that table)",
    ours: "falcon512",
  },
  {
    scheme: "Falcon-512 (SHAKE256, standard)",
    bits: 128,
    what: "falcon512-sol verifyPrepared: prepared (decoded, NTT-domain) inputs, cold SHAKE helper, 16-byte message, Shanghai rules; its earlier \"first optimized implementation\" was 859,391 (OPTIMIZATION.md@3e26f4b)",
    gas: 649_308,
    source: "partylikeits1983/falcon512-sol@05b5d3f, README.md (\"649,308 execution gas\")",
    ours: "falcon512",
  },
];

/** Published figures of single routines inside those verifiers, beside this run's routine rows. */
export const referenceRoutines: readonly { routine: string; what: string; gas: number; source: string; ours: { scheme: string; bench: string } }[] = [
  {
    routine: "Keccak-f[1600], one permutation",
    what: "Fireblocks' unrolled helper, in its batched stage profile",
    gas: 41_664,
    source: "fireblocks-labs/evm-ml-dsa-verifier@cca262b, README.md",
    ours: { scheme: "keccak-f1600", bench: "keccak_f1600.permutation" },
  },
  {
    routine: "256-point NTT, forward",
    what: "Fireblocks, inside verify() (twiddles built once per call)",
    gas: 44_931,
    source: "fireblocks-labs/evm-ml-dsa-verifier@cca262b, README.md",
    ours: { scheme: "mldsa-ntt", bench: "ntt.forward" },
  },
  {
    routine: "256-point NTT, forward",
    what: "ZKNox packed verifier, nttFw",
    gas: 48_152,
    source: "ZKNoxHQ/ETHDILITHIUM branch exp/packed-verifier, README.md",
    ours: { scheme: "mldsa-ntt", bench: "ntt.forward" },
  },
];

/**
 * The report's table of published verifiers: each figure labelled as published with its source, and, where a pq4337
 * scheme verifies the same standard, this run's verify of it (its largest value, so the ratio does not flatter us)
 * and the published figure divided by it. Then the routines beside ours.
 */
export function publicVerifiersSection(rows: Row[]): string[] {
  const largest = (scheme: string, bench: string) => {
    const values = rows.filter((row) => row.scheme === scheme && row.bench_name === bench && row.gas !== null).map((row) => row.gas!);
    return values.length === 0 ? undefined : Math.max(...values);
  };
  const lines = [
    "## Published reference figures",
    "",
    "Other projects' figures as published (by their authors unless the row says otherwise), from the public source each row cites: not re-measured here, and they change between those projects' commits. \"pq4337 (this run)\" is this run's largest ERC-7913 `verify` of the same standard (the ERC-7913 call, key in code; the published figures differ in what they include: cold or warm accounts, prepared inputs, helpers, fork), and the ratio is the published figure divided by it.",
    "",
    "| scheme | what (published) | gas (published) | gas / secure bit | pq4337 (this run) | published / pq4337 | source |",
    "|---|---|---:|---:|---:|---:|---|",
  ];
  for (const reference of referenceFigures) {
    const ours = reference.ours === undefined ? undefined : largest(reference.ours, "verify");
    lines.push(
      `| ${reference.scheme} | ${reference.what} | ${fmt(reference.gas)} | ${fmt(Math.round(reference.gas / reference.bits))} | ${ours === undefined ? "–" : `${fmt(ours)} (${reference.ours})`} | ${ours === undefined ? "–" : `${(reference.gas / ours).toFixed(2)}×`} | ${reference.source} |`,
    );
  }
  lines.push("", "| routine | what (published) | gas (published) | pq4337 (this run) | published / pq4337 | source |", "|---|---|---:|---:|---:|---|");
  for (const reference of referenceRoutines) {
    const ours = largest(reference.ours.scheme, reference.ours.bench);
    lines.push(`| ${reference.routine} | ${reference.what} | ${fmt(reference.gas)} | ${ours === undefined ? "–" : `${fmt(ours)} (${reference.ours.bench})`} | ${ours === undefined ? "–" : `${(reference.gas / ours).toFixed(2)}×`} | ${reference.source} |`);
  }
  return lines;
}

const fmt = (value: number | undefined) => (value === undefined ? "–" : value.toLocaleString("en-US"));
