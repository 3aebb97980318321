import { type Hex, keccak256, stringToHex } from "viem";
import { schemes } from "@pq4337/sdk";

export type BrowserTiming = { median: number; min: number; max: number; n: number };

/** What `pnpm bench`'s report shows in its "browser" table, beside the Node timings. */
export type BrowserTimings = {
  userAgent: string;
  measuredAt: string;
  /** Per scheme, in ms: what the bench's off-chain table measures in Node, measured the same way here. */
  schemes: Record<string, { keygen: BrowserTiming; sign: BrowserTiming; verify: BrowserTiming; key_expansion: BrowserTiming }>;
};

async function time(runs: number, work: (run: number) => unknown): Promise<BrowserTiming> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const middle = samples.length >> 1;
  const median = samples.length % 2 ? samples[middle]! : (samples[middle - 1]! + samples[middle]!) / 2;
  return { median: round(median), min: round(samples[0]!), max: round(samples.at(-1)!), n: samples.length };
}

/**
 * Key generation (with key expansion, as the signer computes it), signing, local verification and key expansion for
 * every scheme in the SDK's registry, `runs` times each, from fixed seeds as the bench uses.
 */
export async function measureBrowserTimings(runs: number, onScheme: (name: string) => void = () => {}): Promise<BrowserTimings> {
  const seed = (scheme: string, label: string): Hex => keccak256(stringToHex(`pq4337-browser/${scheme}/${label}`));
  const hash = keccak256(stringToHex("pq4337-bench message"));
  const measured: BrowserTimings["schemes"] = {};
  for (const scheme of Object.values(schemes)) {
    onScheme(scheme.name);
    const signer = scheme.createSigner(seed(scheme.name, "key"));
    const signature = await signer.sign({ hash });
    measured[scheme.name] = {
      keygen: await time(runs, (run) => scheme.createSigner(seed(scheme.name, `keygen-${run}`))),
      sign: await time(runs, () => signer.sign({ hash })),
      verify: await time(runs, () => scheme.verify(signer.publicKey, hash, signature)),
      key_expansion: await time(runs, () => scheme.toErc7913Key(signer.publicKey)),
    };
  }
  return { userAgent: navigator.userAgent, measuredAt: new Date().toISOString(), schemes: measured };
}
