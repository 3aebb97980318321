import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";
import { isRunning } from "./processTable.js";

// A launcher chain like npx's, in a process group of its own as a shell job is: sh → sh → node, where node
// watches its launchers and says so when they are gone.
const watcher = join(mkdtempSync(join(tmpdir(), "pq4337-launcher-")), "watcher.mjs");
writeFileSync(
  watcher,
  `import { watchLauncher } from ${JSON.stringify(new URL("../dist/launcher.js", import.meta.url).href)};
   watchLauncher({ intervalMs: 50, onExit: () => { console.log("launcher gone"); process.exit(0); } });
   console.log("watching");`,
);

const childrenOf = (pid: number) => spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout.trim().split("\n").map(Number);

async function startChain() {
  // "; true" keeps each shell from replacing itself with its last command.
  const top = spawn("sh", ["-c", `sh -c '"${process.execPath}" "${watcher}"; true'; true`], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: top.stdout! })[Symbol.asyncIterator]();
  assert.equal((await lines.next()).value, "watching");
  const [shell] = childrenOf(top.pid!);
  const [node] = childrenOf(shell!);
  const nextLine = () => Promise.race([lines.next().then(({ value }) => value), new Promise((resolve) => setTimeout(resolve, 2_000, "no answer in 2 s"))]);
  const kill = () => {
    for (const pid of [node!, shell!, top.pid!]) if (isRunning(pid)) process.kill(pid, "SIGKILL");
  };
  return { chain: { top: top.pid!, shell: shell!, node: node! }, nextLine, kill };
}

describe("watchLauncher", () => {
  for (const gone of ["top", "shell"] as const)
    it(`notices when the ${gone === "top" ? "outermost launcher (the group's leader)" : "direct parent"} is killed`, async () => {
      const { chain, nextLine, kill } = await startChain();
      try {
        process.kill(chain[gone], "SIGKILL");
        assert.equal(await nextLine(), "launcher gone");
      } finally {
        kill();
      }
    });

  it("keeps quiet while the chain is intact", async () => {
    const { chain, nextLine, kill } = await startChain();
    try {
      assert.equal(await nextLine(), "no answer in 2 s");
      assert.ok(isRunning(chain.node));
    } finally {
      kill();
    }
  });
});
