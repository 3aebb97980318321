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

/** A post-quantum precompile address that an existing precompile already takes (0x01–0x11, 0x100). */
export class ExistingPrecompileAddressError extends PQ4337Error {
  override name = "ExistingPrecompileAddressError";
  constructor({ name, address }: { name: string; address: Address }) {
    super(`${name} at ${address} is an existing precompile's address (0x01–0x11, 0x100), not a new one's.`, {
      details: "The verifiers refuse it: the existing precompile would answer for the new one (0x04 echoes its input).",
    });
  }
}
