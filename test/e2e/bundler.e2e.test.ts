// `pq4337 bundler --rpc-url URL` on a bare chain, as a testnet looks before pq4337 is there: anvil with Sepolia's
// chain id and no CREATE2 deployer. The bundler installs what is missing, a Falcon-512 account is deployed by a plain
// transaction and sends through the bundler, and Alto stops on every exit path: SIGINT, SIGTERM, SIGHUP, the death
// of the shell that launched it, SIGKILL of the command itself (its reaper).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type Address, createPublicClient, createWalletClient, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devnetPrivateKeys } from "@pq4337/devnet";
import { create2DeployerAddress, entryPointAddress, getPQ4337Addresses } from "@pq4337/sdk";
import { type BareChain, answers, freePort, startBareChain } from "../helpers/bareChain.js";
import { commandLine, isRunning, processTree } from "../helpers/processes.js";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

/** The environment without the variables the commands read, so each test sets exactly what it means. */
const { PQ4337_PRIVATE_KEY: _, PQ4337_PASSPHRASE: __, ...inheritedEnv } = process.env;

/** Runs a CLI command to its end. */
function run(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...inheritedEnv, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}

type Running = { shell: ChildProcess; node: number; alto: number; bundlerUrl: string; stdout: () => string; stderr: () => string };

/**
 * Starts `pq4337 bundler` under a `sh -c` (a launcher that, like npm's and pnpm's shells, passes no signal on) in a
 * process group of its own, until it prints its `export` lines.
 */
