// Serves the web wallet on 127.0.0.1. Without options it starts the embedded devnet and gives the page its faucet key;
// with --rpc-url, --bundler-url and --chain-id the page works against that chain (a testnet) and has no faucet.
//   npx -y pnpm@10.34.8 exec tsx examples/web-wallet/serve.ts [--port 5173]
import { readFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import { join, normalize } from "node:path";
import { parseArgs } from "node:util";
import { startDevnet, watchLauncher } from "@pq4337/devnet";
import { buildWebWallet } from "./build.js";
import type { WalletConfig } from "./src/config.js";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

export type ServeWebWalletParameters = { outDir: string; config: WalletConfig; port?: number | undefined };

export type ServeWebWalletReturnType = { url: string; close: () => Promise<void> };

/**
 * Serves a built web wallet (`buildWebWallet`) and its `config.json` on 127.0.0.1.
 *
 * @example
 * const { url, close } = await serveWebWallet({ outDir, config: { rpcUrl, bundlerUrl, chainId } })
 */
export async function serveWebWallet({ outDir, config, port = 0 }: ServeWebWalletParameters): Promise<ServeWebWalletReturnType> {
  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? "/", "http://localhost").pathname).replace(/^\/+/, "") || "index.html";
    try {
      const body = path === "config.json" ? JSON.stringify(config) : readFileSync(join(outDir, path));
      const extension = path.slice(path.lastIndexOf("."));
      response.writeHead(200, { "content-type": contentTypes[extension] ?? "application/json", "cache-control": "no-store" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function usageError(message: string): never {
  console.error(`serve: ${message}`);
  process.exit(2);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { port: { type: "string" }, "rpc-url": { type: "string" }, "bundler-url": { type: "string" }, "chain-id": { type: "string" } },
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  const port = values.port === undefined ? 5173 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) usageError(`--port must be a TCP port, got ${JSON.stringify(values.port)}`);
  const chainOptions = [values["rpc-url"], values["bundler-url"], values["chain-id"]];
  if (chainOptions.some((value) => value !== undefined) && chainOptions.some((value) => value === undefined))
    usageError("--rpc-url, --bundler-url and --chain-id go together");
  for (const option of ["rpc-url", "bundler-url"] as const)
    if (values[option] !== undefined && !/^https?:\/\//.test(values[option])) usageError(`--${option} must be an http(s) URL`);
  if (values["chain-id"] !== undefined && !/^\d+$/.test(values["chain-id"])) usageError("--chain-id must be an integer");

  const outDir = join(new URL(".", import.meta.url).pathname, "dist");
  await buildWebWallet({ outDir });
  const devnet = values["rpc-url"] === undefined ? await startDevnet() : undefined;
  const config: WalletConfig = devnet
    ? { rpcUrl: devnet.rpcUrl, bundlerUrl: devnet.bundlerUrl, chainId: devnet.chainId, devnetFunderPrivateKey: devnet.funderPrivateKey }
    : { rpcUrl: values["rpc-url"]!, bundlerUrl: values["bundler-url"]!, chainId: Number(values["chain-id"]) };
  const served = await serveWebWallet({ outDir, config, port }).catch(async (error) => {
    await devnet?.stop();
    throw error;
  });
  console.log(`web wallet ${served.url} (chain ${config.chainId}${devnet ? ", embedded devnet" : ""}); Ctrl-C to stop`);
  // The devnet's processes stop with this one; stop them first on the signals a launcher or a terminal sends.
  await new Promise<void>((resolve) => {
    const stopWatching = watchLauncher({ onExit: resolve });
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.once(signal, () => {
        stopWatching();
        resolve();
      });
  });
  await served.close();
  await devnet?.stop();
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
