// Linux's process table (/proc), for tests that check which processes run: a launcher's chain, a devnet's
// children, the sockets they listen on.
import { readFileSync, readdirSync } from "node:fs";

/** State (R, S, Z for an exited but unreaped process, …) and parent of a process, or `undefined` if it is gone. */
export function processStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Whether a process runs: a zombie (exited, not yet reaped by its parent) does not. */
export function isRunning(pid: number): boolean {
  const state = processStat(pid)?.state;
  return state !== undefined && state !== "Z" && state !== "X";
}

/** The command line, arguments joined by spaces. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => processStat(child)?.ppid === pid);
}

/** `pid` and all its descendants, parents before children. */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

/**
 * The local addresses of the TCP sockets listening on `port`: dotted IPv4 ("127.0.0.1", "0.0.0.0"), or "IPv6 "
 * and the kernel's hex for an IPv6 socket.
 */
export function listeningAddresses(port: number): string[] {
  const addresses: string[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").trim().split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = local!.split(":");
      if (state !== "0A" || parseInt(hexPort!, 16) !== port) continue;
      // /proc/net/tcp writes an IPv4 address as one little-endian 32-bit hex word.
      addresses.push(file.endsWith("6") ? `IPv6 ${address}` : address!.match(/../g)!.reverse().map((byte) => parseInt(byte, 16)).join("."));
    }
  }
  return addresses;
}