async function startBundlerCommand(rpcUrl: string, extraArgs: string[] = []): Promise<Running> {
  const port = await freePort();
  const shell = spawn("sh", ["-c", `"${process.execPath}" "${cli}" bundler --rpc-url ${rpcUrl} --port ${port} ${extraArgs.join(" ")}; true`], {
    env: { ...inheritedEnv, PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  shell.stdout!.on("data", (chunk) => (stdout += chunk));
  shell.stderr!.on("data", (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bundler not ready after 240 s:\n${stderr}`)), 240_000);
    shell.stdout!.on("data", () => /# Ctrl-C to stop\.\n/.test(stdout) && (clearTimeout(timer), resolve()));
    shell.once("exit", (code) => (clearTimeout(timer), reject(new Error(`exited with ${code}:\n${stderr}`))));
  });
  const tree = processTree(shell.pid!);
  const node = tree.find((pid) => /pq4337\.js bundler/.test(commandLine(pid)) && !commandLine(pid).startsWith("sh "))!;
  const alto = tree.find((pid) => /@pimlico\/alto/.test(commandLine(pid)))!;
  assert.ok(node && alto, `the bundler's node and Alto run:\n${tree.map((pid) => commandLine(pid)).join("\n")}`);
  return { shell, node, alto, bundlerUrl: `http://127.0.0.1:${port}`, stdout: () => stdout, stderr: () => stderr };
}

/** Alto and the command have exited and the bundler stopped answering within 5 s. */
async function assertStopped(running: Running): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && ([running.node, running.alto].some(isRunning) || (await answers(running.bundlerUrl))))
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(isRunning(running.alto), false, "Alto has exited");
  assert.equal(isRunning(running.node), false, "the command has exited");
  assert.equal(await answers(running.bundlerUrl), false, "the bundler no longer answers");
}

function cleanUp(running: Running): void {
  for (const target of [-running.shell.pid!, running.node, running.alto])
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
}

describe("pq4337 bundler on a bare chain (anvil, chain id 11155111, no CREATE2 deployer)", () => {
  let chain: BareChain;
  let rpcUrl: string;
  let directory: string;
  const client = () => createPublicClient({ transport: http(rpcUrl) });

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), "pq4337-bundler-"));
    chain = await startBareChain();
    ({ rpcUrl } = chain);
  });
  after(async () => {
    await chain?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("refuses bad input with one line before it touches the chain", async () => {
    const none = await run(["bundler"]);
    assert.equal(none.status, 2);
    assert.match(none.stderr.split("\n")[0]!, /^pq4337: missing --rpc-url$/);
    const noKey = await run(["bundler", "--rpc-url", rpcUrl]);
    assert.equal(noKey.status, 2);
    assert.match(noKey.stderr.split("\n")[0]!, /^pq4337: no key to pay with/);
    const badPort = await run(["bundler", "--rpc-url", rpcUrl, "--port", "70000"], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] });
    assert.equal(badPort.status, 2);
    assert.match(badPort.stderr, /^pq4337: --port must be a port number from 1 to 65535, got "70000"\n$/);
    const devnet = await run(["devnet", "--rpc-url", rpcUrl]);
    assert.equal(devnet.status, 2);
    assert.match(devnet.stderr, /run "pq4337 bundler --rpc-url URL"/);
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await run(["bundler", "--rpc-url", closed], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] });
    assert.equal(unreachable.status, 1);
    assert.equal(unreachable.stderr, `pq4337: cannot reach the RPC at ${closed}: connection refused\n`);
    assert.equal(await client().getCode({ address: create2DeployerAddress }), undefined, "nothing was deployed");
  });

  it("installs the CREATE2 deployer, EntryPoint v0.8 and pq4337, prints export lines, and a Falcon-512 account deployed first sends under 500,000 verification gas; SIGTERM stops Alto", async () => {
    const bundler = await startBundlerCommand(rpcUrl);
    try {
      const exports = Object.fromEntries([...bundler.stdout().matchAll(/^export (PQ4337_\w+)=(\S+)$/gm)].map(([, name, value]) => [name, value]));
      assert.deepEqual(exports, { PQ4337_RPC_URL: rpcUrl, PQ4337_BUNDLER_URL: bundler.bundlerUrl });
      assert.match(bundler.stdout(), /^# chain 11155111: deployed CREATE2 deployer, EntryPoint, PQAccountFactory, /m);
      assert.match(bundler.stderr(), /^deployed EntryPoint at 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108: transaction 0x[0-9a-f]{64}$/m);
      assert.notEqual(await client().getCode({ address: entryPointAddress }), undefined);
      assert.notEqual(await client().getCode({ address: getPQ4337Addresses().accountFactory }), undefined);

      // A testnet user's flow, with a funded key other than the bundler's.
      const payer = { PQ4337_PRIVATE_KEY: devnetPrivateKeys[3] };
      const keyFile = join(directory, "falcon.key");
      assert.equal((await run(["account", "new", "--scheme", "falcon512", "--out", keyFile, "--insecure-plaintext"])).status, 0);
      const address = (await run(["account", "address", "--key-file", keyFile])).stdout.trim() as Address;
      assert.equal((await run(["account", "deploy-key", "--key-file", keyFile, "--rpc-url", rpcUrl], payer)).status, 0);
      const funder = createWalletClient({ transport: http(rpcUrl), account: privateKeyToAccount(devnetPrivateKeys[3]) });
      await client().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1"), chain: null }) });
      const recipient = privateKeyToAccount(generatePrivateKey()).address;
      const send = ["account", "send", "--key-file", keyFile, "--rpc-url", rpcUrl, "--bundler-url", bundler.bundlerUrl, "--to", recipient, "--value", "0.1"];

      // Its creating operation would declare more than ERC-7562's 500,000: refused before signing, with the command.
      const blockBefore = await client().getBlockNumber();
      const refused = await run(send);
      assert.equal(refused.status, 1, refused.stderr);
      assert.match(
        refused.stderr,
        /^pq4337: this first operation would create the account and declare [\d,]+ verification gas, above ERC-7562's 500,000 that public bundlers enforce: run "pq4337 account deploy --key-file \S+falcon\.key --rpc-url \S+ --keystore FILE" first \(any funded key pays\); nothing was signed\n$/,
      );
      assert.equal(await client().getBlockNumber(), blockBefore);

      const deployed = await run(["account", "deploy", "--key-file", keyFile, "--rpc-url", rpcUrl], payer);
      assert.equal(deployed.status, 0, deployed.stderr);
      assert.match(deployed.stdout, new RegExp(`^account ${address}\\ntransaction 0x[0-9a-f]{64}, gas used \\d+ \\(0\\.\\d+ ETH\\), paid by ${privateKeyToAccount(devnetPrivateKeys[3]).address}\\n$`));
      assert.match((await run(["account", "deploy", "--key-file", keyFile, "--rpc-url", rpcUrl], payer)).stdout, /^Already deployed: nothing sent\.$/m);

      const sent = await run(send);
      assert.equal(sent.status, 0, sent.stderr);
      const hash = sent.stdout.match(/^user operation (0x[0-9a-f]{64})$/m)![1]!;
      const operation = (await (
        await fetch(bundler.bundlerUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getUserOperationByHash", params: [hash] }),
        })
      ).json()) as { result: { userOperation: { verificationGasLimit: string } } };
      assert.ok(BigInt(operation.result.userOperation.verificationGasLimit) <= 500_000n, `declared ${BigInt(operation.result.userOperation.verificationGasLimit)}`);
      assert.equal(await client().getBalance({ address: recipient }), parseEther("0.1"));

      process.kill(bundler.node, "SIGTERM");
      await assertStopped(bundler);
    } finally {
      cleanUp(bundler);
    }
  });

  it("a second start deploys nothing and says so; SIGINT stops Alto", async () => {
    const bundler = await startBundlerCommand(rpcUrl);
    try {
      assert.match(bundler.stdout(), /^# chain 11155111: pq4337 and EntryPoint v0\.8 were there already$/m);
      process.kill(bundler.node, "SIGINT");
      await assertStopped(bundler);
    } finally {
      cleanUp(bundler);
    }
  });

  for (const [what, stop] of [
    ["SIGHUP to the command", (running: Running) => process.kill(running.node, "SIGHUP")],
    ["the death of its launcher (SIGKILL to the shell)", (running: Running) => process.kill(running.shell.pid!, "SIGKILL")],
    ["SIGKILL to the command itself (its reaper)", (running: Running) => process.kill(running.node, "SIGKILL")],
  ] as const)
    it(`${what}: Alto is gone within 5 s`, async () => {
      const bundler = await startBundlerCommand(rpcUrl);
      try {
        stop(bundler);
        await assertStopped(bundler);
      } finally {
        cleanUp(bundler);
      }
    });
});

