import { parseArgs } from "node:util";
import { gethCacheDir, gethVersion, startDevnet } from "@pq4337/devnet";

export const devnetHelp = `pq4337 devnet [--node anvil|geth] [--hardfork H] [--port 8545] [--bundler-port 4337] [--json]

Starts anvil (or geth), deploys the canonical EntryPoint v0.8 through the CREATE2 deployer and pq4337's factory and
verifiers at their deterministic addresses, starts the Alto bundler, and prints the RPC URL, bundler URL and
addresses. Busy ports are replaced by free ones. Ctrl-C or SIGTERM stops everything it started.

  --node N          anvil (default) or geth: geth ${gethVersion}, with the native erc7562Tracer that
                    "pq4337 check-7562" uses; built from source with Go (≥ 1.25) on first use, 10–16 minutes, and
                    cached in ${gethCacheDir()}
  --hardfork H      anvil: any hardfork it knows (default prague); geth: osaka (default) or prague
  --port N          preferred node port (default 8545)
  --bundler-port N  preferred bundler port (default 4337)
  --json            print one JSON line {rpcUrl, bundlerUrl, chainId, entryPoint, contracts} once ready`;

export async function devnetCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      node: { type: "string", default: "anvil" },
      hardfork: { type: "string" },
      port: { type: "string" },
      "bundler-port": { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  if (values.node !== "anvil" && values.node !== "geth") {
    console.error(`--node must be anvil or geth, not "${values.node}"`);
    return 2;
  }
  const devnet = await startDevnet({
    node: values.node,
    hardfork: values.hardfork,
    port: values.port ? Number(values.port) : undefined,
    bundlerPort: values["bundler-port"] ? Number(values["bundler-port"]) : undefined,
  });
  const { rpcUrl, bundlerUrl, chainId, entryPoint, contracts } = devnet;
  if (values.json) {
    console.log(JSON.stringify({ rpcUrl, bundlerUrl, chainId, entryPoint, contracts }));
  } else {
    console.log(`RPC        ${rpcUrl} (${devnet.node}, chain ${chainId}, ${devnet.hardfork})`);
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
