import { type Address, type Chain, type Client, type Hex, type Transport, decodeFunctionResult, encodeFunctionData, parseAbi } from "viem";
import { call } from "viem/actions";
import { erc7913GasMeterAbi, erc7913GasMeterDeployedBytecode } from "../generated/contracts.js";
import { meterAddress } from "./measureVerifyGas.js";

/** The message entry point of verifiers that take messages of any length (`Scheme.verifiesMessages`). */
const verifyMessageAbi = parseAbi(["function verifyMessage(bytes key, bytes message, bytes signature) view returns (bool)"]);

export type MeasureVerifyMessageGasParameters = {
  client: Client<Transport, Chain | undefined>;
  /** A verifier with `verifyMessage(key, message, signature)`, e.g. `Ed25519Verifier`. */
  verifier: Address;
  /** The ERC-7913 key bytes (without the verifier address). */
  key: Hex;
  /** The signed message, of any length. */
  message: Hex;
  signature: Hex;
};

export type MeasureVerifyMessageGasReturnType = {
  /** Whether the verifier accepted the signature. */
  valid: boolean;
  /** Execution gas of the `verifyMessage` call, measured as `measureVerifyGas` measures `verify`. */
  gas: number;
};

/**
 * Verifies a signature over a message of any length with a verifier's `verifyMessage` entry point on a live
 * chain, and measures the gas of the call through the gas meter placed with a state override (no deployment).
 *
 * @example
 * const { valid, gas } = await measureVerifyMessageGas({ client, verifier: addresses.verifiers.ed25519, key, message, signature })
 */
export async function measureVerifyMessageGas(parameters: MeasureVerifyMessageGasParameters): Promise<MeasureVerifyMessageGasReturnType> {
  const { client, verifier, key, message, signature } = parameters;
  const { data } = await call(client, {
    to: meterAddress,
    data: encodeFunctionData({
      abi: erc7913GasMeterAbi,
      functionName: "measureCall",
      args: [verifier, encodeFunctionData({ abi: verifyMessageAbi, functionName: "verifyMessage", args: [key, message, signature] })],
    }),
    stateOverride: [{ address: meterAddress, code: erc7913GasMeterDeployedBytecode }],
  });
  const [success, returned, gas] = decodeFunctionResult({ abi: erc7913GasMeterAbi, functionName: "measureCall", data: data! });
  const valid = success && returned.length === 66 && decodeFunctionResult({ abi: verifyMessageAbi, functionName: "verifyMessage", data: returned });
  return { valid, gas: Number(gas) };
}