describe("pq4337 bundler whose launcher dies while it deploys", () => {
  let chain: BareChain;
  let rpcUrl: string;

  before(async () => {
    chain = await startBareChain();
    ({ rpcUrl } = chain);
  });
  after(async () => {
    await chain?.stop();
  });

  it("the command exits within 5 s, before Alto starts, and says so", async () => {
    const port = await freePort();
    const shell = spawn("sh", ["-c", `"${process.execPath}" "${cli}" bundler --rpc-url ${rpcUrl} --port ${port}; true`], {
      env: { ...inheritedEnv, PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    try {
      // The first deployment (the CREATE2 deployer) has landed; the rest of the kit is on its way.
      await new Promise<void>((resolve, reject) => {
        shell.stderr!.on("data", (chunk) => (stderr += chunk) && /^deployed CREATE2 deployer /m.test(stderr) && resolve());
        shell.once("exit", (code) => reject(new Error(`exited with ${code}:\n${stderr}`)));
      });
      const node = processTree(shell.pid!).find((pid) => /pq4337\.js bundler/.test(commandLine(pid)) && !commandLine(pid).startsWith("sh "))!;
      process.kill(shell.pid!, "SIGKILL");
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && isRunning(node)) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(isRunning(node), false, "the command has exited");
      assert.match(stderr, /^pq4337: stopped before the bundler was ready$/m);
      assert.equal(await answers(`http://127.0.0.1:${port}`), false, "no bundler answers");
    } finally {
      try {
        process.kill(-shell.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  });
});
