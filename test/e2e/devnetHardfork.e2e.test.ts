import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

/** Starts `pq4337 devnet --json` with `args`, returns its JSON line and the fork anvil itself reports, then stops it. */
async function devnetFork(args: string[]): Promise<{ printed: string; node: string }> {
  const child = spawn(process.execPath, [cli, "devnet", "--json", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`devnet exited early with ${code}`)));
    });
    const { rpcUrl, hardfork } = JSON.parse(line) as { rpcUrl: string; hardfork: string };
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_nodeInfo", params: [] }),
    });
    const { result } = (await response.json()) as { result: { hardFork: string } };
    return { printed: hardfork, node: result.hardFork.toLowerCase() };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

describe("pq4337 devnet --hardfork", () => {
  it("runs Osaka by default and Prague when asked, and says so", async () => {
    assert.deepEqual(await devnetFork(["--port", "18645", "--bundler-port", "14437"]), { printed: "osaka", node: "osaka" });
    assert.deepEqual(await devnetFork(["--port", "18645", "--bundler-port", "14437", "--hardfork", "prague"]), { printed: "prague", node: "prague" });
  });
});
