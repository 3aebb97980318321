import { type Address, zeroAddress } from "viem";
import { ExistingPrecompileAddressError, InvalidPrecompileAddressError } from "../errors/precompiles.js";
import { type PrecompileAddresses, type PrecompileName, isExistingPrecompileAddress, maxPrecompileAddress } from "./types.js";

export type VerifierConstructorArgumentsParameters = {
  /** A registry entry (`schemes[name]`): the precompiles its verifier's constructor takes. */
  scheme: { verifierPrecompiles: readonly PrecompileName[] };
  /** The chain's precompiles; the default, none, is the deployment `getPQ4337Addresses` names. */
  precompiles?: PrecompileAddresses | undefined;
};

export type VerifierConstructorArgumentsReturnType = Address[];

export type VerifierConstructorArgumentsErrorType = InvalidPrecompileAddressError | ExistingPrecompileAddressError;

/**
 * A scheme's verifier's constructor arguments on a chain: the addresses of the precompiles it takes
 * (`scheme.verifierPrecompiles`, in order; zero where `precompiles` has none). Throws
 * {@link InvalidPrecompileAddressError} for an address outside EIP-1352's precompile range and
 * {@link ExistingPrecompileAddressError} for an existing precompile's, which the constructor would refuse.
 *
 * @example
 * verifierConstructorArguments({ scheme: schemes.mldsa65!, precompiles: { VERIFY_MLDSA65: "0x0000000000000000000000000000000000000013" } })
 * // ["0x0000000000000000000000000000000000000013"]
 */
export function verifierConstructorArguments({
  scheme,
  precompiles = {},
}: VerifierConstructorArgumentsParameters): VerifierConstructorArgumentsReturnType {
  return scheme.verifierPrecompiles.map((name) => {
    const address = precompiles[name] ?? zeroAddress;
    if (BigInt(address) > maxPrecompileAddress) throw new InvalidPrecompileAddressError({ name, address });
    if (isExistingPrecompileAddress(address)) throw new ExistingPrecompileAddressError({ name, address });
    return address;
  });
}
