import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ed25519AnchorSection } from "./anchors.js";
import { browserSection } from "./browser.js";
import type { Row } from "./dataset.js";
import { bundleSection } from "./bundles.js";
import { erc7562Section } from "./erc7562.js";
import { moduleSection } from "./module.js";
import { forkSection } from "./forks.js";
import { preASection } from "./preA.js";
import { ed25519TableBytes, fitsOneContract } from "./profile.js";
import { floorSection } from "./floor.js";
import { publicVerifiersSection } from "./references.js";
import { securityConvention } from "./metrics.js";
import { precompileSection } from "./precompiles.js";
import { variantSection } from "./variants.js";

const intrinsicGas = 21_000;
/** ERC-7562's MAX_VERIFICATION_GAS: the public mempool's bound on a user operation's verification gas. */
const erc7562VerificationLimit = 500_000;

/** Writes report.md and the two SVG charts into `dir`. */
export function writeReport(dir: string, allRows: Row[], run: { ops: number; durationSeconds: number }): void {
  const report = reportRows(allRows);
  const { rows, schemes, first, figure } = report;
  const breakdowns = schemes.map((scheme) => ({ scheme, ...breakdown(rows, scheme) }));

  const lines: string[] = [];
  lines.push(...headerSection(report, run));
  lines.push(...gasPerOperationSection(report));
  lines.push("", ...erc7562Section(rows, schemes));
  lines.push(...handleOpsBreakdownSection(breakdowns));

  const module = moduleSection(allRows);
  if (module.length > 0) lines.push("", ...module);
  lines.push(...safeSection(allRows.filter((row) => row.hardfork === report.primaryFork && row.surface === "safe"), rows));

  lines.push(...verifyStagesSection(report));
  const floor = floorSection(rows);
  if (floor.length > 0) lines.push(...(lines.at(-1) === "" ? [] : [""]), ...floor, "");
  lines.push(...ed25519MultiScalarMulSection(rows));
  lines.push(...ed25519TableWidthSection(rows));
  lines.push(...falconFormsSection(report));
  lines.push(...setupSection(report));
  lines.push(...sizesSection(report));
  lines.push(...offchainSection(report));

  const browser = browserSection(dir);
  if (browser.length > 0) lines.push("", ...browser);

  lines.push(...latencySection(report));

  for (const section of [forkSection(allRows), bundleSection(allRows)]) if (section.length > 0) lines.push("", ...section);

  const variants = variantSection(allRows);
  if (variants.length > 0) lines.push("", ...variants);
  const precompiles = precompileSection(allRows);
  if (precompiles.length > 0) lines.push("", ...precompiles);

  const preA = preASection(allRows);
  if (preA.length > 0) lines.push("", ...preA);
  lines.push("", ...ed25519AnchorSection({ gas32: figure("ed25519", "verify"), compiler: `solc ${first?.tool_solc ?? "?"}, 10,000 runs, via IR` }));
  lines.push("", ...publicVerifiersSection(rows));
  lines.push("", "Charts: [gas per secure bit](gas-per-secure-bit.svg), [handleOps breakdown](handleops-breakdown.svg).", "");
  writeFileSync(join(dir, "report.md"), lines.join("\n"));

  writeCharts(dir, report, breakdowns);
}

/** The rows the main tables read (the first fork's schemes) and the lookups every section shares. */
type ReportRows = ReturnType<typeof reportRows>;

/**
 * The main tables show the first fork's schemes; other forks and the bundle stage have sections of their own.
 * Returns those rows, their schemes and the lookups over them.
 */
