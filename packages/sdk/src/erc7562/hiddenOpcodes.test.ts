import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Address, Hex } from "viem";
import { findHiddenOpcodePairs, findHiddenOpcodeViolations, listExecutedCode } from "./hiddenOpcodes.js";
import type { Erc7562Frame, ValidationPhase } from "./validationTrace.js";

const found = (code: Hex) => findHiddenOpcodePairs(code).map(({ pc, opcode, next }) => `${opcode}@${pc}>${next}`);

describe("findHiddenOpcodePairs: GAS or EXTCODE* directly before RETURN/REVERT, where execution can reach", () => {
  it("finds GAS before RETURN and before REVERT, and EXTCODE* before either", () => {
    assert.deepEqual(found("0x5f5af3"), ["GAS@1>RETURN"]); // PUSH0 GAS RETURN: `return(gas(), 0)`
    assert.deepEqual(found("0x5f5afd"), ["GAS@1>REVERT"]);
    assert.deepEqual(found("0x5f3bf3"), ["EXTCODESIZE@1>RETURN"]);
    assert.deepEqual(found("0x5f3ffd"), ["EXTCODEHASH@1>REVERT"]);
    assert.deepEqual(found("0x5f5f5f5f3cf3"), ["EXTCODECOPY@4>RETURN"]);
  });

  it("ignores what the tracer does see: GAS before a call or any other opcode, GAS last", () => {
    assert.deepEqual(found("0x5af1"), []); // GAS CALL
    assert.deepEqual(found("0x5afa"), []); // GAS STATICCALL
    assert.deepEqual(found("0x5a50f3"), []); // GAS POP RETURN
    assert.deepEqual(found("0x5f5a"), []);
  });

  it("skips PUSH data: the bytes 5a f3 inside a PUSH2 or PUSH32 are no instructions", () => {
    assert.deepEqual(found("0x615af300"), []);
    assert.deepEqual(found(`0x7f${"5af3".repeat(16)}00`), []);
    // PUSH1's data ends after one byte: the 5a after it is an instruction.
    assert.deepEqual(found("0x60015af3"), ["GAS@2>RETURN"]);
  });

  it("skips code after a halting opcode until a JUMPDEST, where a jump may land", () => {
    for (const halt of ["00", "56", "f3", "fd", "fe", "ff"]) assert.deepEqual(found(`0x${halt}5af3`), [], halt);
    assert.deepEqual(found("0x005b5af3"), ["GAS@2>RETURN"]);
    assert.deepEqual(found("0x00605b5af3"), [], "a JUMPDEST byte in PUSH data is not a destination");
    assert.deepEqual(found("0x575af3"), ["GAS@1>RETURN"], "JUMPI falls through");
  });
});

const frame = (to: Address, calls: Erc7562Frame[] = [], extra: Partial<Erc7562Frame> = {}): Erc7562Frame => ({
  type: "CALL",
  from: "0x0000000000000000000000000000000000000001",
  to,
  gas: "0x0",
  gasUsed: "0x0",
  input: "0x",
  accessedSlots: { reads: {}, writes: {}, transientReads: {}, transientWrites: {} },
  extCodeAccessInfo: [],
  usedOpcodes: {},
  contractSize: {},
  outOfGas: false,
  calls,
  ...extra,
});

describe("listExecutedCode and findHiddenOpcodeViolations", () => {
  const entryPoint: Address = "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108";
  const senderCreator: Address = "0x449ED7C3e6Fee6a97311d4b55475DF59C44AdD33";
  const factory: Address = "0x00000000000000000000000000000000000000fa";
  const sender: Address = "0x00000000000000000000000000000000000000aa";
  const verifier: Address = "0x00000000000000000000000000000000000000bb";

  it("lists every frame's code outside the EntryPoint and its SenderCreator (failed creations too), and the runtime code of contracts created", () => {
    const phases: ValidationPhase[] = [
      {
        phase: "factory",
        entity: factory,
        startsInSenderCreator: true,
        frame: frame(senderCreator, [frame(factory, [frame(sender, [], { type: "CREATE2", input: "0x600a", output: "0x5f5af3" })])]),
      },
      {
        phase: "account",
        entity: sender,
        startsInSenderCreator: false,
        frame: frame(sender, [
          frame(verifier, [], { type: "STATICCALL" }),
          frame(entryPoint, [frame(verifier)]),
          frame(verifier, [], { type: "CREATE", from: verifier, to: undefined, input: "0x5f5afd", error: "execution reverted" }),
        ]),
      },
    ];
    const { executed, created } = listExecutedCode(phases, entryPoint);
    assert.deepEqual(
      executed.map(({ phase, address, source }) => `${phase}:${address}:${source}`),
      [`factory:${factory}:address`, `factory:${sender}:initcode`, `account:${sender}:address`, `account:${verifier}:address`, `account:${verifier}:initcode`],
      "the failed CREATE's initcode ran too: it is named by its creator",
    );
    assert.equal(created.get(sender.toLowerCase()), "0x5f5af3");
  });

  it("reports each pair once per phase and contract, under OP-012 or OP-054, saying the code may not have run", () => {
    const violations = findHiddenOpcodeViolations([
      { phase: "account", address: verifier, code: "0x5f5af35b5f5afd", initcode: false },
      { phase: "account", address: verifier, code: "0x5f5af35b5f5afd", initcode: false },
      { phase: "factory", address: factory, code: "0x5f3ff3", initcode: true },
      { phase: "account", address: sender, code: "0x5af1", initcode: false },
    ]);
    assert.deepEqual(
      violations.map(({ rule, phase, address }) => `${rule}:${phase}:${address}`),
      [`OP-012:account:${verifier}`, `OP-054:factory:${factory}`],
    );
    assert.match(violations[0]!.detail, /GAS before RETURN at pc 1, GAS before REVERT at pc 5: a pair the erc7562Tracer never reports.*may not have run/);
    assert.match(violations[1]!.detail, /^initcode: EXTCODEHASH before RETURN at pc 1.*its target is unknown/);
  });
});
