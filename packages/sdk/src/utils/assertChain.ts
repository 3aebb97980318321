import type { Chain, Client, Transport } from "viem";
import { ClientChainMissingError } from "../errors/client.js";

export type AssertChainErrorType = ClientChainMissingError;

/**
 * Throws {@link ClientChainMissingError} when the client has no `chain`. viem lets such a client type-check where
 * an account needs one, and then fails deep inside with "Cannot read properties of undefined (reading 'id')".
 *
 * @example
 * assertChain(client) // client.chain is a Chain from here on
 */
export function assertChain<transport extends Transport, chain extends Chain | undefined>(
  client: Client<transport, chain>,
): asserts client is Client<transport, Exclude<chain, undefined>> {
  if (client.chain === undefined || client.chain === null) throw new ClientChainMissingError();
}
