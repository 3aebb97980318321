import { type Address, type Hex, getAbiItem, getAddress, isAddressEqual, padHex, size, slice, toFunctionSelector } from "viem";
import { entryPoint08Abi } from "viem/account-abstraction";
import type { Erc7562Phase } from "./rules.js";

/**
 * One call frame of geth's native `erc7562Tracer` (go-ethereum eth/tracers/native/erc7562.go): what the frame's own
 * code did, its sub-calls in `calls`.
 */
export type Erc7562Frame = {
  /** CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2. */
  type: string;
  from: Address;
  /** The callee, or the created contract. */
  to?: Address | undefined;
  gas: Hex;
  gasUsed: Hex;
  input: Hex;
  output?: Hex | undefined;
  error?: string | undefined;
  value?: Hex | undefined;
  /** Storage the frame's code touched, by slot: the value first read, or the number of writes. */
  accessedSlots: {
    reads: Record<Hex, Hex[]>;
    writes: Record<Hex, number>;
    transientReads: Record<Hex, number>;
    transientWrites: Record<Hex, number>;
  };
  /** Targets of EXTCODE* (except EXTCODESIZE directly followed by ISZERO, which OP-051 allows). */
  extCodeAccessInfo: Address[];
  /**
   * Opcodes executed, by value (`0x42`), with counts; the tracer leaves out stack and arithmetic opcodes, and counts
   * GAS only when the next opcode is not a *CALL (OP-012).
   */
  usedOpcodes: Record<Hex, number>;
  /** Every address the frame's EXTCODE* and *CALL opcodes touched, with its code size at that moment. */
  contractSize: Record<Address, { contractSize: number; opcode: number }>;
  outOfGas: boolean;
  /** The root frame only: every KECCAK256 preimage of the transaction. */
  keccak?: Hex[] | undefined;
  calls?: Erc7562Frame[] | undefined;
};

/** The frames of one validation phase: the EntryPoint's call that starts it, and everything below. */
export type ValidationPhase = {
  phase: Erc7562Phase;
  /** The entity the phase is attributed to: the factory, the account (sender) or the paymaster. */
  entity: Address;
  frame: Erc7562Frame;
  /**
   * Whether `frame` runs the EntryPoint's SenderCreator (`createSender`, `initEip7702Sender`): trusted code, whose own
   * opcodes and storage are not judged; its sub-calls (the factory, the 7702 sender's initialisation) are.
   */
  startsInSenderCreator: boolean;
};

/** A traced `handleOps([op])` cut where validation ends. */
export type ValidationTrace = {
  /** The validation phases, in the EntryPoint's order. */
  phases: ValidationPhase[];
  /**
   * What the split could not place, one line each: a call of the EntryPoint before execution that is not the next
   * phase the operation declares (by its initCode and paymaster), or execution started before a declared phase. The
   * rules cannot judge what they cannot place, so the checker fails each.
   */
  unrecognised: string[];
  /**
   * Whether the EntryPoint called its own `innerHandleOp`: it does so only once every validation phase of the bundle
   * passed, so this, not the number of frames, says that validation was accepted.
   */
  reachedExecution: boolean;
};

/** EntryPoint v0.8's SenderCreator: the EntryPoint's first CREATE (nonce 1), at the same address on every chain. */
export const senderCreatorAddress: Address = "0x449ED7C3e6Fee6a97311d4b55475DF59C44AdD33";

/** EntryPoint v0.8's EIP-7702 initCode marker: `0x7702` padded to 20 bytes, then optional data for the sender. */
const eip7702Marker = "0x7702000000000000000000000000000000000000";

const selectors = {
  createSender: toFunctionSelector("createSender(bytes)"),
  initEip7702Sender: toFunctionSelector("initEip7702Sender(address,bytes)"),
  validateUserOp: toFunctionSelector("validateUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"),
  validatePaymasterUserOp: toFunctionSelector("validatePaymasterUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"),
  innerHandleOp: toFunctionSelector(getAbiItem({ abi: entryPoint08Abi, name: "innerHandleOp" })),
};

