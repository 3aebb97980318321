import { type Address, type Hex, isAddressEqual, toFunctionSelector } from "viem";
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
};

const selectors = {
  createSender: toFunctionSelector("createSender(bytes)"),
  validateUserOp: toFunctionSelector("validateUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"),
  validatePaymasterUserOp: toFunctionSelector("validatePaymasterUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"),
};

/**
 * The validation phases of a traced `handleOps([op])`, in order: the EntryPoint's calls to its SenderCreator
 * (factory), to the sender's `validateUserOp` (account) and to the paymaster's `validatePaymasterUserOp`. The first
 * call that is none of these (`innerHandleOp`, the execution) ends validation; it and what follows are left out.
 */
export function splitValidationPhases(
  root: Erc7562Frame,
  { sender, factory, paymaster }: { sender: Address; factory: Address | undefined; paymaster: Address | undefined },
): ValidationPhase[] {
  const phases: ValidationPhase[] = [];
  for (const frame of root.calls ?? []) {
    const selector = frame.input.slice(0, 10);
    const to = frame.to;
    if (selector === selectors.createSender && factory) phases.push({ phase: "factory", entity: factory, frame });
    else if (selector === selectors.validateUserOp && to && isAddressEqual(to, sender)) phases.push({ phase: "account", entity: sender, frame });
    else if (selector === selectors.validatePaymasterUserOp && to && paymaster && isAddressEqual(to, paymaster))
      phases.push({ phase: "paymaster", entity: paymaster, frame });
    else break;
  }
  return phases;
}
