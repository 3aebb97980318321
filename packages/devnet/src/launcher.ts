import { isRunning, procAvailable, readProcessStat } from "./processTable.js";

export type WatchLauncherParameters = {
  /** Called once, when the launcher is gone. */
  onExit: () => void;
  /** How often to look, in milliseconds (default 250). */
  intervalMs?: number | undefined;
};

/** Stops watching. */
export type WatchLauncherReturnType = () => void;

/**
 * Watches the processes that launched this one and calls `onExit` when any of them is gone. A launcher such as
 * `npx -y pnpm@10.34.8 pq4337 devnet` is a chain (npm → sh → the `node_modules/.bin/node` shell shim → pnpm → sh
 * → the shim again → node) whose shells and shims do not pass signals on: SIGTERM to npm ends npm and its shell
 * child, and the rest of the chain then runs on, orphaned. The chain watched is this process's parent and every further
 * ancestor in its process group, the job a shell or a supervisor started; an ancestor is gone when it has
 * exited or its children were handed to another parent. Without Linux's `/proc`, only the parent is watched.
 *
 * @example
 * const stopWatching = watchLauncher({ onExit: () => void devnet.stop() })
 */
export function watchLauncher({ onExit, intervalMs = 250 }: WatchLauncherParameters): WatchLauncherReturnType {
  const chain = procAvailable ? launcherChain() : [process.ppid];
  const timer = setInterval(() => {
    if (isIntact(chain)) return;
    clearInterval(timer);
    onExit();
  }, intervalMs);
  return () => clearInterval(timer);
}

/** This process's parent, then its ancestors while they are in this process's group, nearest first. */
function launcherChain(): number[] {
  const group = readProcessStat(process.pid)!.pgid;
  const chain = [process.ppid];
  for (let stat = readProcessStat(process.ppid); stat && stat.ppid > 1; ) {
    const next = readProcessStat(stat.ppid);
    if (!next || next.pgid !== group) break;
    chain.push(stat.ppid);
    stat = next;
  }
  return chain;
}

/** Every process of the chain runs and is still the child of the next, and the first is still our parent. */
function isIntact(chain: number[]): boolean {
  if (process.ppid !== chain[0]) return false;
  return chain.every((pid, index) => isRunning(pid) && (index === chain.length - 1 || readProcessStat(pid)?.ppid === chain[index + 1]));
}