/**
 * How EntryPoint v0.8 reads an initCode: empty (the sender exists), the EIP-7702 marker (its first 20 bytes, read
 * zero-padded, are `0x7702` then zeros: the sender is a delegated EOA, initialised with the rest when there is a rest),
 * or a factory address and its call data.
 */
export function parseInitCode(initCode: Hex): { kind: "none" } | { kind: "eip7702"; initData: Hex } | { kind: "factory"; factory: Address } {
  if (size(initCode) === 0) return { kind: "none" };
  const head = size(initCode) >= 20 ? slice(initCode, 0, 20) : padHex(initCode, { dir: "right", size: 20 });
  if (size(initCode) >= 2 && head.toLowerCase() === eip7702Marker) return { kind: "eip7702", initData: size(initCode) > 20 ? slice(initCode, 20) : "0x" };
  return { kind: "factory", factory: getAddress(head) };
}

/**
 * Cuts a traced `handleOps([op])` (the EntryPoint's root frame) where validation ends and splits what comes before
 * into phases, from the EntryPoint's own calls, which only its code makes (the root frame's direct calls):
 * - the SenderCreator's `createSender(initCode)`: the factory phase (when the initCode names a factory);
 * - the SenderCreator's `initEip7702Sender(sender, data)`: the account phase (EIP-7702 initCode with data: the
 *   delegated EOA's initialisation is the account's own code);
 * - the sender's `validateUserOp`: the account phase; the paymaster's `validatePaymasterUserOp`: the paymaster phase;
 * - the EntryPoint's call to itself, `innerHandleOp`: execution, where validation has ended.
 * Each is expected exactly where the operation declares it (its initCode, its paymaster), once and in this order; any
 * other call before execution, or one out of order, is unrecognised.
 */
export function splitValidationTrace(
  root: Erc7562Frame,
  { entryPoint, sender, initCode, paymaster }: { entryPoint: Address; sender: Address; initCode: Hex; paymaster: Address | undefined },
): ValidationTrace {
  const init = parseInitCode(initCode);
  const expected: { matches: (frame: Erc7562Frame) => boolean; phase: Omit<ValidationPhase, "frame"> }[] = [];
  const calls = (frame: Erc7562Frame, to: Address, selector: Hex) =>
    frame.type === "CALL" && frame.to !== undefined && isAddressEqual(frame.to, to) && frame.input.slice(0, 10) === selector;
  if (init.kind === "factory")
    expected.push({
      matches: (frame) => calls(frame, senderCreatorAddress, selectors.createSender),
      phase: { phase: "factory", entity: init.factory, startsInSenderCreator: true },
    });
  if (init.kind === "eip7702" && init.initData !== "0x")
    expected.push({
      matches: (frame) => calls(frame, senderCreatorAddress, selectors.initEip7702Sender),
      phase: { phase: "account", entity: sender, startsInSenderCreator: true },
    });
  expected.push({ matches: (frame) => calls(frame, sender, selectors.validateUserOp), phase: { phase: "account", entity: sender, startsInSenderCreator: false } });
  if (paymaster)
    expected.push({
      matches: (frame) => calls(frame, paymaster, selectors.validatePaymasterUserOp),
      phase: { phase: "paymaster", entity: paymaster, startsInSenderCreator: false },
    });

  const trace: ValidationTrace = { phases: [], unrecognised: [], reachedExecution: false };
  let next = 0;
  for (const frame of root.calls ?? []) {
    if (calls(frame, entryPoint, selectors.innerHandleOp) && isAddressEqual(frame.from, entryPoint)) {
      trace.reachedExecution = true;
      // The EntryPoint runs every phase the operation declares before execution; a missing one means a misread trace.
      for (const { phase } of expected.slice(next)) trace.unrecognised.push(`execution started without the ${phase.phase} phase of ${phase.entity}`);
      return trace;
    }
    const step = expected[next];
    if (step?.matches(frame)) {
      trace.phases.push({ ...step.phase, frame });
      next++;
    } else trace.unrecognised.push(`${frame.type} to ${frame.to ?? "nothing"} (${frame.input.slice(0, 10)}) before execution: not a phase the operation declares`);
  }
  return trace;
}
