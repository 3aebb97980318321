import type { Address } from "viem";
import type { NetworkConnection } from "hardhat/types/network";

/** The precompile stand-ins of contracts/mocks/precompiles. */
export type StandInName =
  | "FalconHashToPointPrecompileStandIn"
  | "FalconCorePrecompileStandIn"
  | "MLDSA44PrecompileStandIn"
  | "MLDSA65PrecompileStandIn"
  | "MLDSA87PrecompileStandIn";

/**
 * Puts a precompile stand-in's runtime code at `address` with `hardhat_setCode`, where a chain that has the
 * precompile would answer: the stand-ins have no constructor and no immutables, so their code is the whole of them.
 */
export async function placeStandIn(connection: NetworkConnection<"generic">, name: StandInName, address: Address): Promise<void> {
  const deployed = await connection.viem.deployContract(name);
  const code = await (await connection.viem.getPublicClient()).getCode({ address: deployed.address });
  await connection.provider.request({ method: "hardhat_setCode", params: [address, code!] });
}
