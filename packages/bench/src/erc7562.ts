import type { UserOperation } from "viem/account-abstraction";
import { Erc7562TracerUnsupportedError, checkErc7562, maxVerificationGas } from "@pq4337/sdk";
import type { Row } from "./dataset.js";
import type { Environment } from "./environment.js";
import type { Measurement } from "./dataset.js";

/** The two kinds of operation the ERC-7562 rows tell apart. */
export type OperationKind = "first_operation" | "steady_state";

const kindLabels: Record<OperationKind, string> = {
  first_operation: "first operation (creates the account)",
  steady_state: "steady state",
};

/**
 * One ERC-7562 row for an operation already included in block `includedIn`: its declared verificationGasLimit as the
 * gas, and in the notes whether it fits `MAX_VERIFICATION_GAS` and which rules its validation broke, checked on the
 * state before that block with geth's `erc7562Tracer`. On a node without the tracer (anvil) the rules are reported as
 * not checked; the gas bound is judged anyway.
 */
export async function measureErc7562(
  environment: Environment,
  userOperation: UserOperation<"0.8">,
  includedIn: bigint,
  kind: OperationKind,
): Promise<Measurement> {
  const declared = userOperation.verificationGasLimit + (userOperation.paymasterVerificationGasLimit ?? 0n);
  const bound = `gas bound: ${declared <= maxVerificationGas ? "fits" : "exceeds"}`;
  let rules: string;
  try {
    const { verdicts, validation } = await checkErc7562({ client: environment.client, userOperation, blockNumber: includedIn - 1n });
    const broken = verdicts.filter((verdict) => !verdict.passed && verdict.rule !== "MAX_VERIFICATION_GAS");
    rules = broken.length === 0 ? "rules: clean" : `rules broken: ${broken.map((verdict) => `${verdict.rule} (${verdict.violations[0]!.detail})`).join(", ")}`;
    if (!validation.success) rules += `; validation refused: ${validation.revertReason}`;
  } catch (error) {
    if (!(error instanceof Erc7562TracerUnsupportedError)) throw error;
    rules = "rules: not checked (the node has no erc7562Tracer: run the bench with --node geth)";
  }
  return {
    bench_name: `erc7562.${kind}`,
    surface: "validateUserOp",
    unit: "gas",
    gas: Number(declared),
    notes: `${bound}; ${rules}`,
  };
}

/** The report's ERC-7562 section: per scheme and operation kind, the gas bound and the rules. */
export function erc7562Section(rows: Row[], schemes: string[]): string[] {
  const lines = [
    "## ERC-7562 by operation",
    "",
    `Each operation checked as a public-mempool bundler would: EntryPoint v0.8's handleOps traced with geth's erc7562Tracer on the state before its block (\`checkErc7562\`, the rules of \`pnpm pq4337 check-7562\`). Gas bound: the declared verificationGasLimit against ERC-7562's MAX_VERIFICATION_GAS (${maxVerificationGas.toLocaleString("en-US")}). Rules: clean, or the rules broken with their ERC-7562 ids. An account deployed beforehand with \`deployAccount\` has no creating operation: its first operation declares the steady state's limit plus the EntryPoint's first nonce and deposit writes (2 × 17,100).`,
    "",
    "| scheme | operation | verificationGasLimit | gas bound | rules |",
    "|---|---|---:|---|---|",
  ];
  for (const scheme of schemes)
    for (const kind of Object.keys(kindLabels) as OperationKind[]) {
      const kindRows = rows.filter((row) => row.scheme === scheme && row.bench_name === `erc7562.${kind}`);
      if (kindRows.length === 0) continue;
      const limits = kindRows.map((row) => row.gas!);
      const [min, max] = [Math.min(...limits), Math.max(...limits)];
      const verdicts = [...new Set(kindRows.map((row) => row.notes))];
      const [bound, rules] = [
        [...new Set(verdicts.map((notes) => notes.split("; ")[0]!.replace("gas bound: ", "")))].join(" / "),
        [...new Set(verdicts.map((notes) => notes.split("; ").slice(1).join("; ").replace(/^rules: /, "")))].join(" / "),
      ];
      const limit = min === max ? min.toLocaleString("en-US") : `${min.toLocaleString("en-US")}–${max.toLocaleString("en-US")}`;
      lines.push(`| ${scheme} | ${kindLabels[kind]} | ${limit} | ${bound} | ${rules} |`);
    }
  return lines;
}
