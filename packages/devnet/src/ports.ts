import { createServer } from "node:net";

/** The ports a devnet prefers when none are given: anvil's and the ERC-4337 bundlers' usual ones. */
export const devnetDefaultPorts = { rpc: 8545, bundler: 4337 } as const;

/**
 * The port to listen on, on 127.0.0.1: `requested` when given, which must then be free (a busy one is an error,
 * never silently replaced); otherwise `preferred` when free, else a free port chosen by the OS, so that two
 * devnets (or a devnet and anything else) never collide. `taken` is a port this devnet already uses.
 */
export async function choosePort(parameters: ChoosePortParameters): Promise<number> {
  const { requested, preferred, taken, what } = parameters;
  if (requested === undefined) return (preferred !== taken && (await tryListen(preferred))) || (await tryListen(0))!;
  if (!Number.isInteger(requested) || requested < 1 || requested > 65_535)
    throw new Error(`${what} port must be an integer from 1 to 65535, got ${requested}`);
  if (requested === taken || (await tryListen(requested)) === undefined) throw new Error(`${what} port ${requested} is in use on 127.0.0.1`);
  return requested;
}

export type ChoosePortParameters = {
  requested: number | undefined;
  preferred: number;
  taken?: number | undefined;
  /** What listens there, for the error message: "anvil", "bundler". */
  what: string;
};

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
