import { type Address, type Chain, type Client, type Hex, type Transport, decodeFunctionResult, encodeFunctionData } from "viem";
import { call } from "viem/actions";
import { StateOverrideUnsupportedError, isStateOverrideRefusal } from "../errors/estimate.js";
import { toCodeChunks } from "../keys/codeStore.js";
import { erc7913GasMeterAbi, erc7913GasMeterDeployedBytecode } from "../generated/contracts.js";

/** Where the gas meter's code is placed for the call; nothing is deployed there. */
export const meterAddress: Address = "0x00000000000000000000000000000000009e7e12";
const verifySelector = "0x024ad318";

export type MeasureVerifyGasParameters = {
  client: Client<Transport, Chain | undefined>;
  /** The ERC-7913 verifier. */
  verifier: Address;
  /** The ERC-7913 key bytes (without the verifier address). */
  key: Hex;
  /** The 32-byte hash. */
  hash: Hex;
  signature: Hex;
  /**
   * The scheme's expanded key, for verifiers that read it from contract code. Its chunks are placed with the
   * same state override where they are not deployed, so the figure includes reading and checking them.
   */
  expandedKey?: Hex | undefined;
};

export type MeasureVerifyGasErrorType = StateOverrideUnsupportedError;

export type MeasureVerifyGasReturnType = {
  /** Whether the verifier returned the ERC-7913 success selector. */
  valid: boolean;
  /**
   * Execution gas of the `verify` call: the STATICCALL's consumption with the verifier warm, excluding the
   * transaction's intrinsic and calldata gas (see `ERC7913GasMeter.sol`).
   */
  gas: number;
};

/**
 * Verifies a signature with an ERC-7913 verifier on a live chain and measures the gas of the call, through
 * an `eth_call` that places pq4337's gas meter with a state override (no deployment, works on any node that
 * supports state overrides). A node that refuses or ignores the override throws {@link StateOverrideUnsupportedError};
 * any other failure (a timeout, a dropped connection) is thrown as the transport reported it.
 *
 * @example
 * const { valid, gas } = await measureVerifyGas({ client, verifier, key: signer.key, hash, signature })
 */
export async function measureVerifyGas(parameters: MeasureVerifyGasParameters): Promise<MeasureVerifyGasReturnType> {
  const { client, verifier, key, hash, signature, expandedKey } = parameters;
  const chunks = expandedKey ? toCodeChunks(expandedKey) : [];
  const { data } = await call(client, {
    to: meterAddress,
    data: encodeFunctionData({ abi: erc7913GasMeterAbi, functionName: "measure", args: [verifier, key, hash, signature] }),
    stateOverride: [
      { address: meterAddress, code: erc7913GasMeterDeployedBytecode },
      ...chunks.map(({ address, runtimeCode }) => ({ address, code: runtimeCode })),
    ],
  }).catch((error: unknown) => {
    throw isStateOverrideRefusal(error) ? new StateOverrideUnsupportedError({ cause: error }) : error;
  });
  // The meter always returns: no data means the node ran the call without placing it.
  if (data === undefined) throw new StateOverrideUnsupportedError();
  const [result, gas] = decodeFunctionResult({ abi: erc7913GasMeterAbi, functionName: "measure", data });
  return { valid: result === verifySelector, gas: Number(gas) };
}
