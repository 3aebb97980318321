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

/**
 * The precompiles Ethereum already has (as of Osaka): 0x01–0x0a, EIP-2537's BLS12-381 operations at 0x0b–0x11 and
 * EIP-7951's P256VERIFY at 0x100. The verifiers refuse these addresses: an existing precompile would answer for the
 * new one (the identity precompile, 0x04, echoes its input).
 */
export const existingPrecompileAddresses: readonly bigint[] = [...Array.from({ length: 0x11 }, (_, i) => BigInt(i + 1)), 0x100n];

/** Whether `address` is one of {@link existingPrecompileAddresses}. */
export function isExistingPrecompileAddress(address: Address): boolean {
  return existingPrecompileAddresses.includes(BigInt(address));
}
