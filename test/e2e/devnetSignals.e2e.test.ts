// `pq4337 devnet` started as the README says, `npx -y pnpm@10.34.8 -s pq4337 devnet --json`, is a chain of seven
// processes, and none of the shells and shims in it passes signals on. Whichever of them is signalled, and however
// the devnet's own node dies, no anvil, Alto or other process of the devnet may outlive its launcher by more than
// 5 s. Each case starts the real launcher chain, signals one process, and checks.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { commandLine, isRunning, processStat, processTree } from "../helpers/processes.js";

const root = new URL("../..", import.meta.url).pathname;

/** The launcher chain, outermost first, as npm 11 and pnpm 10 build it on Linux. */
const launcherChain = [
  { role: "npm (npx)", command: /^npm exec pnpm@10\.34\.8 / },
  { role: "npm's sh -c for pnpm", command: /^sh -c \S*pnpm/ },
  { role: "pnpm's node_modules/.bin/node shim", command: /^\/bin\/sh \S+\/node_modules\/\.bin\/node \S+\/pnpm / },
  { role: "pnpm", command: /\/node\/bin\/node \S+\/pnpm / },
  { role: "pnpm's sh -c for the script", command: /^sh -c pq4337 devnet/ },
  { role: "the CLI's node_modules/.bin/node shim", command: /^\/bin\/sh \S+\/node_modules\/\.bin\/node \S+\/pq4337\.js devnet/ },
  { role: "the devnet's node", command: /\/node\/bin\/node \S+\/pq4337\.js devnet/ },
] as const;
const devnetNode = launcherChain.length - 1;

type Launched = {
  launcher: ChildProcess;
  /** PIDs in the order of {@link launcherChain}. */
  chain: number[];
  /** What the devnet's node started: anvil, Alto, the reaper. */
  devnetChildren: number[];
  info: { rpcUrl: string; bundlerUrl: string };
  stdout: () => string;
  stderr: () => string;
};

/**
 * The environment of a user's shell: without what `pnpm test` adds (its `node_modules/.bin` directories first on
 * PATH, which would run npx itself through the Node shim, and its `npm_*` variables).
 */
const userEnv = Object.fromEntries(
  Object.entries(process.env)
    .filter(([name]) => !/^(npm_|pnpm_)/i.test(name))
    .map(([name, value]) => [name, name === "PATH" ? value!.split(":").filter((dir) => !dir.includes("node_modules")).join(":") : value]),
);

/** Process groups started by {@link launch}, killed when the file ends whatever happened. */
const launchedGroups = new Set<number>();
after(() => {
  for (const group of launchedGroups)
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // Already gone.
    }
});

/** Runs the README's command (with `extraArgs`) in its own process group, as a shell runs a job, until ready. */
async function launch(extraArgs: string[]): Promise<Launched> {
  const launcher = spawn("npx", ["-y", "pnpm@10.34.8", "-s", "pq4337", "devnet", "--json", ...extraArgs], {
    cwd: root,
    env: userEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  launchedGroups.add(launcher.pid!);
  try {
    let stdout = "";
    let stderr = "";
    launcher.stdout!.on("data", (chunk) => (stdout += chunk));
    launcher.stderr!.on("data", (chunk) => (stderr += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`devnet not ready after 120 s:\n${stderr}`)), 120_000);
      launcher.stdout!.on("data", () => stdout.includes("\n") && (clearTimeout(timer), resolve()));
      launcher.once("exit", (code) => (clearTimeout(timer), reject(new Error(`launcher exited with ${code}:\n${stderr}`))));
    });

    const node = processTree(launcher.pid!).find((pid) => launcherChain[devnetNode].command.test(commandLine(pid)))!;
    const chain = [node];
    while (chain[0] !== launcher.pid && chain[0]! > 1) chain.unshift(processStat(chain[0]!)!.ppid);
    const described = chain.map((pid) => `${pid} ${commandLine(pid).slice(0, 120)}`).join("\n");
    assert.equal(chain.length, launcherChain.length, `unexpected launcher chain:\n${described}`);
    chain.forEach((pid, index) => assert.match(commandLine(pid), launcherChain[index]!.command, described));
    const devnetChildren = processTree(node).slice(1);
    assert.ok(devnetChildren.some((pid) => /\/anvil /.test(commandLine(pid))), "anvil runs");
    assert.ok(devnetChildren.some((pid) => /@pimlico\/alto/.test(commandLine(pid))), "Alto runs");
    return { launcher, chain, devnetChildren, info: JSON.parse(stdout), stdout: () => stdout, stderr: () => stderr };
  } catch (error) {
    process.kill(-launcher.pid!, "SIGKILL");
    throw error;
  }
}

const answers = (url: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' }).then(
    () => true,
    () => false,
  );

