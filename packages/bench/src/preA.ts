import { hexToBytes, keccak256, stringToHex } from "viem";
import { schemes } from "@pq4337/sdk";
import type { Row } from "./dataset.js";
import { calldataGas } from "./metrics.js";

/** Gas prices of the EVM (EIP-2929, EIP-2200, EIP-3529) that the computed rows use. */
const coldSload = 2_100;
const sstoreNew = 20_000 + coldSload;
const coldAccount = 2_600;
const keccakBase = 30;
const keccakPerWord = 6;
/** EIP-8355's published price of VERIFY_MLDSA65: 9,000 + 6 per 32-byte word of the message. */
const eip8355Base = 9_000;
const eip8355PerWord = 6;

/** ML-DSA-65: Â is k × l = 30 polynomials, each RejNTTPoly needs 256 three-byte samples from SHAKE128 (rate 168). */
const expandAPolynomials = 30;
const shake128BlocksPerPolynomial = Math.ceil((256 * 3) / 168);
const trBlocks = (publicKeyBytes: number) => Math.ceil((publicKeyBytes + 1) / 136);

/**
 * The report's answer to "how should the expanded ML-DSA-65 key reach the verifier?": for each carrier, the one-time
 * gas, the gas per operation, the calldata per operation and the ERC-7562 standing, from this run's ML-DSA-65
 * figures (its verify, its profile's first stage — reading E from code and checking its commitment — its forward NTT
 * stage, its key deployment, and Keccak-f[1600]) and the EVM's published prices. Only today's design is measured
 * whole; the other rows are computed, each with its formula. Empty when the run did not measure ML-DSA-65.
 */