function reportRows(allRows: Row[]) {
  const primaryFork = allRows[0]?.hardfork ?? null;
  const rows = allRows.filter((row) => row.hardfork === primaryFork && row.surface !== "bundle" && row.surface !== "variant" && row.surface !== "precompile" && row.surface !== "module" && row.surface !== "safe");
  const keccak = rows.find((row) => row.bench_name === "keccak_f1600.permutation");
  const schemes = [...new Set(rows.filter((row) => row !== keccak).map((row) => row.scheme))];
  const first = rows[0];
  const gasRows = (scheme: string, bench: string) => rows.filter((row) => row.scheme === scheme && row.bench_name === bench && row.gas !== null);
  const figure = (scheme: string, bench: string) => describeGas(gasRows(scheme, bench).map((row) => row.gas!));
  const one = (scheme: string, bench: string) => rows.find((row) => row.scheme === scheme && row.bench_name === bench);
  const bits = (scheme: string) => one(scheme, "size.signature")?.security_bits ?? rows.find((row) => row.scheme === scheme)!.security_bits;
  return { primaryFork, rows, keccak, schemes, first, gasRows, figure, one, bits };
}

/** The title, and what the run was: commit, tools, operations, duration and the security convention. */
function headerSection({ first }: ReportRows, run: { ops: number; durationSeconds: number }): string[] {
  const lines = ["# pq4337 gas per secure bit", ""];
  if (first) {
    lines.push(
      `Commit \`${first.commit}\`${first.dirty ? " (with uncommitted changes)" : ""}, ${first.timestamp}. Chain: ${first.chain_profile}.`,
      `Tools: solc ${first.tool_solc}, Node ${first.tool_node}, anvil ${first.tool_anvil}, Alto ${first.tool_alto}, EntryPoint ${first.tool_entrypoint}. CPU: ${first.cpu}.`,
      `${run.ops} steady-state user operations per scheme, each an ETH transfer sent through Alto and bundled alone; run took ${run.durationSeconds.toFixed(0)} s.`,
      "",
      "Every gas figure is a single run's value from `results.jsonl`, nothing is averaged: a cell shows the value when all the runs agree, otherwise their range. Keys come from fixed seeds, so gas rows are identical between two runs of the same commit on a fresh devnet (timings, latency and throughput are not).",
      "",
      `Convention: ${securityConvention}`,
      "",
    );
  }
  return lines;
}

/** The main table: verify, validateUserOp, handleOps and their gas per secure bit by scheme, and the ERC-7562 bound. */
function gasPerOperationSection({ schemes, gasRows, figure, bits }: ReportRows): string[] {
  const lines = ["## Gas per user operation", ""];
  lines.push(
    `ERC-7562 column: whether the user operations' declared verificationGasLimit (the SDK's estimate: the verifier's measured cost × 64/63 plus a 50,000 margin) is below the public mempool's bound (MAX_VERIFICATION_GAS, ${fmt(erc7562VerificationLimit)}), for the steady-state operations; "ERC-7562 by operation" below has the first operation and the rules. Above the bound, the account needs a bundler that accepts more (Alto does; Rundler's default is 5M, Voltaire's 10M).`,
    "",
  );
  lines.push("| scheme | bits | verify | validateUserOp | verificationGasLimit | handleOps (bundle tx) | actualGasUsed | verify / bit | handleOps / bit | handleOps / 128b | ERC-7562 |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const scheme of schemes) {
    const handle = gasRows(scheme, "handleOps.transfer")[0];
    const verify = gasRows(scheme, "verify")[0];
    const limits = gasRows(scheme, "validateUserOp.verificationGasLimit").map((row) => row.gas!);
    const mempool = limits.length === 0 ? "–" : Math.max(...limits) < erc7562VerificationLimit ? "fits" : "exceeds";
    lines.push(
      `| ${scheme} | ${bits(scheme)} | ${figure(scheme, "verify")} | ${figure(scheme, "validateUserOp")} | ${figure(scheme, "validateUserOp.verificationGasLimit")} | ${figure(scheme, "handleOps.transfer")} | ${figure(scheme, "handleOps.actualGasUsed")} | ${verify?.gas_per_secure_bit ?? "–"} | ${handle?.gas_per_secure_bit ?? "–"} | ${handle?.gas_per_128b ?? "–"} | ${mempool} |`,
    );
  }
  return lines;
}

