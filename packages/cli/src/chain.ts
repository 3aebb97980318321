import { type Chain, type PublicClient, type Transport, createPublicClient, defineChain, http } from "viem";
import { getChainId } from "viem/actions";
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
    throw new Error(`cannot reach the RPC at ${rpcUrl}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  const chain = defineChain({
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return { chain, transport, client: createPublicClient({ chain, transport, pollingInterval }) };
}
