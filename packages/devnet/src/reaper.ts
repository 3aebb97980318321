// The reaper: a watchdog process that kills its owner's children when the owner dies without stopping them,
// even by SIGKILL, which no handler in the owner can catch. The owner writes `+PID` to our stdin when it starts
// a child and `-PID` once that child has exited; the kernel closes the pipe when the owner dies, however it
// dies, and we then SIGTERM every child still listed, and SIGKILL those still running after `graceMs`.
// Started by `process.ts` in its own session, so that a signal to the owner's process group (Ctrl-C) does not
// reach it: it exits only when its work is done.
import { createInterface } from "node:readline";
import { isRunning } from "./processTable.js";

const graceMs = 2_000;
const children = new Set<number>();

createInterface({ input: process.stdin })
  .on("line", (line) => {
    const pid = Number(line.slice(1));
    if (line.startsWith("+")) children.add(pid);
    else children.delete(pid);
  })
  .on("close", () => void reap());

async function reap(): Promise<void> {
  for (const pid of children) signal(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while ([...children].some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const pid of children) if (isRunning(pid)) signal(pid, "SIGKILL");
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
