import { type Address, type Hex, decodeAbiParameters, getAddress, decodeFunctionData, encodeAbiParameters, encodeFunctionData, encodePacked, hexToBigInt, size, slice } from "viem";
import { erc7579AccountAbi } from "./erc7579AccountAbi.js";
import { UnsupportedErc7579CallsError } from "./errors.js";

/** ERC-7579 execution mode of one call: call type 0x00 (single), exec type 0x00 (revert on failure). */
export const singleExecutionMode: Hex = `0x${"00".repeat(32)}`;
/** ERC-7579 execution mode of a batch: call type 0x01, exec type 0x00. */
export const batchExecutionMode: Hex = `0x01${"00".repeat(31)}`;

const executionsType = [
  {
    type: "tuple[]",
    components: [
      { name: "target", type: "address" },
      { name: "value", type: "uint256" },
      { name: "callData", type: "bytes" },
    ],
  },
] as const;

export type Erc7579Call = { to: Address; value?: bigint | undefined; data?: Hex | undefined };

/**
 * An ERC-7579 account's `execute(mode, executionCalldata)` for `calls`: one call in single mode
 * (`target ‖ value ‖ callData`, packed), several as a batch (`abi.encode(Execution[])`).
 *
 * @example
 * const callData = encodeErc7579Calls([{ to: recipient, value: 1n }])
 */
export function encodeErc7579Calls(calls: readonly Erc7579Call[]): Hex {
  if (calls.length === 1) {
    const [{ to, value = 0n, data = "0x" }] = calls as [Erc7579Call];
    return encodeFunctionData({
      abi: erc7579AccountAbi,
      functionName: "execute",
      args: [singleExecutionMode, encodePacked(["address", "uint256", "bytes"], [to, value, data])],
    });
  }
  const executions = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, callData: call.data ?? "0x" }));
  return encodeFunctionData({ abi: erc7579AccountAbi, functionName: "execute", args: [batchExecutionMode, encodeAbiParameters(executionsType, [executions])] });
}

/**
 * The calls of an ERC-7579 `execute` in single or batch mode; anything else throws {@link UnsupportedErc7579CallsError}.
 *
 * @example
 * const calls = decodeErc7579Calls(userOperation.callData)
 */
export function decodeErc7579Calls(data: Hex): { to: Address; value: bigint; data: Hex }[] {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: erc7579AccountAbi, data });
  } catch {
    throw new UnsupportedErc7579CallsError({ data });
  }
  if (decoded.functionName !== "execute") throw new UnsupportedErc7579CallsError({ data });
  const [mode, executionCalldata] = decoded.args;
  if (mode === singleExecutionMode) {
    if (size(executionCalldata) < 52) throw new UnsupportedErc7579CallsError({ data });
    return [{ to: getAddress(slice(executionCalldata, 0, 20)), value: hexToBigInt(slice(executionCalldata, 20, 52)), data: size(executionCalldata) > 52 ? slice(executionCalldata, 52) : "0x" }];
  }
  if (mode === batchExecutionMode) {
    const [executions] = decodeAbiParameters(executionsType, executionCalldata);
    return executions.map(({ target, value, callData }) => ({ to: target, value, data: callData }));
  }
  throw new UnsupportedErc7579CallsError({ data });
}
