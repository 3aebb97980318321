import { privateKeyToAddress } from "viem/accounts";
import { type Devnet, defaultHardfork, devnetDefaultPorts, gethCacheDir, gethVersion, startDevnet } from "@pq4337/devnet";
import { UsageError, parseCommandArgs, parsePort } from "../args.js";
import { exportLines, whenToStop } from "../running.js";

export const devnetHelp = `pq4337 devnet [--node anvil|geth] [--port N] [--bundler-port N] [--hardfork osaka|prague] [--json]

Starts anvil (or geth), deploys the canonical EntryPoint v0.8 through the CREATE2 deployer and pq4337's factory and
verifiers at their deterministic addresses, starts the Alto bundler, all on 127.0.0.1, and prints the RPC URL, the
bundler URL and a funded key reserved for you as "export PQ4337_RPC_URL=…", "export PQ4337_BUNDLER_URL=…" and
"export PQ4337_PRIVATE_KEY=…", what the examples read (paste them into a shell), and the addresses as comments. It
runs until Ctrl-C, SIGTERM or SIGHUP, or until the command that launched it exits, and then stops everything it
started. For a bundler on a chain that runs already, see "pq4337 bundler --rpc-url URL".

  --node N          anvil (default) or geth: geth ${gethVersion}, with the native erc7562Tracer that
                    "pq4337 check-7562" uses; built from source with Go (≥ 1.25) on first use, 10–16 minutes, and
                    cached in ${gethCacheDir()}
  --port N          the node's port; an error if it is busy (default ${devnetDefaultPorts.rpc}, or a free port if that is busy)
  --bundler-port N  the bundler's port; an error if it is busy (default ${devnetDefaultPorts.bundler}, or a free port if that is busy)
  --hardfork F      the EVM rules: ${defaultHardfork} (default, as mainnet since December 2025) or prague, the fork before
  --json            print one JSON line {rpcUrl, bundlerUrl, chainId, node, hardfork, entryPoint, contracts,
                    funderPrivateKey}
                    once ready, and nothing else on stdout`;

/** The forks the devnet is tested under. */
const devnetHardforks = ["osaka", "prague"];

export async function devnetCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    port: { type: "string" },
    "bundler-port": { type: "string" },
    node: { type: "string", default: "anvil" },
    hardfork: { type: "string", default: defaultHardfork },
    json: { type: "boolean", default: false },
    "rpc-url": { type: "string" },
  });
  if (values["rpc-url"] !== undefined)
    throw new UsageError('devnet starts a chain of its own; for a bundler on the chain at --rpc-url run "pq4337 bundler --rpc-url URL"');
  const node = values.node ?? "anvil";
  if (node !== "anvil" && node !== "geth") throw new UsageError(`--node must be anvil or geth, got ${JSON.stringify(node)}`);
  const hardfork = values.hardfork ?? defaultHardfork;
  if (!devnetHardforks.includes(hardfork)) throw new UsageError(`--hardfork must be ${devnetHardforks.join(" or ")}, got ${JSON.stringify(hardfork)}`);
  const port = values.port === undefined ? undefined : parsePort(values.port, "--port");
  const bundlerPort = values["bundler-port"] === undefined ? undefined : parsePort(values["bundler-port"], "--bundler-port");
  const devnet = await startDevnet({ node, port, bundlerPort, hardfork });
  try {
    const stopRequested = whenToStop();
    const { rpcUrl, bundlerUrl, chainId, entryPoint, contracts, funderPrivateKey } = devnet;
    reportFallbackPorts(devnet, { port, bundlerPort });
    if (values.json) {
      console.log(JSON.stringify({ rpcUrl, bundlerUrl, chainId, node, hardfork, entryPoint, contracts, funderPrivateKey }));
    } else {
      for (const line of exportLines({ rpcUrl, bundlerUrl, privateKey: funderPrivateKey })) console.log(line);
      console.log(`# ${devnet.node} chain ${chainId} (${devnet.hardfork}); funded key ${privateKeyToAddress(funderPrivateKey)} (10,000 ETH), reserved for you`);
      console.log(`# EntryPoint ${entryPoint}, factory ${contracts.accountFactory}`);
      for (const [scheme, address] of Object.entries(contracts.verifiers)) console.log(`# verifier ${address} (${scheme})`);
      console.log("# Ctrl-C to stop.");
    }
    await stopRequested;
  } finally {
    await devnet.stop();
  }
  return 0;
}

/** Default ports that were busy were replaced by free ones: one line on stderr each, so that stdout stays JSON. */
function reportFallbackPorts(devnet: Devnet, requested: { port: number | undefined; bundlerPort: number | undefined }): void {
  const rpcPort = Number(new URL(devnet.rpcUrl).port);
  if (requested.port === undefined && rpcPort !== devnetDefaultPorts.rpc)
    console.error(`pq4337 devnet: port ${devnetDefaultPorts.rpc} is busy; ${devnet.node} listens on ${rpcPort} instead`);
  const bundlerPort = Number(new URL(devnet.bundlerUrl).port);
  if (requested.bundlerPort === undefined && bundlerPort !== devnetDefaultPorts.bundler)
    console.error(`pq4337 devnet: port ${devnetDefaultPorts.bundler} is busy; the bundler listens on ${bundlerPort} instead`);
}
