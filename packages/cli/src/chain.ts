import { type Chain, type PublicClient, type Transport, createPublicClient, defineChain, http } from "viem";
import { getChainId } from "viem/actions";
import { EndpointUnreachableError, parseUserOperationError } from "@pq4337/sdk";
import { InputError } from "./commandErrors.js";

/**
 * How often the CLI polls for receipts: short enough that an operation on the devnet returns in well under a
 * second, long enough not to flood a public RPC while it waits for a 12 s block.
 */
export const pollingInterval = 250;

/** An `http(s)://` URL from an option, or an {@link InputError}. */
export function parseUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(`--${name} is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(`--${name} must be an http(s) URL: ${value}`);
  return value;
}

/** A client of the chain at `rpcUrl`, whose id it asks the node for. */
export async function connectChain(rpcUrl: string): Promise<{ chain: Chain; client: PublicClient<Transport, Chain>; transport: Transport }> {
  const transport = http(rpcUrl, { retryCount: 1 });
  let id: number;
  try {
    id = await getChainId(createPublicClient({ transport }));
  } catch (error) {
    throw new Error(`cannot reach the RPC at ${rpcUrl}: ${reasonOf(error)}`);
  }
  const chain = defineChain({
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return { chain, transport, client: createPublicClient({ chain, transport, pollingInterval }) };
}

/**
 * Checks, before anything is signed, that the bundler at `bundlerUrl` answers, runs on the same chain as the RPC
 * (`chainId`) and supports EntryPoint v0.8: otherwise an operation would fail later with a misleading reason
 * ("AA20 account not deployed", a missing expanded key).
 */
export async function assertBundlerServes({ bundlerUrl, rpcUrl, chainId, entryPoint }: { bundlerUrl: string; rpcUrl: string; chainId: number; entryPoint: string }): Promise<void> {
  const client = createPublicClient({ transport: http(bundlerUrl, { retryCount: 0 }) });
  let bundlerChainId: number;
  let entryPoints: string[];
  try {
    bundlerChainId = await getChainId(client);
    entryPoints = (await client.request({ method: "eth_supportedEntryPoints" as never })) as string[];
  } catch (error) {
    throw new Error(`cannot reach the bundler at ${bundlerUrl}: ${reasonOf(error)}`);
  }
  if (bundlerChainId !== chainId)
    throw new Error(`the bundler at ${bundlerUrl} serves chain ${bundlerChainId}, the RPC at ${rpcUrl} chain ${chainId}: give a bundler and an RPC of the same chain`);
  if (!Array.isArray(entryPoints) || !entryPoints.some((address) => address.toLowerCase() === entryPoint.toLowerCase()))
    throw new Error(`the bundler at ${bundlerUrl} does not serve EntryPoint v0.8 (${entryPoint}); it serves ${Array.isArray(entryPoints) ? entryPoints.join(", ") || "none" : "none"}`);
}

/** Why a request got no answer ("connection refused"), or the error's first line. */
function reasonOf(error: unknown): string {
  const parsed = parseUserOperationError(error);
  if (parsed instanceof EndpointUnreachableError) return parsed.reason;
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}
