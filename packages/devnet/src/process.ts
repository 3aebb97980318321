import { type ChildProcess, spawn } from "node:child_process";

export type ManagedProcess = {
  /** The PID of the started program itself (no shell in between), which {@link stop} signals. */
  pid: number;
  /** The last lines the program wrote, for error messages. */
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves when it has exited. */
  stop: (graceMs?: number) => Promise<void>;
};

/** Starts `command` directly (no shell), keeping a tail of its output. */
export function startProcess(name: string, command: string, args: string[]): ManagedProcess {
  const child: ChildProcess = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`could not start ${name} (${command})`);
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pid: child.pid,
    output: () => tail,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it resolves truthy, failing after `timeoutMs` with the process's recent output. */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  { timeoutMs = 60_000, process }: { timeoutMs?: number; process?: ManagedProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms${process ? `:\n${process.output()}` : ""}`);
}
