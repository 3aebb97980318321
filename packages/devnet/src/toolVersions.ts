import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { anvilBinary } from "./anvil.js";

/** Versions of the devnet's parts, for provenance records. */
export function toolVersions(): { anvil: string; alto: string; entryPoint: string } {
  const require = createRequire(import.meta.url);
  const anvil = execFileSync(anvilBinary(), ["--version"], { encoding: "utf8" }).split("\n")[0]!.replace(/^anvil Version:\s*/, "");
  const entryPoint = (require("@account-abstraction/contracts/package.json") as { version: string }).version;
  return {
    anvil,
    alto: altoVersion(require),
    entryPoint: `v0.8 canonical (@account-abstraction/contracts@${entryPoint})`,
  };
}

function altoVersion(require: NodeRequire): string {
  // Alto exports only its entry module; its package.json is two levels above it.
  const entry = require.resolve("@pimlico/alto");
  const manifest = entry.replace(/esm\/index\.js$/, "package.json");
  return (require(manifest) as { version: string }).version;
}