/** handleOps split into intrinsic, calldata, validation, execution and EntryPoint overhead, by scheme. */
function handleOpsBreakdownSection(breakdowns: ({ scheme: string } & ReturnType<typeof breakdown>)[]): string[] {
  const lines = ["", "## Where the handleOps gas goes", ""];
  lines.push("handleOps = 21,000 intrinsic + calldata (EIP-2028) + validation (`validateUserOp`, which includes `verify`) + execution (`execute`) + EntryPoint overhead (the rest: nonce, prefund, events, refund).", "");
  lines.push("| scheme | handleOps | intrinsic | calldata | validateUserOp | of which verify | execute | EntryPoint overhead |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const b of breakdowns)
    lines.push(`| ${b.scheme} | ${fmt(b.total)} | ${fmt(intrinsicGas)} | ${fmt(b.calldata)} | ${fmt(b.validation)} | ${fmt(b.verify)} | ${fmt(b.execute)} | ${fmt(b.overhead)} |`);
  return lines;
}

/** The profilers' steps of verify with their share, for the schemes that have a profiler. */
function verifyStagesSection({ rows, schemes, keccak, gasRows }: ReportRows): string[] {
  const lines: string[] = [];
  const profiled = schemes.filter((scheme) => rows.some((row) => row.scheme === scheme && row.bench_name.startsWith("verify.stage.")));
  if (profiled.length > 0) {
    lines.push("", "## Where verify spends its gas", "");
    lines.push("Measured by the scheme's profiler (contracts/metering), which runs the verifier's steps in order with a gas reading between them, on the last steady-state user operation's own hash and signature; the total is compared with that operation's traced `verify` (the last of the range above).", "");
    if (keccak) lines.push(`The SHAKE steps are made of Keccak-f[1600] permutations at ${fmt(keccak.gas)} gas each (shared routine, contracts/utils/KeccakF1600.sol), plus absorbing and squeezing.`, "");
    for (const scheme of profiled) {
      const stages = rows.filter((row) => row.scheme === scheme && row.bench_name.startsWith("verify.stage."));
      const total = stages.reduce((sum, row) => sum + row.gas!, 0);
      lines.push(`| ${scheme} step | gas | share |`, "|---|---:|---:|");
      for (const stage of stages) lines.push(`| ${stage.notes} | ${fmt(stage.gas)} | ${((100 * stage.gas!) / total).toFixed(1)}% |`);
      const traced = gasRows(scheme, "verify").at(-1)?.gas;
      lines.push(`| total of the steps (that operation's traced verify: ${fmt(traced)}) | ${fmt(total)} | 100% |`, "");
    }
  }
  return lines;
}

/** Ed25519's multi-scalar multiplication by difference: the fixed routine, then what each scalar adds. */
function ed25519MultiScalarMulSection(rows: Row[]): string[] {
  const lines: string[] = [];
  const ed25519Parts = rows.filter((row) => row.scheme === "ed25519" && row.bench_name.startsWith("verify.ed25519_msm."));
  if (ed25519Parts.length > 0) {
    const stage = rows.find((row) => row.scheme === "ed25519" && row.bench_name.startsWith("verify.stage.") && row.notes?.startsWith("[b]B"));
    const [fixed, ...scalars] = ed25519Parts;
    lines.push("## Ed25519: inside the multi-scalar multiplication", "");
    lines.push(
      "The same signature's [b]B − [c]R ∓ [a]A by difference (Ed25519Profiler.multiScalarMulParts): the routine with every scalar zero, then what each scalar alone adds to it. The chain starts at the highest digit, so each scalar's part carries its own doublings (about 128 of them) and the parts add up to more than the step. A table addition reads 96 bytes with EXTCODECOPY and uses Z = 1; an addition of R's or A's multiples is a full cached addition.",
      "",
      "| part | additions | gas | per addition |",
      "|---|---:|---:|---:|",
    );
    lines.push(`| ${fixed!.notes} | ${fixed!.value} | ${fmt(fixed!.gas)} | – |`);
    for (const part of scalars) lines.push(`| ${part.notes} | ${part.value} | ${fmt(part.gas)} | ${fmt(Math.round(part.gas! / part.value!))} |`);
    const sum = ed25519Parts.reduce((total, row) => total + row.gas!, 0);
    lines.push(`| sum of the parts (the profile's step: ${fmt(stage?.gas)}) | ${ed25519Parts.reduce((total, row) => total + row.value!, 0)} | ${fmt(sum)} | |`, "");
  }
  return lines;
}

/** Ed25519's multiplication gas and additions over base-point tables of each wNAF width. */
function ed25519TableWidthSection(rows: Row[]): string[] {
  const lines: string[] = [];
  const tableWidths = rows.filter((row) => row.scheme === "ed25519" && row.bench_name.startsWith("verify.ed25519_table_width."));
  if (tableWidths.length > 0) {
    lines.push("## Ed25519: base-point table width", "");
    lines.push(
      "The same signature's [b]B − [c]R ∓ [a]A over base-point tables of each wNAF width (Ed25519Profiler.multiScalarMulByTableWidth): a narrower table is the deployed one's first and last 2^(w − 2) entries of B's and of [2^128]B's (their positive and negative odd multiples), placed at its own address for the call, so its first read is cold as the deployed table's is. A width-w table takes 2 × 96 × 2^(w − 1) bytes (both signs of each multiple); the widest that fits one data contract under EIP-170 is the one deployed. Wider ones are not measured: they exceed EIP-170 (splitting them costs one more cold account, 2,600 gas, per contract) and their digits do not fit the library's digit bytes (residues below 2^8); their additions are counted on the same scalars.",
      "",
      "| width | table bytes | fits one contract | b's additions | multiplication gas |",
      "|---:|---:|---|---:|---:|",
    );
    for (const row of tableWidths) {
      const width = Number(row.bench_name.split(".").at(-1));
      const tableBytes = ed25519TableBytes(width);
      lines.push(`| ${width} | ${fmt(tableBytes)} | ${fitsOneContract(tableBytes) ? "yes" : "no"} | ${row.value} | ${row.gas === null ? "not measured" : fmt(row.gas)} |`);
    }
    lines.push("");
  }
  return lines;
}

/** Falcon's verify by signature form (CT, padded, compressed) and HashToPoint length. */
function falconFormsSection({ rows, schemes }: ReportRows): string[] {
  const lines: string[] = [];
  const falconForms = schemes.filter((scheme) => rows.some((row) => row.scheme === scheme && row.bench_name.startsWith("verify.falcon_form.")));
  if (falconForms.length > 0) {
    lines.push("## Falcon: verify by signature form and HashToPoint length", "");
    lines.push(
      "One key and two hashes per degree: one whose signature needs the fewest SHAKE256 blocks in HashToPoint, one that needs one more; each signature in the three forms the verifiers accept (the round-3 reference's CT, padded and compressed formats: the same nonce and s2, encoded differently). The account signer signs in CT and re-signs until HashToPoint needs the fewest blocks; PQClean and noble sign compressed or padded, and a signer that keeps its first nonce needs one block more about 60 % of the time. `eth_call` through the ERC-7913 gas meter (verifier warm): comparable with each other, not with the traced `verify` above. CT's extra bytes over the padded form (143 for Falcon-512, 297 for Falcon-1024) cost at most 16 gas of calldata each (EIP-2028).",
      "",
      "| scheme | form | HashToPoint blocks | signature bytes | verify |",
      "|---|---|---:|---:|---:|",
    );
    for (const scheme of falconForms)
      for (const row of rows.filter((row) => row.scheme === scheme && row.bench_name.startsWith("verify.falcon_form."))) {
        const [, , form, blocks] = row.bench_name.split(".");
        lines.push(`| ${scheme} | ${form} | ${blocks.replace("_blocks", "")} | ${fmt(row.calldata_bytes)} | ${fmt(row.gas)} |`);
      }
  }
  return lines;
}

/** One-time costs by scheme: the expanded key's deployment, its attestation and the account's creation. */
function setupSection({ schemes, gasRows, figure }: ReportRows): string[] {
  const lines = ["", "## One-time setup", ""];
  lines.push("| scheme | expanded key deployment | key attestation (once per key) | account creation (first user operation) |", "|---|---:|---:|---:|");
  for (const scheme of schemes) {
    const selfContained = gasRows(scheme, "setup.expanded_key_deployment").length === 0;
    lines.push(
      `| ${scheme} | ${selfContained ? "none (key is self-contained)" : figure(scheme, "setup.expanded_key_deployment")} | ${selfContained ? "none" : figure(scheme, "setup.key_attestation")} | ${figure(scheme, "setup.account_creation")} |`,
    );
  }
  return lines;
}

/** Key, signature and calldata sizes by scheme. */
function sizesSection({ schemes, one }: ReportRows): string[] {
  const lines = ["", "## Sizes (bytes)", ""];
  lines.push("| scheme | public key | signature | ERC-7913 key | handleOps calldata (1 op, with initCode) |", "|---|---:|---:|---:|---:|");
  for (const scheme of schemes)
    lines.push(`| ${scheme} | ${fmt(one(scheme, "size.public_key")?.value)} | ${fmt(one(scheme, "size.signature")?.value)} | ${fmt(one(scheme, "size.erc7913_key")?.value)} | ${fmt(one(scheme, "size.handleops_calldata")?.value)} |`);
  return lines;
}

/** The SDK's off-chain timings by scheme: key generation, signing, local verification, key expansion. */
function offchainSection({ schemes, one }: ReportRows): string[] {
  const lines = ["", "## Off-chain (SDK, ms: median [min–max], n runs)", ""];
  lines.push("| scheme | key generation | signing | local verification | key expansion |", "|---|---:|---:|---:|---:|");
  for (const scheme of schemes)
    lines.push(`| ${scheme} | ${timingCell(one(scheme, "offchain.keygen"))} | ${timingCell(one(scheme, "offchain.sign"))} | ${timingCell(one(scheme, "offchain.verify"))} | ${timingCell(one(scheme, "offchain.key_expansion"))} |`);
  return lines;
}

/** Sign-to-receipt latency and the burst's throughput by scheme. */
function latencySection({ schemes, one }: ReportRows): string[] {
  const lines = ["", "## Latency and throughput", ""];
  lines.push("| scheme | sign → receipt (ms, median [min–max]) | burst (ops/s) | gas per block in the burst |", "|---|---:|---:|---:|");
  for (const scheme of schemes)
    lines.push(`| ${scheme} | ${timingCell(one(scheme, "latency.sign_to_receipt"))} | ${fmt(one(scheme, "throughput.burst")?.value)} | ${fmt(one(scheme, "throughput.gas_per_block")?.value)} |`);
  return lines;
}

/** Writes the two charts into `dir`: gas per secure bit by scheme, and the handleOps breakdown. */
function writeCharts(dir: string, { schemes, gasRows }: ReportRows, breakdowns: ({ scheme: string } & ReturnType<typeof breakdown>)[]): void {
  writeFileSync(
    join(dir, "gas-per-secure-bit.svg"),
    groupedLogBars(
      "Gas per secure bit (log scale)",
      "gas per secure bit (gas/bit, log scale)",
      schemes,
      ["verify", "validateUserOp", "handleOps.transfer"].map((bench) => ({
        label: bench.replace(".transfer", ""),
        values: schemes.map((scheme) => gasRows(scheme, bench)[0]?.gas_per_secure_bit ?? 0),
      })),
    ),
  );
  writeFileSync(
    join(dir, "handleops-breakdown.svg"),
    stackedBars(
      "handleOps gas breakdown",
      "gas per user operation (gas)",
      breakdowns.map((b) => b.scheme),
      [
        { label: "verification (validateUserOp)", values: breakdowns.map((b) => b.validation ?? 0) },
        { label: "calldata + intrinsic", values: breakdowns.map((b) => (b.calldata ?? 0) + intrinsicGas) },
        { label: "execution", values: breakdowns.map((b) => b.execute ?? 0) },
        { label: "EntryPoint overhead", values: breakdowns.map((b) => b.overhead ?? 0) },
      ],
    ),
  );
}

/** A timing row's cell: median [min–max], n runs, or – when there is none. */
const timingCell = (row: Row | undefined) => (row?.median === null || !row ? "–" : `${row.median} [${row.min}–${row.max}], n=${row.samples}`);

/**
 * A Safe with a post-quantum owner beside PQAccount: the hybrid Safe's execTransaction and the Falcon-512 Safe's user
 * operation, each split into the Falcon-512 verify and the rest; PQAccount's row of the same signers beside it.
 */
function safeSection(safeRows: Row[], rows: Row[]): string[] {
  if (safeRows.length === 0) return [];
  const gas = (scheme: string, bench: string, from = safeRows) => from.find((row) => row.scheme === scheme && row.bench_name === bench)?.gas ?? undefined;
  const rest = (total: number | undefined, verify: number | undefined) => (total === undefined || verify === undefined ? undefined : total - verify);
  const hybrid = { total: gas("ecdsa+falcon512", "safe.execTransaction"), verify: gas("ecdsa+falcon512", "safe.execTransaction.verify") };
  const operation = { total: gas("falcon512", "safe.handleOps.transfer"), verify: gas("falcon512", "safe.handleOps.verify") };
  return [
    "",
    "## A Safe with a post-quantum owner",
    "",
    "Safe 1.4.1 with an ERC7913SafeOwner (an ERC-1271 contract owner for one ERC-7913 signer). \"verify\" is the Falcon-512 verifier on the same hash and signature (ERC7913GasMeter); \"the rest\" is everything else in the transaction: 21,000 intrinsic, calldata, Safe's execTransaction (ECDSA recovery, owner checks, nonce, the transfer), the owner contract's call and delegatecall, and for the user operation the 4337 module and EntryPoint v0.7. PQAccount's figure for the same signers (EntryPoint v0.8, bundle transaction) is beside it.",
    "",
    "| path | owners | transaction gas | of which verify | the rest | PQAccount, same signers (handleOps) |",
    "|---|---|---:|---:|---:|---:|",
    `| execTransaction (an EOA sends it) | ECDSA + Falcon-512, threshold 2 | ${fmt(hybrid.total)} | ${fmt(hybrid.verify)} | ${fmt(rest(hybrid.total, hybrid.verify))} | ${fmt(gas("ecdsa+falcon512", "handleOps.transfer", rows))} |`,
    `| user operation (4337 module 0.3.0, bundle tx) | Falcon-512, threshold 1 | ${fmt(operation.total)} | ${fmt(operation.verify)} | ${fmt(rest(operation.total, operation.verify))} | ${fmt(gas("falcon512", "handleOps.transfer", rows))} |`,
    `| user operation, actualGasUsed | Falcon-512, threshold 1 | ${fmt(gas("falcon512", "safe.handleOps.actualGasUsed"))} | | | ${fmt(gas("falcon512", "handleOps.actualGasUsed", rows))} |`,
  ];
}

/** One op's split of the handleOps gas (the first steady-state op; all ops agree when the run is deterministic). */
export function breakdown(rows: Row[], scheme: string) {
  const gas = (bench: string) => rows.find((row) => row.scheme === scheme && row.bench_name === bench)?.gas ?? undefined;
  const total = gas("handleOps.transfer");
  const calldata = gas("handleOps.calldata");
  const validation = gas("validateUserOp");
  const execute = gas("execute") ?? gas("handleOps.execute");
  const overhead =
    total !== undefined && calldata !== undefined && validation !== undefined && execute !== undefined
      ? total - intrinsicGas - calldata - validation - execute
      : undefined;
  return { total, calldata, validation, verify: gas("verify"), execute, overhead };
}

/** A value when all runs agree, else `min–max (n values)`. */
export function describeGas(values: number[]): string {
  if (values.length === 0) return "–";
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? fmt(min) : `${fmt(min)}–${fmt(max)} (${values.length} values)`;
}

const fmt = (value: number | null | undefined) => (value === null || value === undefined ? "–" : value.toLocaleString("en-US"));
const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
const palette = ["#3b6ea5", "#e07b39", "#5a9e4b", "#8c6bb1"];

/** The charts' geometry: x labels are turned by this angle (degrees) so that long scheme names do not collide. */
const labelAngle = 40;
/** An upper estimate of a sans-serif label's width in px: 0.62 em a character covers DejaVu Sans and Helvetica. */
const textWidth = (text: string, fontSize: number) => Math.ceil(text.length * fontSize * 0.62);

/**
 * The frame both charts share: the title, the y axis's title (turned, left of the tick labels), the x labels turned by
 * {@link labelAngle} under their bars (ending at the bar's centre), and the legend below them. Returns the parts, the
 * plot's box and the chart's size, which grows with the longest label so nothing is cut off.
 */
function chartFrame(options: { title: string; yTitle: string; xTitle: string; groups: string[]; legend: string[]; width: number; plotHeight: number }) {
  const { title, yTitle, xTitle, groups, width, plotHeight } = options;
  const fontSize = 12;
  const sin = Math.sin((labelAngle * Math.PI) / 180);
  const cos = Math.cos((labelAngle * Math.PI) / 180);
  const top = 40;
  const bottom = top + plotHeight;
  const right = width - 20;
  // The tick labels (up to 9 characters at 11 px) and the y title need this much room; the first x label, turned,
  // reaches left of its bar by its width's horizontal share.
  const axisRoom = 34 + textWidth("1,000,000", 11);
  const firstReach = groups.length > 0 ? textWidth(groups[0]!, fontSize) * cos : 0;
  const groupWidth0 = (right - axisRoom) / Math.max(1, groups.length);
  const left = Math.max(axisRoom, Math.ceil(firstReach - groupWidth0 / 2 + 8));
  const groupWidth = (right - left) / Math.max(1, groups.length);
  const labelDepth = Math.ceil(Math.max(0, ...groups.map((group) => textWidth(group, fontSize) * sin + fontSize * cos)));
  const xTitleY = bottom + 10 + labelDepth + 18;
  const legendY = xTitleY + 26;
  const legendParts = legend(options.legend, left, legendY, right);
  const height = legendY + (legendParts.rows - 1) * 18 + 14;
  const parts = [
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15">${escape(title)}</text>`,
    `<text class="axis-title" x="0" y="0" transform="translate(16 ${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="12">${escape(yTitle)}</text>`,
    `<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#888"/>`,
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="#888"/>`,
    ...groups.map((group, g) => {
      const x = left + g * groupWidth + groupWidth / 2;
      const y = bottom + 10;
      return `<text class="x-label" x="${x}" y="${y}" transform="rotate(-${labelAngle} ${x} ${y})" text-anchor="end" dominant-baseline="hanging" font-size="${fontSize}">${escape(group)}</text>`;
    }),
    `<text class="axis-title" x="${(left + right) / 2}" y="${xTitleY}" text-anchor="middle" font-size="12">${escape(xTitle)}</text>`,
    ...legendParts.parts,
  ];
  return { parts, left, right, top, bottom, groupWidth, height };
}

/** Bars per group on a log scale, e.g. gas per secure bit by scheme and by what is measured. */
export function groupedLogBars(title: string, yTitle: string, groups: string[], series: { label: string; values: number[] }[]): string {
  const width = 760;
  const frame = chartFrame({ title, yTitle, xTitle: "scheme", groups, legend: series.map((s) => s.label), width, plotHeight: 260 });
  const { left, right, top, bottom, groupWidth, parts } = frame;
  const max = Math.max(10, ...series.flatMap((s) => s.values));
  const decades = Math.ceil(Math.log10(max));
  const y = (value: number) => (value <= 1 ? bottom : bottom - ((bottom - top) * Math.log10(value)) / decades);
  const barWidth = (groupWidth * 0.8) / series.length;
  for (let decade = 0; decade <= decades; decade++) {
    const value = 10 ** decade;
    parts.push(`<line x1="${left}" x2="${right}" y1="${y(value)}" y2="${y(value)}" stroke="#ddd"/>`);
    parts.push(`<text class="y-tick" x="${left - 6}" y="${y(value) + 4}" text-anchor="end" font-size="11">${fmt(value)}</text>`);
  }
  groups.forEach((group, g) => {
    series.forEach((s, i) => {
      const value = s.values[g] ?? 0;
      const x = left + g * groupWidth + groupWidth * 0.1 + i * barWidth;
      parts.push(`<rect x="${x}" y="${y(value)}" width="${Math.max(1, barWidth - 2)}" height="${bottom - y(value)}" fill="${palette[i % palette.length]}"><title>${escape(`${group} ${s.label}: ${value}`)}</title></rect>`);
    });
  });
  return svg(width, frame.height, parts);
}

/** Stacked bars per group on a linear scale, e.g. the parts of one operation's handleOps gas by scheme. */
export function stackedBars(title: string, yTitle: string, groups: string[], series: { label: string; values: number[] }[]): string {
  const width = 760;
  const frame = chartFrame({ title, yTitle, xTitle: "scheme", groups, legend: series.map((s) => s.label), width, plotHeight: 260 });
  const { left, right, top, bottom, groupWidth, parts } = frame;
  const totals = groups.map((_, g) => series.reduce((sum, s) => sum + (s.values[g] ?? 0), 0));
  const max = niceCeiling(Math.max(1, ...totals));
  const scale = (value: number) => ((bottom - top) * value) / max;
  for (let tick = 0; tick <= 4; tick++) {
    const value = (max * tick) / 4;
    parts.push(`<line x1="${left}" x2="${right}" y1="${bottom - scale(value)}" y2="${bottom - scale(value)}" stroke="#ddd"/>`);
    parts.push(`<text class="y-tick" x="${left - 6}" y="${bottom - scale(value) + 4}" text-anchor="end" font-size="11">${fmt(Math.round(value))}</text>`);
  }
  groups.forEach((group, g) => {
    let base = bottom;
    const x = left + g * groupWidth + groupWidth * 0.2;
    series.forEach((s, i) => {
      const h = scale(Math.max(0, s.values[g] ?? 0));
      base -= h;
      parts.push(`<rect x="${x}" y="${base}" width="${groupWidth * 0.6}" height="${h}" fill="${palette[i % palette.length]}"><title>${escape(`${group} ${s.label}: ${s.values[g]}`)}</title></rect>`);
    });
  });
  return svg(width, frame.height, parts);
}

/** The smallest 1, 2 or 5 × 10^k at or above `value`, so axis ticks fall on round numbers. */
function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * magnitude).find((candidate) => candidate >= value)!;
}

/** The legend's swatches and labels from (x, y), wrapping to a new row of `rowHeight` px before `right`. */
function legend(labels: string[], x: number, y: number, right: number, rowHeight = 18): { parts: string[]; rows: number } {
  let offset = x;
  let row = 0;
  const parts = labels.flatMap((label, i) => {
    const entryWidth = 16 + textWidth(label, 11);
    if (offset > x && offset + entryWidth > right) {
      offset = x;
      row += 1;
    }
    const top = y + row * rowHeight;
    const entry = [
      `<rect x="${offset}" y="${top - 10}" width="12" height="12" fill="${palette[i % palette.length]}"/>`,
      `<text class="legend" x="${offset + 16}" y="${top}" font-size="11">${escape(label)}</text>`,
    ];
    offset += entryWidth + 18;
    return entry;
  });
  return { parts, rows: row + 1 };
}

function svg(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${parts.join("\n")}\n</svg>\n`;
}
