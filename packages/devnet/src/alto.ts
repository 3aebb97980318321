import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Address, Hex } from "viem";
import { rpc } from "./anvil.js";
import { maxBundleGas } from "./bundleGasLimits.js";
import { type ManagedProcess, startProcess, waitUntil } from "./process.js";

export type StartAltoParameters = {
  port: number;
  rpcUrl: string;
  /** The entry points it serves: one, or several (e.g. v0.8 and v0.7). */
  entryPoint: Address | readonly Address[];
  executorPrivateKey: Hex;
  utilityPrivateKey: Hex;
  /** `auto` bundles as operations arrive; `manual` waits for `debug_bundler_sendBundleNow`. */
  bundleMode: "auto" | "manual";
};

/**
 * Starts the Alto bundler (npm `@pimlico/alto`) with the running Node, against the devnet's RPC, listening on
 * 127.0.0.1 only (see `loopbackOnly.ts`).
 */
export async function startAlto(parameters: StartAltoParameters): Promise<ManagedProcess> {
  const { port, rpcUrl, entryPoint, executorPrivateKey, utilityPrivateKey, bundleMode } = parameters;
  const alto = startProcess("alto", process.execPath, [
    "--import", new URL("./loopbackOnly.js", import.meta.url).href,
    altoCli(),
    "--entrypoints", typeof entryPoint === "string" ? entryPoint : entryPoint.join(","),
    "--executor-private-keys", executorPrivateKey,
    "--utility-private-key", utilityPrivateKey,
    "--rpc-url", rpcUrl,
    "--port", String(port),
    // ERC-7562 tracing off, as on the toolchain route verified for these machines.
    "--safe-mode", "false",
    "--bundle-mode", bundleMode,
    // Every bundle transaction stays under EIP-7825's cap, and an operation too large for any bundle is refused.
    "--max-gas-per-bundle", String(maxBundleGas),
    "--max-gas-per-user-op", String(maxBundleGas),
    "--enable-debug-endpoints", "true",
    "--utility-wallet-monitor", "false",
    "--log-level", "warn",
    // A page served from another local port (examples/web-wallet) may call it, as it may call anvil.
    "--enable-cors", "true",
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitUntil("alto", async () => Array.isArray(await rpc(url, "eth_supportedEntryPoints")), { process: alto });
  return alto;
}

/** Alto's CLI entry, beside its package entry (`esm/index.js`); the package exports no other path. */
function altoCli(): string {
  return join(dirname(createRequire(import.meta.url).resolve("@pimlico/alto")), "cli", "alto.js");
}
