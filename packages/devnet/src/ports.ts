import { createServer } from "node:net";

/**
 * `preferred` when nothing listens on it, otherwise a free port chosen by the OS, so that two devnets
 * (or a devnet and anything else) never collide.
 */
export async function pickPort(preferred: number): Promise<number> {
  return (await tryListen(preferred)) ?? (await tryListen(0))!;
}

function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
    });
  });
}
