import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { createRequire } from "node:module";
import { toolVersions } from "@pq4337/devnet";

export type Provenance = {
  commit: string;
  dirty: boolean;
  tool_solc: string;
  tool_node: string;
  tool_anvil: string;
  tool_alto: string;
  tool_entrypoint: string;
  cpu: string;
};

/** Where the figures come from: the commit (and whether the tree had uncommitted changes), tools and CPU. */
export function collectProvenance(): Provenance {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  let commit = "unknown";
  let dirty = false;
  try {
    commit = git("rev-parse", "HEAD");
    dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  } catch {
    // Not a git checkout (e.g. an installed package): the commit stays unknown.
  }
  const tools = toolVersions();
  return {
    commit,
    dirty,
    tool_solc: (createRequire(import.meta.url)("solc/package.json") as { version: string }).version,
    tool_node: process.version,
    tool_anvil: tools.anvil,
    tool_alto: tools.alto,
    tool_entrypoint: tools.entryPoint,
    cpu: `${cpus()[0]?.model ?? "unknown"} × ${cpus().length}`,
  };
}
