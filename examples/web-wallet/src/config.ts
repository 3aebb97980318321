import type { Hex } from "viem";

/**
 * What the page needs to know about the chain: served beside it as `config.json`, so the same build works on the
 * embedded devnet and on a testnet.
 */
export type WalletConfig = {
  rpcUrl: string;
  bundlerUrl: string;
  chainId: number;
  /** A funded key that pays the faucet button and expanded-key deployments: set for a local devnet only. */
  devnetFunderPrivateKey?: Hex | undefined;
};

/** Reads and checks `config.json` next to the page. */
export async function loadConfig(url = "config.json"): Promise<WalletConfig> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const config = (await response.json()) as Partial<WalletConfig>;
  for (const field of ["rpcUrl", "bundlerUrl"] as const)
    if (typeof config[field] !== "string" || !/^https?:\/\//.test(config[field])) throw new Error(`${url}: ${field} must be an http(s) URL`);
  if (!Number.isSafeInteger(config.chainId)) throw new Error(`${url}: chainId must be an integer`);
  if (config.devnetFunderPrivateKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(config.devnetFunderPrivateKey))
    throw new Error(`${url}: devnetFunderPrivateKey must be a 32-byte hex key`);
  return config as WalletConfig;
}
