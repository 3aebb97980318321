import type { Address } from "viem";

/**
 * The post-quantum precompiles pq4337's verifiers can use where a chain has them (all Draft EIPs, none on a public
 * chain yet): EIP-8355's ML-DSA verification at each parameter set, and EIP-8052's Falcon-512 hash-to-point (SHAKE256)
 * and core verification.
 */
export const precompileNames = [
  "VERIFY_MLDSA44",
  "VERIFY_MLDSA65",
  "VERIFY_MLDSA87",
  "FALCON_HASH_TO_POINT_SHAKE256",
  "FALCON_CORE",
] as const;

export type PrecompileName = (typeof precompileNames)[number];

/** A chain's precompile addresses, by name; a name left out (or the zero address) means the chain has none. */
export type PrecompileAddresses = Partial<Record<PrecompileName, Address>>;

/** EIP-1352 reserves 0x0001–0xffff for precompiles; the verifiers refuse any other nonzero address. */
export const maxPrecompileAddress = 0xffffn;