/** Every process of the devnet has exited and its RPC and bundler stopped answering, by `deadline`. */
async function assertStopped(devnet: Launched, deadline: number): Promise<void> {
  const pids = [devnet.chain[devnetNode]!, ...devnet.devnetChildren];
  const running = () => pids.filter(isRunning).map((pid) => `${pid} ${commandLine(pid).slice(0, 100)}`);
  while (Date.now() < deadline && (running().length > 0 || (await answers(devnet.info.rpcUrl)) || (await answers(devnet.info.bundlerUrl))))
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.deepEqual(running(), [], "no process of the devnet runs 5 s after the signal");
  assert.equal(await answers(devnet.info.rpcUrl), false, "the RPC no longer answers");
  assert.equal(await answers(devnet.info.bundlerUrl), false, "the bundler no longer answers");
  // --json prints one line, and nothing else on stdout, from start to stop.
  assert.match(devnet.stdout(), /^\{[^\n]*\}\n$/);
}

async function assertServing(devnet: Launched): Promise<void> {
  const pids = [devnet.chain[devnetNode]!, ...devnet.devnetChildren];
  assert.deepEqual(pids.filter((pid) => !isRunning(pid)), [], "the devnet's processes run");
  assert.equal(await answers(devnet.info.rpcUrl), true, "the RPC answers");
}

/** Kills whatever a failed case left: the launcher's process group and the devnet's processes. */
function cleanUp(devnet: Launched): void {
  for (const target of [-devnet.launcher.pid!, ...devnet.chain, ...devnet.devnetChildren])
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
}

/** Two ports free now, so that concurrent cases (and other devnets on the machine) never compete for defaults. */
async function freePorts(): Promise<string[]> {
  const servers = [createServer(), createServer()];
  const ports = await Promise.all(
    servers.map((server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)))),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ["--port", String(ports[0]), "--bundler-port", String(ports[1])];
}

/** Sends `signal` to `target` and checks that the devnet is gone within 5 s, and so is `target`. */
async function assertSignalStops(devnet: Launched, target: number, signal: NodeJS.Signals): Promise<void> {
  process.kill(target, signal);
  await assertStopped(devnet, Date.now() + 5_000);
  assert.equal(isRunning(target), false, "the signalled process has exited");
}

describe("pq4337 devnet under its launcher: no process outlives it", { concurrency: 3 }, () => {
  for (const signal of ["SIGTERM", "SIGHUP"] as const)
    launcherChain.forEach(({ role }, index) =>
      it(`${signal} to ${role}: anvil, Alto and the devnet's node are gone within 5 s`, async () => {
        const devnet = await launch(await freePorts());
        try {
          await assertSignalStops(devnet, devnet.chain[index]!, signal);
        } finally {
          cleanUp(devnet);
        }
      }),
    );

  it("SIGINT to the devnet's node: anvil, Alto and the devnet's node are gone within 5 s", async () => {
    const devnet = await launch(await freePorts());
    try {
      await assertSignalStops(devnet, devnet.chain[devnetNode]!, "SIGINT");
    } finally {
      cleanUp(devnet);
    }
  });

  // A lone SIGINT is Ctrl-C's signal sent to one process instead of the job: the shells wait for their child, as
  // POSIX shells do on Ctrl-C, and npm and pnpm pass it to their shell child, so every launcher process keeps
  // running. Nothing is orphaned then: the devnet runs on while its launcher does, and stops with it. One devnet
  // serves these cases in turn.
  describe("SIGINT to one launcher process alone", () => {
    let devnet: Launched;
    before(async () => (devnet = await launch(await freePorts())));
    after(() => cleanUp(devnet));

    launcherChain.slice(0, devnetNode).forEach(({ role }, index) =>
      it(`${role} keeps running, and so does the devnet`, async () => {
        const target = devnet.chain[index]!;
        process.kill(target, "SIGINT");
        // Long enough for the launcher watch (every 250 ms) and a stop to show, were either to happen.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        assert.ok(isRunning(target), `${role} ignores a lone SIGINT`);
        await assertServing(devnet);
      }),
    );

    it("the devnet then stops with its launcher", () => assertSignalStops(devnet, devnet.chain[0]!, "SIGTERM"));
  });

  it("SIGKILL of the devnet's node: its reaper stops anvil and Alto within 5 s", async () => {
    const devnet = await launch(await freePorts());
    try {
      process.kill(devnet.chain[devnetNode]!, "SIGKILL");
      await assertStopped(devnet, Date.now() + 5_000);
    } finally {
      cleanUp(devnet);
    }
  });

  it("Ctrl-C (SIGINT to the whole job) stops the README's devnet, started on the default ports, within 5 s", async () => {
    const devnet = await launch([]);
    try {
      process.kill(-devnet.launcher.pid!, "SIGINT");
      await assertStopped(devnet, Date.now() + 5_000);
    } finally {
      cleanUp(devnet);
    }
  });
});
