import type { Hash, Hex, PublicClient } from "viem";

type CallFrame = { type: string; from: Hex; to: Hex; input: Hex; gasUsed: Hex; calls?: CallFrame[] };

const selectors = {
  validateUserOp: "0x19822f7c",
  /** ERC-7579's `validateUserOp(PackedUserOperation,bytes32)`: an account's call into its validator module. */
  validatorValidateUserOp: "0x97003203",
  verify: "0x024ad318",
  execute: "0xe9ae5c53",
} as const;

/**
 * Gas of the interesting frames of a bundle transaction, from anvil's `callTracer`: the EntryPoint's call to the
 * account's `validateUserOp`, the account's STATICCALLs to its verifiers' `verify` (summed: a hybrid account calls
 * one per signer), the account's call into an ERC-7579 validator module (null for an account without one), and the
 * account's `execute`. The outermost frames with each selector are taken (the clone's
 * DELEGATECALL sits inside them).
 */
export async function traceBundle(client: PublicClient, hash: Hash) {
  const root = (await client
    .request({ method: "debug_traceTransaction" as never, params: [hash, { tracer: "callTracer" }] as never })
    // A node without the debug namespace (most hosted RPCs): the frame rows are left out.
    .catch(() => undefined)) as CallFrame | undefined;
  if (!root) return { validateUserOp: null, validator: null, verify: null, execute: null };
  const find = (selector: Hex, { all = false } = {}): number | null => {
    let total: number | null = null;
    const stack = [root];
    while (stack.length > 0) {
      const frame = stack.shift()!;
      if (frame.input?.startsWith(selector)) {
        total = (total ?? 0) + Number(BigInt(frame.gasUsed));
        if (!all) return total;
        continue;
      }
      stack.push(...(frame.calls ?? []));
    }
    return total;
  };
  return {
    validateUserOp: find(selectors.validateUserOp),
    validator: find(selectors.validatorValidateUserOp),
    verify: find(selectors.verify, { all: true }),
    execute: find(selectors.execute),
  };
}
