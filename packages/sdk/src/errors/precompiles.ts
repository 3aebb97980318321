import type { Address } from "viem";
import { PQ4337Error } from "./base.js";

/** A precompile address outside the range EIP-1352 reserves for precompiles (0x0001–0xffff). */
export class InvalidPrecompileAddressError extends PQ4337Error {
  override name = "InvalidPrecompileAddressError";
  constructor({ name, address }: { name: string; address: Address }) {
    super(`${name} at ${address} is not a precompile address: EIP-1352 reserves 0x0001–0xffff for them.`, {
      details: "The verifiers refuse any other address, so that no deployed contract can answer for the chain.",
    });
  }
}
