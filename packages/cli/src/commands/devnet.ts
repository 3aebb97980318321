import { devnetDefaultPorts, startDevnet } from "@pq4337/devnet";
import { parseCommandArgs, parsePort } from "../args.js";

export const devnetHelp = `pq4337 devnet [--port N] [--bundler-port N] [--json]

Starts anvil, deploys the canonical EntryPoint v0.8 through the CREATE2 deployer and pq4337's factory and
verifiers at their deterministic addresses, starts the Alto bundler, and prints the RPC URL, bundler URL and
addresses. Ctrl-C or SIGTERM stops everything it started.

  --port N          anvil's port; an error if it is busy (default ${devnetDefaultPorts.rpc}, or a free port if that is busy)
  --bundler-port N  the bundler's port; an error if it is busy (default ${devnetDefaultPorts.bundler}, or a free port if that is busy)
  --json            print one JSON line {rpcUrl, bundlerUrl, chainId, entryPoint, contracts} once ready`;

export async function devnetCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    port: { type: "string" },
    "bundler-port": { type: "string" },
    json: { type: "boolean", default: false },
  });
  const port = values.port === undefined ? undefined : parsePort(values.port, "--port");
  const bundlerPort = values["bundler-port"] === undefined ? undefined : parsePort(values["bundler-port"], "--bundler-port");
  const devnet = await startDevnet({ port, bundlerPort });
  const { rpcUrl, bundlerUrl, chainId, entryPoint, contracts } = devnet;
  if (values.json) {
    console.log(JSON.stringify({ rpcUrl, bundlerUrl, chainId, entryPoint, contracts }));
  } else {
    console.log(`RPC        ${rpcUrl} (chain ${chainId}, ${devnet.hardfork})`);
    console.log(`Bundler    ${bundlerUrl}`);
    console.log(`EntryPoint ${entryPoint}`);
    console.log(`Factory    ${contracts.accountFactory}`);
    for (const [scheme, address] of Object.entries(contracts.verifiers)) console.log(`Verifier   ${address} (${scheme})`);
    console.log("Ctrl-C to stop.");
  }
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await devnet.stop();
  return 0;
}
