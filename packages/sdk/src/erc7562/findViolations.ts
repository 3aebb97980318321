import { type Address, type Hex, decodeFunctionData, hexToBigInt, isAddressEqual, keccak256, maxUint160, size, slice } from "viem";
import { entryPoint08Abi } from "viem/account-abstraction";
import { type Erc7562Phase, type Erc7562Violation, bannedOpcodes } from "./rules.js";
import type { Erc7562Frame, ValidationPhase } from "./validationTrace.js";

/** What the rules need to know besides the trace. */
export type ValidationContext = {
  entryPoint: Address;
  sender: Address;
  /** The factory the initCode names; undefined without one (an existing sender, or an EIP-7702 sender). */
  factory: Address | undefined;
  /** Whether the sender had code before the operation (STO-021). */
  senderExisted: boolean;
  /** Staked entities (ERC-7562 "Staked Entity"), by phase. */
  staked: Record<Erc7562Phase, boolean>;
  /** Precompiles OP-062 allows on this chain. */
  allowedPrecompiles: readonly Address[];
  /** Every KECCAK256 preimage of the traced call, for "associated storage". */
  keccakPreimages: readonly Hex[];
};

const opcodes = { GAS: 0x5a, BALANCE: 0x31, SELFBALANCE: 0x47 };

/** Addresses of the precompiles of Prague and Osaka except P-256 (0x01 to 0x11); OP-062 allows 0x01 to 0x09. */
const lastLowPrecompile = 0x11n;

/**
 * Applies the opcode and storage rules of ERC-7562 to the traced validation phases of one user operation and returns
 * every violation. The EntryPoint's own frames (the root, its SenderCreator, the sender's prefund payment into it)
 * are trusted code: their opcodes and storage are not judged, only how the phases reach the EntryPoint (OP-054).
 */
export function findViolations(phases: readonly ValidationPhase[], context: ValidationContext): Erc7562Violation[] {
  const violations: Erc7562Violation[] = [];
  const associatedBases = associatedSlotBases(context.keccakPreimages);
  let senderCreations = 0;

  const visit = (frame: Erc7562Frame, phase: ValidationPhase, isEntryPointCode: boolean) => {
    const add = (rule: Erc7562Violation["rule"], address: Address | undefined, detail: string) =>
      violations.push({ rule, phase: phase.phase, address, detail });
    const code = frame.to;

    if (frame.outOfGas) add("OP-020", code, `${frame.type} to ${code} ran out of gas`);
    if (frame.type === "CREATE2") {
      const forSender = phase.phase === "factory" && code !== undefined && isAddressEqual(code, context.sender);
      if (forSender) senderCreations++;
      if (!forSender) add("OP-031", frame.from, `CREATE2 of ${code ?? "nothing"}, not the sender${phase.phase === "factory" ? "" : ", outside the deployment phase"}`);
      else if (senderCreations > 1) add("OP-031", frame.from, "a second CREATE2 of the sender");
    }

    if (!isEntryPointCode) {
      for (const [opcode, count] of Object.entries(frame.usedOpcodes)) {
        const value = Number(opcode);
        const name = bannedOpcodes[value];
        if (name) add("OP-011", code, `${name} (${count}×)`);
        if (value === opcodes.GAS) add("OP-012", code, `GAS not followed by a *CALL (${count}×)`);
        if ((value === opcodes.BALANCE || value === opcodes.SELFBALANCE) && !context.staked[phase.phase])
          add("OP-080", code, `${value === opcodes.BALANCE ? "BALANCE" : "SELFBALANCE"} by an unstaked ${phase.phase}`);
      }
      for (const [address, { contractSize, opcode }] of Object.entries(frame.contractSize) as [Address, { contractSize: number; opcode: number }][]) {
        const number = hexToBigInt(address);
        if (context.allowedPrecompiles.some((allowed) => isAddressEqual(allowed, address))) continue;
        if (number >= 1n && number <= lastLowPrecompile) {
          add("OP-062", code, `precompile ${address} (opcode 0x${opcode.toString(16)})`);
          continue;
        }
        const deployingSender = phase.phase === "factory" && isAddressEqual(address, context.sender);
        if (contractSize === 0 && !deployingSender) add("OP-041", code, `opcode 0x${opcode.toString(16)} on ${address}, which has no code`);
      }
      if (frame.extCodeAccessInfo.some((address) => isAddressEqual(address, context.entryPoint)))
        add("OP-054", code, "EXTCODE* on the EntryPoint");
      checkStorage(frame, phase, context, associatedBases, add);
    }

    for (const call of frame.calls ?? []) {
      if (call.to && isAddressEqual(call.to, context.entryPoint)) {
        if (!isAllowedEntryPointCall(call, context)) add("OP-054", call.from, `${call.type} into the EntryPoint (${call.input.slice(0, 10)})`);
        continue;
      }
      visit(call, phase, false);
    }
  };

  // The factory phase and a 7702 sender's initialisation start in the EntryPoint's SenderCreator, whose code is trusted.
  for (const phase of phases) visit(phase.frame, phase, phase.startsInSenderCreator);
  return violations;
}

