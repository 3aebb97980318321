import { type Address, type Chain, type Client, type Hex, type Transport, decodeFunctionResult, encodeFunctionData, parseAbi } from "viem";
import { call } from "viem/actions";
import { StateOverrideUnsupportedError, isStateOverrideRefusal } from "../errors/estimate.js";
import { toCodeChunks } from "../keys/codeStore.js";
import { erc7913GasMeterAbi, erc7913GasMeterDeployedBytecode } from "../generated/contracts.js";
import { meterAddress } from "./measureVerifyGas.js";

/** The message entry points of verifiers that take messages of any length (`Scheme.verifiesMessages`). */
const verifyMessageAbi = parseAbi([
  "function verifyMessage(bytes key, bytes message, bytes signature) view returns (bool)",
  "function verifyMessage(bytes key, bytes message, bytes context, bytes signature) view returns (bool)",
]);

export type MeasureVerifyMessageGasParameters = {
  client: Client<Transport, Chain | undefined>;
  /**
   * A verifier with `verifyMessage(key, message, signature)` (`Ed25519Verifier`), or with
   * `verifyMessage(key, message, context, signature)` when `context` is given (`MLDSA65Verifier`).
   */
  verifier: Address;
  /** The ERC-7913 key bytes (without the verifier address). */
  key: Hex;
  /** The signed message, of any length. */
  message: Hex;
  /** FIPS 204's context string (0–255 bytes), for verifiers that take one. */
  context?: Hex | undefined;
  signature: Hex;
  /** The scheme's expanded key, placed where it is not deployed, as `measureVerifyGas` does. */
  expandedKey?: Hex | undefined;
};

export type MeasureVerifyMessageGasErrorType = StateOverrideUnsupportedError;

export type MeasureVerifyMessageGasReturnType = {
  /** Whether the verifier accepted the signature. */
  valid: boolean;
  /** Execution gas of the `verifyMessage` call, measured as `measureVerifyGas` measures `verify`. */
  gas: number;
};

/**
 * Verifies a signature over a message of any length with a verifier's `verifyMessage` entry point on a live
 * chain, and measures the gas of the call through the gas meter placed with a state override (no deployment). A node
 * that refuses or ignores the override throws {@link StateOverrideUnsupportedError}; any other failure (a timeout, a
 * dropped connection) is thrown as the transport reported it.
 *
 * @example
 * const { valid, gas } = await measureVerifyMessageGas({ client, verifier: addresses.verifiers.ed25519, key, message, signature })
 * const fips204 = await measureVerifyMessageGas({ client, verifier: addresses.verifiers.mldsa65, key, message, context, signature, expandedKey })
 */
export async function measureVerifyMessageGas(parameters: MeasureVerifyMessageGasParameters): Promise<MeasureVerifyMessageGasReturnType> {
  const { client, verifier, key, message, context, signature, expandedKey } = parameters;
  const verifyMessage =
    context === undefined
      ? encodeFunctionData({ abi: verifyMessageAbi, functionName: "verifyMessage", args: [key, message, signature] })
      : encodeFunctionData({ abi: verifyMessageAbi, functionName: "verifyMessage", args: [key, message, context, signature] });
  const { data } = await call(client, {
    to: meterAddress,
    data: encodeFunctionData({
      abi: erc7913GasMeterAbi,
      functionName: "measureCall",
      args: [verifier, verifyMessage],
    }),
    stateOverride: [
      { address: meterAddress, code: erc7913GasMeterDeployedBytecode },
      ...(expandedKey ? toCodeChunks(expandedKey) : []).map(({ address, runtimeCode }) => ({ address, code: runtimeCode })),
    ],
  }).catch((error: unknown) => {
    throw isStateOverrideRefusal(error) ? new StateOverrideUnsupportedError({ cause: error }) : error;
  });
  // The meter always returns: no data means the node ran the call without placing it.
  if (data === undefined) throw new StateOverrideUnsupportedError();
  const [success, returned, gas] = decodeFunctionResult({ abi: erc7913GasMeterAbi, functionName: "measureCall", data });
  // Both entry points return one ABI-encoded bool.
  const valid = success && returned === `0x${"0".repeat(63)}1`;
  return { valid, gas: Number(gas) };
}