export function preASection(rows: Row[]): string[] {
  const first = (bench: string, scheme = "mldsa65") => rows.find((row) => row.scheme === scheme && row.bench_name === bench && row.gas !== null)?.gas ?? undefined;
  const verify = first("verify");
  const read = first("verify.stage.1");
  const ntts = first("verify.stage.5");
  const deployment = first("setup.expanded_key_deployment");
  const permutation = first("keccak_f1600.permutation", "keccak-f1600");
  if ([verify, read, ntts, deployment, permutation].some((value) => value === undefined)) return [];
  const [v, r, ntt, d, k] = [verify!, read!, ntts! / 6, deployment!, permutation!];

  // A real key's encodings, for the calldata prices (E holds 32-bit big-endian coefficients: about a quarter zero bytes).
  const signer = schemes.mldsa65!.createSigner(keccak256(stringToHex("pq4337-bench/preA")));
  const publicKey = hexToBytes(signer.publicKey);
  // The code holds E ‖ pk; the carriers below move E alone (the Solidity path does not read pk).
  const codeData = hexToBytes(schemes.mldsa65!.toErc7913Key(signer.publicKey).expandedKey!);
  const expanded = codeData.subarray(0, codeData.length - publicKey.length);
  const words = Math.ceil(expanded.length / 32);
  const hashE = keccakBase + keccakPerWord * words;
  const eCalldata = calldataGas(expanded).eip2028;
  const pkCalldata = calldataGas(publicKey).eip2028;
  const withoutRead = v - r;

  const calldataPerOp = withoutRead + hashE + 3 * words + eCalldata;
  const storageOnce = words * sstoreNew;
  const storagePerOp = withoutRead + words * coldSload;
  const expandA = expandAPolynomials * shake128BlocksPerPolynomial * k;
  const recomputePerOp = withoutRead + expandA + trBlocks(publicKey.length) * k + 6 * Math.round(ntt) + pkCalldata;
  // Measured where the run had the precompile stage: the EIP-8355 stand-in does exactly ExpandA, tr, NTT(t1) and the
  // verification in Solidity, and the verifier's overhead around a precompile call is measured through it.
  const standInOwn = first("precompile.stand_in_own");
  const withPrecompile = first("precompile.with_precompile");
  const precompileComputed = eip8355Base + eip8355PerWord + coldAccount + 3 * Math.ceil(publicKey.length / 32) + keccakBase + keccakPerWord * Math.ceil(publicKey.length / 32);
  const precompilePerOp = withPrecompile ?? precompileComputed;
  const fmt = (value: number) => Math.round(value).toLocaleString("en-US");

  return [
    "## Where the expanded ML-DSA-65 key lives (the PreA question)",
    "",
    `E = Â ‖ t̂1 ‖ tr is ${fmt(expanded.length)} bytes (${fmt(words)} words); pk is ${fmt(publicKey.length)}. The code holds E ‖ pk (pk for a precompile). From this run: verify ${fmt(v)}, of which reading E ‖ pk from code and checking its commitment ${fmt(r)} (profile stage 1); a forward NTT ${fmt(ntt)}; Keccak-f[1600] ${fmt(k)}; E ‖ pk's deployment ${fmt(d)}. "Per operation" is the verifier's gas plus the calldata the carrier adds (EIP-2028 prices; a transaction made mostly of such calldata would pay EIP-7623's floor instead).`,
    "",
    "| carrier | one-time gas | per operation | calldata per operation | ERC-7562 | how the figure is made |",
    "|---|---:|---:|---:|---|---|",
    `| contract code (today's design) | ${fmt(d)} | ${fmt(v)} | 72 (the key) | EXTCODECOPY allowed; above MAX_VERIFICATION_GAS (500,000) | measured |`,
    `| calldata on every operation, hashed against the commitment | 0 | ${fmt(calldataPerOp)} | ${fmt(expanded.length + 32)} (E and the commitment) | allowed; above 500,000, and E's ${fmt(eCalldata)} calldata gas lands in preVerificationGas | computed: verify − read + keccak(E) ${fmt(hashE)} + copy ${fmt(3 * words)} + calldata ${fmt(eCalldata)} |`,
    `| per-key storage (SSTORE once, SLOAD per operation) | ${fmt(storageOnce)} (two transactions under 2^24) | ${fmt(storagePerOp)} | 72 | only as the account's associated storage (STO-021), i.e. per account rather than per key; above 500,000 | computed: ${fmt(words)} × ${fmt(sstoreNew)} once; verify − read + ${fmt(words)} × ${fmt(coldSload)} (cold SLOAD) |`,
    standInOwn === undefined
      ? `| recomputed on-chain from ρ (ExpandA, tr, NTT(t1)) | 0 | ${fmt(recomputePerOp)} | ${fmt(publicKey.length)} (pk) | allowed; above 500,000 | computed, a lower bound: verify − read + ${expandAPolynomials} × ${shake128BlocksPerPolynomial} SHAKE128 blocks × ${fmt(k)} + tr's ${trBlocks(publicKey.length)} SHAKE256 blocks + 6 NTTs + pk calldata ${fmt(pkCalldata)} (sampling and parsing not counted) |`
      : `| recomputed on-chain from ρ (ExpandA, tr, NTT(t1)) | 0 | ${fmt(standInOwn + pkCalldata)} | ${fmt(publicKey.length)} (pk) | allowed; above 500,000 | measured: EIP-8355's Solidity stand-in, which does exactly this, ${fmt(standInOwn)}, + pk calldata ${fmt(pkCalldata)} (the computed lower bound is ${fmt(recomputePerOp)}) |`,
    withPrecompile === undefined
      ? `| a precompile (EIP-8355 VERIFY_MLDSA65, pk from code) | 0 | ${fmt(precompilePerOp)} | 72 | fits | EIP-8355's published price ${fmt(eip8355Base)} + 6 per word, plus reading pk from code; no chain has it (draft EIP) |`
      : `| a precompile (EIP-8355 VERIFY_MLDSA65, E ‖ pk from code) | 0 | ${fmt(precompilePerOp)} | 72 | fits | computed from this run: EIP-8355's published price ${fmt(eip8355Base + eip8355PerWord)} + the verifier's overhead measured through the stand-in (reading E ‖ pk, the call); no chain has it (draft EIP) |`,
    "",
    `Recommendation: keep E in contract code until a chain ships EIP-8355. Per operation it is the cheapest carrier that runs today: reading E costs ${fmt(r)}, against ${fmt(eCalldata)} of calldata for E on every operation (the one-time deployment is repaid after ${Math.ceil(d / (eCalldata + hashE + 3 * words - r))} operations), ${fmt(words * coldSload)} of cold SLOADs, or ${fmt(expandA)} for ExpandA alone. Code is immutable, which makes the commitment check the only trust needed, and EXTCODECOPY is allowed in validation. Where the precompile exists it wins outright (about ${fmt(precompilePerOp)} per verify), and a verifier deployed with the chain's address uses it with the same keys: they hold pk after E.`,
  ];
}
