// Imported first by every example: an error ends the script with one line on stderr and exit code 1, not a stack
// trace. The SDK's typed errors say what to do (an unreachable RPC or bundler names its URL); set
// PQ4337_STACK_TRACES=1 to see the whole error instead.
import { BaseError } from "viem";
import { PQ4337Error, parseUserOperationError } from "@pq4337/sdk";

process.on("uncaughtException", (thrown) => {
  if (process.env.PQ4337_STACK_TRACES === "1") console.error(thrown);
  else {
    const error = parseUserOperationError(thrown);
    const message = error instanceof PQ4337Error || error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
    console.error(message.replace(/\s*\n\s*/g, " ").trim());
  }
  process.exit(1);
});
