import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";
import { isRunning } from "./processTable.js";

// An owner: a Node process that starts `sleep 300` with startProcess (from the build, whose reaper is built
// too), prints its PID, then stops it on "stop" or just waits.
const processModule = new URL("../dist/process.js", import.meta.url).href;
const ownerScript = `
  import { createInterface } from "node:readline";
  import { startProcess } from ${JSON.stringify(processModule)};
  const sleeper = startProcess("sleep", "sleep", ["300"]);
  console.log(sleeper.pid);
  createInterface({ input: process.stdin }).on("line", async () => { await sleeper.stop(); console.log("stopped"); });
`;

async function startOwner(): Promise<{ owner: ChildProcess; sleeper: number; reaper: number; lines: AsyncIterator<string> }> {
  const owner = spawn(process.execPath, ["--input-type=module", "-e", ownerScript], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: owner.stdout! })[Symbol.asyncIterator]();
  const sleeper = Number((await lines.next()).value);
  // The owner's children: the sleeper and its reaper.
  const children = spawnSync("pgrep", ["-P", String(owner.pid)], { encoding: "utf8" }).stdout.trim().split("\n").map(Number);
  const reaper = children.find((pid) => pid !== sleeper)!;
  assert.equal(children.length, 2);
  assert.match(spawnSync("ps", ["-o", "args=", "-p", String(reaper)], { encoding: "utf8" }).stdout, /\/reaper\.js$/m, "the owner runs a reaper");
  return { owner, sleeper, reaper, lines };
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe("startProcess: children are owned", () => {
  it("SIGKILL of the owner: the reaper stops its children, then exits", async () => {
    const { owner, sleeper, reaper } = await startOwner();
    try {
      assert.ok(isRunning(sleeper));
      owner.kill("SIGKILL");
      assert.ok(await waitFor(() => !isRunning(sleeper), 3_000), "the child stops within 3 s");
      assert.ok(await waitFor(() => !isRunning(reaper), 3_000), "the reaper exits");
    } finally {
      for (const pid of [sleeper, reaper]) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("a child the owner stopped itself is forgotten, and the reaper exits with the owner", async () => {
    const { owner, sleeper, reaper, lines } = await startOwner();
    owner.stdin!.write("stop\n");
    assert.equal((await lines.next()).value, "stopped");
    assert.equal(isRunning(sleeper), false);
    assert.ok(isRunning(reaper), "the reaper waits for its owner");
    owner.stdin!.end();
    owner.kill("SIGTERM");
    assert.ok(await waitFor(() => !isRunning(reaper), 3_000), "the reaper exits");
  });
});