/** OP-052: `depositTo(sender)` from the sender or the factory; OP-053: the sender's call to the fallback. */
function isAllowedEntryPointCall(call: Erc7562Frame, context: ValidationContext): boolean {
  const fromSender = isAddressEqual(call.from, context.sender);
  if (call.input === "0x") return fromSender;
  const fromFactory = context.factory !== undefined && isAddressEqual(call.from, context.factory);
  try {
    const { functionName, args } = decodeFunctionData({ abi: entryPoint08Abi, data: call.input });
    return functionName === "depositTo" && isAddressEqual(args[0], context.sender) && (fromSender || fromFactory);
  } catch {
    return false;
  }
}

/** The storage rules (STO-0xx, with OP-070 for transient storage) on one frame's accessed slots. */
function checkStorage(
  frame: Erc7562Frame,
  phase: ValidationPhase,
  context: ValidationContext,
  associatedBases: Map<string, bigint[]>,
  add: (rule: Erc7562Violation["rule"], address: Address | undefined, detail: string) => void,
) {
  // Under DELEGATECALL and CALLCODE the code runs on the caller's storage.
  const holder = frame.type === "DELEGATECALL" || frame.type === "CALLCODE" ? frame.from : frame.to;
  if (!holder || isAddressEqual(holder, context.sender)) return; // STO-010
  const { reads, writes, transientReads, transientWrites } = frame.accessedSlots;
  const accesses = [
    ...Object.keys(reads).map((slot) => ({ slot, write: false, transient: false })),
    ...Object.keys(writes).map((slot) => ({ slot, write: true, transient: false })),
    ...Object.keys(transientReads).map((slot) => ({ slot, write: false, transient: true })),
    ...Object.keys(transientWrites).map((slot) => ({ slot, write: true, transient: true })),
  ];
  const staked = context.staked[phase.phase];
  const isEntity = isAddressEqual(holder, phase.entity);
  for (const { slot, write, transient } of accesses) {
    const what = `${write ? "write to" : "read of"} ${transient ? "transient " : ""}slot ${slot} of ${holder}`;
    const isAssociated = (address: Address) => isAssociatedSlot(BigInt(slot), address, associatedBases);
    if (isEntity) {
      if (!staked) add("STO-031", holder, `${what}: the unstaked ${phase.phase}'s own storage`);
    } else if (isAssociated(context.sender)) {
      const allowed = context.senderExisted || (context.factory !== undefined && context.staked.factory);
      if (!allowed) add("STO-022", holder, `${what}: associated with the sender, which does not exist yet, and the factory is unstaked`);
    } else if (phase.entity !== context.sender && isAssociated(phase.entity)) {
      if (!staked) add("STO-032", holder, `${what}: associated with the unstaked ${phase.phase}`);
    } else if (write) {
      add("STO-032", holder, `${what}: associated with neither the sender nor a staked entity`);
    } else if (!staked) {
      add("STO-033", holder, `${what}: another contract's storage, by an unstaked ${phase.phase}`);
    }
  }
}

/**
 * "Associated storage" (ERC-7562 definitions): a slot is associated with address A if it is A, or keccak(A ‖ x) + n
 * with n in 0..128. The bases keccak(A ‖ x) come from the preimages the tracer saw, keyed by A (lower case).
 */
function associatedSlotBases(preimages: readonly Hex[]): Map<string, bigint[]> {
  const bases = new Map<string, bigint[]>();
  for (const preimage of preimages) {
    if (size(preimage) < 32) continue;
    const head = hexToBigInt(slice(preimage, 0, 32));
    if (head > maxUint160) continue;
    const address = slice(preimage, 12, 32).toLowerCase();
    bases.set(address, [...(bases.get(address) ?? []), hexToBigInt(keccak256(preimage))]);
  }
  return bases;
}

function isAssociatedSlot(slot: bigint, address: Address, bases: Map<string, bigint[]>): boolean {
  if (slot === hexToBigInt(address)) return true;
  return (bases.get(address.toLowerCase()) ?? []).some((base) => slot >= base && slot - base <= 128n);
}
