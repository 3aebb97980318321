import { PQ4337Error } from "./base.js";

/** A client was created without `chain`, which the account needs for its chain id and user-operation hashes. */
export class ClientChainMissingError extends PQ4337Error {
  override name = "ClientChainMissingError";
  constructor() {
    super("The client has no `chain`.", {
      details: "Pass one when creating it, e.g. `createPublicClient({ chain, transport: http(rpcUrl) })`.",
    });
  }
}
