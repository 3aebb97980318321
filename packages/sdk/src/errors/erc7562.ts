import { PQ4337Error } from "./base.js";

/** The node cannot trace with geth's native `erc7562Tracer` (anvil, most hosted RPCs), so ERC-7562 cannot be checked. */
export class Erc7562TracerUnsupportedError extends PQ4337Error {
  override name = "Erc7562TracerUnsupportedError";
  constructor({ cause }: { cause: unknown }) {
    super("The node does not trace with geth's native erc7562Tracer (debug_traceCall), which the ERC-7562 check needs.", {
      details: `Use geth (e.g. "pq4337 devnet --node geth"). The node said: ${cause instanceof Error ? cause.message.split("\n")[0] : String(cause)}`,
      cause,
    });
  }
}
