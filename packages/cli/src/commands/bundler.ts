import { createPublicClient, formatEther, http } from "viem";
import { devnetDefaultPorts, startBundler } from "@pq4337/devnet";
import { parseUrl } from "../chain.js";
import { InputError, parseOptions, required, runReportingErrors } from "../commandErrors.js";
import { exportLines, whenToStop } from "../running.js";
import { loadPayerKey, payerKeyHelp, payerKeyOptions } from "../secrets.js";

export const bundlerHelp = `pq4337 bundler --rpc-url URL [--private-key 0x… | --keystore FILE] [--port N] [--json]

A bundler for any chain: asks the node at URL for its chain id, installs what the chain lacks (the CREATE2
deployer from its presigned transaction, EntryPoint v0.8 at its canonical address, pq4337's factory and verifiers,
as "pq4337 deploy" does; nothing when they are there, an error before any transaction when the key cannot pay),
then starts the Alto bundler against URL on 127.0.0.1 and prints "export PQ4337_RPC_URL=…" and
"export PQ4337_BUNDLER_URL=…" for the examples and "pq4337 account send". It runs until Ctrl-C, SIGTERM or
SIGHUP, or until the command that launched it exits, and then stops Alto.

The funded key pays the deployments, then every bundle (the EntryPoint refunds it from the accounts' fees). Use
another key for your own transactions meanwhile: the bundler's would collide with them on the key's nonce.

  --rpc-url URL          the chain (a testnet's RPC, a node of your own)
${payerKeyHelp}
  --port N               the bundler's port; an error if it is busy (default ${devnetDefaultPorts.bundler}, or a free port if that is busy)
  --json                 print one JSON line {rpcUrl, bundlerUrl, chainId, entryPoint, contracts, executor, deployed}
                         once ready, and nothing else on stdout`;

export function bundlerCommand(args: string[]): Promise<number> {
  return runReportingErrors(async () => {
    const values = parseOptions(args, { "rpc-url": { type: "string" }, ...payerKeyOptions, port: { type: "string" }, json: { type: "boolean" } }, bundlerHelp);
    const rpcUrl = parseUrl(required(values["rpc-url"], "rpc-url", bundlerHelp), "rpc-url");
    const port = values.port === undefined ? undefined : parsePortOption(values.port);
    const privateKey = await loadPayerKey(values, bundlerHelp);

    // Watched from the start: deploying on a testnet takes minutes, and a launcher that dies meanwhile must still
    // end the command. Stopped before Alto is ready, the command exits; the reaper stops Alto if it had started.
    const stopRequested = whenToStop();
    const bundler = await Promise.race([
      startBundler({
        rpcUrl,
        privateKey,
        port,
        onDeployed: ({ name, address, transactionHash }) => console.error(`deployed ${name} at ${address}: transaction ${transactionHash}`),
      }),
      stopRequested.then(() => undefined),
    ]);
    if (bundler === undefined) {
      console.error("pq4337: stopped before the bundler was ready");
      return 1;
    }
    try {
      const { bundlerUrl, chainId, entryPoint, contracts, executor, deployments } = bundler;
      if (values.json) {
        console.log(JSON.stringify({ rpcUrl, bundlerUrl, chainId, entryPoint, contracts, executor, deployed: deployments.map(({ name }) => name) }));
      } else {
        for (const line of exportLines({ rpcUrl, bundlerUrl })) console.log(line);
        console.log(`# chain ${chainId}: ${deployments.length === 0 ? "pq4337 and EntryPoint v0.8 were there already" : `deployed ${deployments.map(({ name }) => name).join(", ")}`}`);
        console.log(`# EntryPoint ${entryPoint}, factory ${contracts.accountFactory}`);
        const balance = await createPublicClient({ chain: bundler.chain, transport: http(rpcUrl) }).getBalance({ address: executor });
        console.log(`# Alto bundles with ${executor} (${formatEther(balance)} ETH); for PQ4337_PRIVATE_KEY use another funded key`);
        console.log("# Ctrl-C to stop.");
      }
      await stopRequested;
    } finally {
      await bundler.stop();
    }
    return 0;
  });
}

function parsePortOption(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65_535) throw new InputError(`--port must be a port number from 1 to 65535, got ${JSON.stringify(value)}`);
  return Number(value);
}

