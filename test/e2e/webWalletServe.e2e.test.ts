// examples/web-wallet/serve.ts as the README starts it: it builds the page, starts the embedded devnet, serves both
// on 127.0.0.1, refuses bad input before starting anything, and stops the devnet with its launcher.
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { get } from "node:http";
import { after, describe, it } from "node:test";
import { isRunning, processTree } from "../helpers/processes.js";

const root = new URL("../..", import.meta.url).pathname;
const command = ["-y", "pnpm@10.34.8", "exec", "tsx", "examples/web-wallet/serve.ts"];
// A user's shell: without what `pnpm test` puts first on PATH and in npm_* variables.
const userEnv = Object.fromEntries(
  Object.entries(process.env)
    .filter(([name]) => !/^(npm_|pnpm_)/i.test(name))
    .map(([name, value]) => [name, name === "PATH" ? value!.split(":").filter((dir) => !dir.includes("node_modules")).join(":") : value]),
);

const groups = new Set<number>();
after(() => {
  for (const group of groups)
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Already gone.
    }
});

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' });
    return response.ok;
  } catch {
    return false;
  }
}

describe("examples/web-wallet/serve.ts", () => {
  it("refuses bad input with one line on stderr and exit code 2, before starting anything", () => {
    for (const [args, message] of [
      [["--port", "http"], /^serve: --port must be a TCP port, got "http"$/],
      [["--rpc-url", "http://127.0.0.1:8545"], /^serve: --rpc-url, --bundler-url and --chain-id go together$/],
      [["--bogus"], /^serve: Unknown option '--bogus'/],
    ] as const) {
      const run = spawnSync("npx", [...command, ...args], { cwd: root, env: userEnv, encoding: "utf8" });
      assert.equal(run.status, 2, run.stderr);
      // npm's own warnings about the machine's npm configuration are not the script's.
      const lines = run.stderr.trim().split("\n").filter((line) => !line.startsWith("npm warn "));
      assert.equal(lines.length, 1, run.stderr);
      assert.match(lines[0]!, message);
    }
  });

  it("serves the page and a config.json naming the devnet it started; SIGTERM to npx stops the devnet within 5 s", async () => {
    const launcher: ChildProcess = spawn("npx", [...command, "--port", "0"], { cwd: root, env: userEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    groups.add(launcher.pid!);
    let stdout = "";
    launcher.stdout!.on("data", (chunk) => (stdout += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL after 120 s: ${stdout}`)), 120_000);
      launcher.stdout!.on("data", () => {
        const match = /^web wallet (http:\/\/127\.0\.0\.1:\d+\/) \(chain 31337, embedded devnet\)/m.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    assert.match(await (await fetch(url)).text(), /<title>pq4337 web wallet<\/title>/);
    assert.equal((await fetch(`${url}main.js`)).headers.get("content-type"), "text/javascript; charset=utf-8");
    // A raw request line, as fetch would resolve the dots itself.
    const outside = await new Promise<number | undefined>((resolve, reject) =>
      get({ host: "127.0.0.1", port: new URL(url).port, path: "/../../../package.json" }, (response) => resolve(response.resume().statusCode)).once("error", reject),
    );
    assert.equal(outside, 404, "nothing outside the built folder");
    const config = (await (await fetch(`${url}config.json`)).json()) as { rpcUrl: string; bundlerUrl: string; chainId: number; devnetFunderPrivateKey: string };
    assert.equal(config.chainId, 31337);
    assert.match(config.devnetFunderPrivateKey, /^0x[0-9a-f]{64}$/);
    assert.ok(await rpcAnswers(config.rpcUrl));
    assert.ok(await rpcAnswers(config.bundlerUrl));
    const started = processTree(launcher.pid!);

    process.kill(launcher.pid!, "SIGTERM");
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && (started.some(isRunning) || (await rpcAnswers(config.rpcUrl)))) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(started.filter(isRunning), [], "every process of the launcher chain and the devnet is gone");
    assert.equal(await rpcAnswers(config.rpcUrl), false);
    assert.equal(await rpcAnswers(config.bundlerUrl), false);
  });
});
