import { type ChildProcess, spawn } from "node:child_process";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";

export type ManagedProcess = {
  /** The PID of the started program itself (no shell in between), which {@link stop} signals. */
  pid: number;
  /** The last lines the program wrote, for error messages. */
  output: () => string;
  /** Whether the program has exited. */
  exited: () => boolean;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves when it has exited. */
  stop: (graceMs?: number) => Promise<void>;
};

/**
 * Starts `command` directly (no shell), keeping a tail of its output. The program is owned by this process:
 * if this process dies without stopping it, even by SIGKILL, the reaper (`reaper.ts`) stops it.
 */
export function startProcess(name: string, command: string, args: string[]): ManagedProcess {
  const child: ChildProcess = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  const { pid } = child;
  const reaper = startReaper();
  reaper.write(`+${pid}\n`);
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      reaper.write(`-${pid}\n`);
      resolve();
    }),
  );
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    pid,
    output: () => tail,
    exited: hasExited,
    async stop(graceMs = 5_000) {
      if (hasExited()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

let reaperInput: Socket | undefined;

/**
 * The input of this process's reaper, started on first use. The reaper runs in a session of its own, so that
 * Ctrl-C, which signals the whole foreground process group, leaves it to do its job; neither it nor the pipe
 * keeps this process alive.
 */
function startReaper(): Socket {
  if (reaperInput) return reaperInput;
  const reaper = spawn(process.execPath, [fileURLToPath(new URL("./reaper.js", import.meta.url))], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  reaper.unref();
  reaperInput = reaper.stdin as Socket;
  reaperInput.unref();
  // Without a reaper, a write would fail; the children then stay owned only through `stop`.
  reaperInput.on("error", () => {});
  return reaperInput;
}

/**
 * Polls `probe` until it resolves truthy, failing after `timeoutMs`, or as soon as `process` exits, with the
 * process's recent output.
 */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  { timeoutMs = 60_000, process }: { timeoutMs?: number; process?: ManagedProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    if (process?.exited()) throw new Error(`${what} exited before it was ready:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms${process ? `:\n${process.output()}` : ""}`);
}
