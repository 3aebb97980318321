import { type Hex, decodeErrorResult, decodeEventLog } from "viem";
import { entryPoint08Abi } from "viem/account-abstraction";
import { pqAccountAbi } from "@pq4337/sdk";

/**
 * The outcome of a handleOps call: "success", "execution reverted: <account error>" from the
 * `UserOperationRevertReason` event, or the `FailedOp` AA code of a refused operation.
 */
export async function handleOpsOutcome(send: () => Promise<unknown>): Promise<string> {
  try {
    const receipt = (await send()) as { logs: { data: Hex; topics: [Hex, ...Hex[]] }[] };
    let reason = "";
    for (const log of receipt.logs) {
      try {
        const event = decodeEventLog({ abi: entryPoint08Abi, ...log });
        if (event.eventName === "UserOperationRevertReason") reason = `: ${accountError(event.args.revertReason)}`;
        if (event.eventName === "UserOperationEvent") return event.args.success ? "success" : `execution reverted${reason}`;
      } catch {}
    }
    return "no UserOperationEvent";
  } catch (error) {
    const match = /AA\d\d[^"'\n]*/.exec(String(error));
    return match ? match[0].trim() : String(error);
  }
}

function accountError(data: Hex): string {
  try {
    return decodeErrorResult({ abi: pqAccountAbi, data }).errorName;
  } catch {
    return data;
  }
}
