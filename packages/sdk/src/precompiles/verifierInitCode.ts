import { type Hex, concatHex, encodeAbiParameters } from "viem";
import {
  type VerifierConstructorArgumentsErrorType,
  type VerifierConstructorArgumentsParameters,
  verifierConstructorArguments,
} from "./verifierConstructorArguments.js";

export type VerifierInitCodeParameters = VerifierConstructorArgumentsParameters & {
  /** A registry entry (`schemes[name]`): its verifier's creation code and the precompiles its constructor takes. */
  scheme: VerifierConstructorArgumentsParameters["scheme"] & { verifierBytecode: Hex };
};

export type VerifierInitCodeReturnType = Hex;

export type VerifierInitCodeErrorType = VerifierConstructorArgumentsErrorType;

/**
 * The init code of a scheme's verifier on a chain: its creation code followed by its constructor arguments, the
 * chain's precompile addresses (see {@link verifierConstructorArguments}). The verifier's deterministic address
 * follows from it, so a chain with precompiles has its own verifier addresses.
 *
 * @example
 * const initCode = verifierInitCode({ scheme: schemes.mldsa65!, precompiles: { VERIFY_MLDSA65: "0x0000000000000000000000000000000000000013" } })
 */
export function verifierInitCode(parameters: VerifierInitCodeParameters): VerifierInitCodeReturnType {
  const addresses = verifierConstructorArguments(parameters);
  if (addresses.length === 0) return parameters.scheme.verifierBytecode;
  return concatHex([parameters.scheme.verifierBytecode, encodeAbiParameters(addresses.map(() => ({ type: "address" })), addresses)]);
}
