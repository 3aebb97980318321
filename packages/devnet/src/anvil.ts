import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type ManagedProcess, startProcess, waitUntil } from "./process.js";

export type StartAnvilParameters = { port: number; chainId: number; hardfork: string };

/**
 * Starts anvil from the npm package `@foundry-rs/anvil`. The platform binary is run directly, not through
 * the package's Node wrapper, so the PID we stop is anvil's own.
 */
export async function startAnvil({ port, chainId, hardfork }: StartAnvilParameters): Promise<ManagedProcess> {
  const anvil = startProcess("anvil", anvilBinary(), [
    "--host", "127.0.0.1",
    "--port", String(port),
    "--chain-id", String(chainId),
    "--hardfork", hardfork,
    // EIP-7825's 2^24 gas per transaction, on the forks that have it (Osaka on); anvil leaves it off by default.
    "--enable-tx-gas-limit",
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil("anvil", () => rpc(url, "eth_chainId").then(Boolean), { process: anvil });
  return anvil;
}

/** The anvil binary for this platform, from `@foundry-rs/anvil`'s optional dependency. */
export function anvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  const fromAnvil = createRequire(createRequire(import.meta.url).resolve("@foundry-rs/anvil/package.json"));
  return join(dirname(fromAnvil.resolve(`${platformPackage}/package.json`)), "bin", "anvil");
}

/** A bare JSON-RPC call, used before any viem client exists. */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
