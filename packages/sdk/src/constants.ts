import type { Address, Hex } from "viem";

/** The canonical ERC-4337 EntryPoint v0.8, which {@link toPQSmartAccount} targets. */
export const entryPointAddress: Address = "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108";

/**
 * The deterministic CREATE2 deployer present on most chains (and on anvil): `salt ‖ initCode` sent to it
 * deploys `initCode` at an address that depends only on the salt and the code.
 */
export const create2DeployerAddress: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";

/** The salt pq4337 uses for its own deterministic deployments. */
export const deploymentSalt: Hex = "0x0000000000000000000000000000000000000000000000000000000000000000";

/** The nonce key of {@link toPQSmartAccount} user operations (viem's default, a timestamp, opens a fresh slot every time). */
export const defaultNonceKey = 0n;
