import { type Address, type Hex, hexToBytes, isAddressEqual } from "viem";
import type { Erc7562Phase, Erc7562Violation } from "./rules.js";
import type { Erc7562Frame, ValidationPhase } from "./validationTrace.js";

/**
 * What the checker cannot learn from geth v1.17.10's `erc7562Tracer`, and what it does about it. The tracer forgets
 * the previous opcode when it meets RETURN or REVERT (`handleReturnRevert` clears `lastOpWithStack` before
 * `handleGasObserved` and `handleExtOpcodes` read it), so GAS directly before RETURN or REVERT is never counted
 * (OP-012) and EXTCODESIZE, EXTCODEHASH or EXTCODECOPY directly before them is never listed with its target (OP-054).
 */
export const erc7562TracerBlindSpots = [
  "geth v1.17.10's erc7562Tracer never reports GAS directly before RETURN or REVERT (OP-012), nor the target of EXTCODESIZE/EXTCODEHASH/EXTCODECOPY directly before them (OP-054); the checker scans the code of every contract that ran in validation for these pairs instead and fails each pair in reachable code, whether or not it ran",
  "not checked: OP-013 (unassigned opcodes), OP-061 (CALL with value), COD-010 (code unchanged between validations) and the mempool's reputation and local rules (STO-040/041, GREP, SREP, EREP, UREP)",
] as const;

const opcodes = { STOP: 0x00, JUMP: 0x56, JUMPDEST: 0x5b, PUSH1: 0x60, PUSH32: 0x7f, RETURN: 0xf3, REVERT: 0xfd, INVALID: 0xfe, SELFDESTRUCT: 0xff };

/** The opcodes the tracer loses before RETURN or REVERT, with the rule that needs them. */
const hiddenBeforeHalt: Record<number, { name: string; rule: "OP-012" | "OP-054" }> = {
  0x5a: { name: "GAS", rule: "OP-012" },
  0x3b: { name: "EXTCODESIZE", rule: "OP-054" },
  0x3c: { name: "EXTCODECOPY", rule: "OP-054" },
  0x3f: { name: "EXTCODEHASH", rule: "OP-054" },
};

/** Opcodes after which the next instruction runs only if a jump lands on it. */
const halting = new Set([opcodes.STOP, opcodes.JUMP, opcodes.RETURN, opcodes.REVERT, opcodes.INVALID, opcodes.SELFDESTRUCT]);

/** One instruction the tracer cannot see: `opcode` at `pc`, directly followed by `next` (RETURN or REVERT). */
export type HiddenOpcodePair = { pc: number; opcode: string; rule: "OP-012" | "OP-054"; next: "RETURN" | "REVERT" };

/**
 * Every GAS or EXTCODE* instruction of `code` directly followed by RETURN or REVERT, where execution can reach it.
 *
 * Sound for what runs: execution starts at pc 0, moves to the next instruction unless the opcode halts or jumps, and
 * jumps only to a JUMPDEST that is an instruction (not PUSH data). So every instruction that runs is one this linear
 * sweep visits between pc 0 or a JUMPDEST and the next halting opcode (STOP, JUMP, RETURN, REVERT, INVALID,
 * SELFDESTRUCT), and the opcode that runs after GAS is the byte right after it. It over-approximates: a pair in code
 * that no path reaches (or in data behind a stray JUMPDEST byte) is reported too.
 */
export function findHiddenOpcodePairs(code: Hex): HiddenOpcodePair[] {
  const bytes = hexToBytes(code);
  const pairs: HiddenOpcodePair[] = [];
  let reachable = true;
  for (let pc = 0; pc < bytes.length; ) {
    const opcode = bytes[pc]!;
    if (opcode === opcodes.JUMPDEST) reachable = true;
    const hidden = hiddenBeforeHalt[opcode];
    const next = bytes[pc + 1];
    if (reachable && hidden && (next === opcodes.RETURN || next === opcodes.REVERT))
      pairs.push({ pc, opcode: hidden.name, rule: hidden.rule, next: next === opcodes.RETURN ? "RETURN" : "REVERT" });
    if (halting.has(opcode)) reachable = false;
    pc += opcode >= opcodes.PUSH1 && opcode <= opcodes.PUSH32 ? opcode - opcodes.PUSH1 + 2 : 1;
  }
  return pairs;
}

/** Code that ran in a validation phase: a contract's (by address, to be read from the chain) or a CREATE's initcode. */
export type ExecutedCode = { phase: Erc7562Phase; address: Address } & ({ source: "address" } | { source: "initcode"; code: Hex });

/**
 * The code that ran in the phases outside the EntryPoint (whose own code, with its SenderCreator's, is trusted): the
 * code address of every call frame (for DELEGATECALL and CALLCODE the callee, whose code runs), and the initcode of
 * every CREATE and CREATE2. Also returns the runtime code of the contracts created in the phases, which the chain
 * does not hold yet (the sender, created by its factory, runs it in the account phase).
 */
export function listExecutedCode(phases: readonly ValidationPhase[], entryPoint: Address): { executed: ExecutedCode[]; created: Map<string, Hex> } {
  const executed: ExecutedCode[] = [];
  const created = new Map<string, Hex>();
  const visit = (frame: Erc7562Frame, phase: Erc7562Phase, trusted: boolean) => {
    if (!trusted && (frame.type === "CREATE" || frame.type === "CREATE2")) {
      // A failed creation has no address in the trace, but its initcode ran: it is named by its creator.
      executed.push({ phase, address: frame.to ?? frame.from, source: "initcode", code: frame.input });
      if (frame.to && !frame.error) created.set(frame.to.toLowerCase(), frame.output ?? "0x");
    } else if (!trusted && frame.to !== undefined) executed.push({ phase, address: frame.to, source: "address" });
    for (const call of frame.calls ?? []) if (!(call.to && isAddressEqual(call.to, entryPoint))) visit(call, phase, false);
  };
  for (const phase of phases) visit(phase.frame, phase.phase, phase.startsInSenderCreator);
  return { executed, created };
}

/** One violation per phase, contract and rule for the hidden pairs in the code that ran. */
export function findHiddenOpcodeViolations(executed: readonly { phase: Erc7562Phase; address: Address; code: Hex; initcode: boolean }[]): Erc7562Violation[] {
  const violations: Erc7562Violation[] = [];
  const seen = new Set<string>();
  for (const { phase, address, code, initcode } of executed) {
    const pairs = findHiddenOpcodePairs(code);
    for (const rule of ["OP-012", "OP-054"] as const) {
      const broken = pairs.filter((pair) => pair.rule === rule);
      const key = `${phase}/${address.toLowerCase()}/${initcode}/${rule}`;
      if (broken.length === 0 || seen.has(key)) continue;
      seen.add(key);
      const where = broken.map(({ pc, opcode, next }) => `${opcode} before ${next} at pc ${pc}`).join(", ");
      violations.push({
        rule,
        phase,
        address,
        detail: `${initcode ? "initcode: " : ""}${where}: a pair the erc7562Tracer never reports${rule === "OP-054" ? " (its target is unknown)" : ""}, found in reachable code, which may not have run`,
      });
    }
  }
  return violations;
}
