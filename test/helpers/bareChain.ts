// A bare chain as a public testnet looks before pq4337 is there: anvil with Sepolia's chain id and no CREATE2
// deployer, for the tests of the commands that install what is missing (`pq4337 deploy`, `pq4337 bundler`).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { anvilBinary } from "@pq4337/devnet";

/** A running bare chain: its JSON-RPC URL, and `stop`, which ends anvil and waits for its exit. */
export type BareChain = { rpcUrl: string; stop: () => Promise<void> };

/** A port free on 127.0.0.1 when asked. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether a JSON-RPC endpoint answers at `url`. */
export const answers = (url: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' }).then(
    () => true,
    () => false,
  );

/** Starts anvil (chain id 11155111, no CREATE2 deployer) on a free port and returns once it answers. */
export async function startBareChain(): Promise<BareChain> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const anvil: ChildProcess = spawn(anvilBinary(), ["--host", "127.0.0.1", "--port", String(port), "--chain-id", "11155111", "--disable-default-create2-deployer"], {
    stdio: "ignore",
  });
  const stop = async () => {
    if (anvil.exitCode !== null || anvil.signalCode !== null) return;
    const exited = new Promise((resolve) => anvil.once("exit", resolve));
    anvil.kill("SIGTERM");
    await exited;
  };
  for (let attempt = 0; !(await answers(rpcUrl)); attempt++) {
    if (attempt > 100) {
      await stop();
      throw new Error("anvil did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { rpcUrl, stop };
}
