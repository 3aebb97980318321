import { readFileSync } from "node:fs";

export type ProcessStat = {
  /** One letter: R running, S sleeping, Z exited but not yet reaped (a zombie), … (see proc(5)). */
  state: string;
  ppid: number;
  /** The process group: the processes a shell started as one job, which Ctrl-C signals together. */
  pgid: number;
};

/** A process's state, parent and group from Linux's `/proc/PID/stat`; `undefined` if it does not exist or there is no `/proc`. */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may itself contain spaces and parentheses: the fields follow the last ")".
  const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { state: state!, ppid: Number(ppid), pgid: Number(pgid) };
}

/** Linux's process table; elsewhere callers fall back to what Node itself offers. */
export const procAvailable = readProcessStat(process.pid) !== undefined;

/** Whether a process runs: an exited one that its parent has not reaped yet (a zombie) does not. */
export function isRunning(pid: number): boolean {
  if (procAvailable) {
    const stat = readProcessStat(pid);
    return stat !== undefined && stat.state !== "Z" && stat.state !== "X";
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
