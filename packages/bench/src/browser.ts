import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The file the web wallet's Chromium test writes (test/e2e/webWallet.browser.test.ts), read from the bench's output folder. */
export const browserTimingsFile = "browser-timings.json";

type BrowserTiming = { median: number; min: number; max: number; n: number };
const steps = ["keygen", "sign", "verify", "key_expansion"] as const;

type BrowserTimings = {
  browser: string;
  measuredAt: string;
  schemes: Record<string, Record<(typeof steps)[number], BrowserTiming>>;
};

/**
 * The report's "in the browser" section, beside the Node timings: key generation, signing, local verification and
 * key expansion as examples/web-wallet measures them in Chromium. Empty when `dir` holds no browser timings.
 */
export function browserSection(dir: string): string[] {
  const file = join(dir, browserTimingsFile);
  if (!existsSync(file)) return [];
  const timings = JSON.parse(readFileSync(file, "utf8")) as BrowserTimings;
  const cell = (timing: BrowserTiming | undefined) => (timing ? `${timing.median} [${timing.min}–${timing.max}], n=${timing.n}` : "–");
  const lines = [
    "## Off-chain in the browser (SDK in Chromium, ms: median [min–max], n runs)",
    "",
    `${timings.browser}, ${timings.measuredAt}: the web wallet's "measure" button (examples/web-wallet/src/timings.ts), pressed by its Chromium test. Same steps as the Node table; a separate run, not this report's.`,
    "",
    "| scheme | key generation | signing | local verification | key expansion |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const [scheme, measured] of Object.entries(timings.schemes)) lines.push(`| ${scheme} | ${steps.map((step) => cell(measured[step])).join(" | ")} |`);
  return lines;
}
