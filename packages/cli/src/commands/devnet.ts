import { parseArgs } from "node:util";
import { defaultHardfork, startDevnet } from "@pq4337/devnet";

export const devnetHelp = `pq4337 devnet [--port 8545] [--bundler-port 4337] [--hardfork ${defaultHardfork}] [--json]

Starts anvil, deploys the canonical EntryPoint v0.8 through the CREATE2 deployer and pq4337's factory and
verifiers at their deterministic addresses, starts the Alto bundler, and prints the RPC URL, bundler URL and
addresses. Busy ports are replaced by free ones. Ctrl-C or SIGTERM stops everything it started.

  --port N          preferred anvil port (default 8545)
  --bundler-port N  preferred bundler port (default 4337)
  --hardfork F      anvil's EVM hardfork (default ${defaultHardfork}, as mainnet; prague for the fork before)
  --json            print one JSON line {rpcUrl, bundlerUrl, chainId, hardfork, entryPoint, contracts} once ready`;

export async function devnetCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { port: { type: "string" }, "bundler-port": { type: "string" }, hardfork: { type: "string" }, json: { type: "boolean", default: false } },
  });
  const devnet = await startDevnet({
    port: values.port ? Number(values.port) : undefined,
    bundlerPort: values["bundler-port"] ? Number(values["bundler-port"]) : undefined,
    hardfork: values.hardfork,
  });
  const { rpcUrl, bundlerUrl, chainId, hardfork, entryPoint, contracts } = devnet;
  if (values.json) {
    console.log(JSON.stringify({ rpcUrl, bundlerUrl, chainId, hardfork, entryPoint, contracts }));
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
