import { watchLauncher } from "@pq4337/devnet";

/** Resolves on SIGINT, SIGTERM or SIGHUP, or when the launcher (`npx … pnpm …`) is gone: see `watchLauncher`. */
export function whenToStop(): Promise<void> {
  return new Promise((resolve) => {
    const stopWatching = watchLauncher({ onExit: () => resolve() });
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.once(signal, () => {
        stopWatching();
        resolve();
      });
  });
}

/**
 * The `export PQ4337_…=…` lines the examples (examples/environment.ts) and the README's commands read, to paste into
 * a shell. The private key is printed only when it is given (the devnet's public development key).
 */
export function exportLines({ rpcUrl, bundlerUrl, privateKey }: { rpcUrl: string; bundlerUrl: string; privateKey?: string | undefined }): string[] {
  const quote = (value: string) => (/^[\w:/.?=&%@+,-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`);
  return [
    `export PQ4337_RPC_URL=${quote(rpcUrl)}`,
    `export PQ4337_BUNDLER_URL=${quote(bundlerUrl)}`,
    ...(privateKey === undefined ? [] : [`export PQ4337_PRIVATE_KEY=${privateKey}`]),
  ];
}
