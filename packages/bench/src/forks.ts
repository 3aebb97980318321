import type { Row } from "./dataset.js";

/** The figures the by-fork table compares. */
const compared = [
  ["verify", "verify"],
  ["handleOps.transfer", "handleOps"],
] as const;

/**
 * The report's "by fork" section: the same schemes under each fork the run measured, side by side, with the
 * change from the first fork to each other. Empty when the run measured one fork.
 */
export function forkSection(rows: Row[]): string[] {
  const forks = [...new Set(rows.filter((row) => row.surface !== "bundle").map((row) => row.hardfork))].filter((fork) => fork !== null);
  if (forks.length < 2) return [];
  const [base, ...others] = forks as [string, ...string[]];
  const first = (scheme: string, bench: string, fork: string) =>
    rows.find((row) => row.scheme === scheme && row.bench_name === bench && row.hardfork === fork && row.gas !== null)?.gas ?? null;
  const schemes = [...new Set(rows.filter((row) => row.bench_name === "handleOps.transfer").map((row) => row.scheme))];
  const header = compared.flatMap(([, label]) => [...forks.map((fork) => `${label} (${fork})`), ...others.map((fork) => `${fork} vs ${base}`)]);
  const lines = [
    "## By fork",
    "",
    `The same schemes, keys and operations on a devnet of each fork (the first steady-state operation's figures). Osaka brought EIP-7951's P-256 precompile (passkeys), EIP-7825's 2^24 gas per transaction, EIP-7883's MODEXP repricing and EIP-7939's CLZ.`,
    "",
    `| scheme | ${header.join(" | ")} |`,
    `|---|${header.map(() => "---:|").join("")}`,
  ];
  for (const scheme of schemes) {
    const cells = compared.flatMap(([bench]) => {
      const gas = forks.map((fork) => first(scheme, bench, fork));
      const changes = others.map((_, index) => {
        const [from, to] = [gas[0], gas[index + 1]];
        return from && to ? `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%` : "–";
      });
      return [...gas.map((value) => (value === null ? "–" : value.toLocaleString("en-US"))), ...changes];
    });
    lines.push(`| ${scheme} | ${cells.join(" | ")} |`);
  }
  return lines;
}
