import { type Hex, concatHex, encodeAbiParameters, zeroAddress } from "viem";
import { InvalidPrecompileAddressError } from "../errors/precompiles.js";
import { type PrecompileAddresses, type PrecompileName, maxPrecompileAddress } from "./types.js";

export type VerifierInitCodeParameters = {
  /** A registry entry (`schemes[name]`): its verifier's creation code and the precompiles its constructor takes. */
  scheme: { verifierBytecode: Hex; verifierPrecompiles: readonly PrecompileName[] };
  /** The chain's precompiles; the default, none, is the deployment `getPQ4337Addresses` names. */
  precompiles?: PrecompileAddresses | undefined;
};

export type VerifierInitCodeReturnType = Hex;

export type VerifierInitCodeErrorType = InvalidPrecompileAddressError;

/**
 * The init code of a scheme's verifier on a chain: its creation code followed by the addresses of the precompiles
 * its constructor takes (`scheme.verifierPrecompiles`, in order; zero where `precompiles` has none). The verifier's
 * deterministic address follows from it, so a chain with precompiles has its own verifier addresses. Throws
 * {@link InvalidPrecompileAddressError} for an address outside EIP-1352's precompile range, which the constructor
 * would refuse.
 *
 * @example
 * const initCode = verifierInitCode({ scheme: schemes.mldsa65!, precompiles: { VERIFY_MLDSA65: "0x0000000000000000000000000000000000000013" } })
 */
export function verifierInitCode({ scheme, precompiles = {} }: VerifierInitCodeParameters): VerifierInitCodeReturnType {
  const addresses = scheme.verifierPrecompiles.map((name) => {
    const address = precompiles[name] ?? zeroAddress;
    if (BigInt(address) > maxPrecompileAddress) throw new InvalidPrecompileAddressError({ name, address });
    return address;
  });
  if (addresses.length === 0) return scheme.verifierBytecode;
  return concatHex([scheme.verifierBytecode, encodeAbiParameters(addresses.map(() => ({ type: "address" })), addresses)]);
}
