import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type Address,
  type Hex,
  concatHex,
  createPublicClient,
  custom,
  encodeErrorResult,
  encodeFunctionData,
  encodeFunctionResult,
  getAbiItem,
  parseAbi,
  parseGwei,
  toFunctionSelector,
} from "viem";
import { type UserOperation, entryPoint08Abi } from "viem/account-abstraction";
import { entryPointAddress } from "../constants.js";
import type { Erc7562Frame } from "../erc7562/validationTrace.js";
import { senderCreatorAddress } from "../erc7562/validationTrace.js";
import { checkErc7562 } from "./checkErc7562.js";

// Checks on traces built by hand, shaped as geth v1.17.10's erc7562Tracer returns them for EntryPoint v0.8's
// handleOps([op]): the root frame is the EntryPoint's, its direct calls are the EntryPoint's own.

const sender: Address = "0x00000000000000000000000000000000000000aa";
const delegate: Address = "0x00000000000000000000000000000000000000de";
const verifier: Address = "0x00000000000000000000000000000000000000bb";
const paymaster: Address = "0x00000000000000000000000000000000000000cc";
const stranger: Address = "0x00000000000000000000000000000000000000ee";
const designator = concatHex(["0xef0100", delegate]);

const initData = encodeFunctionData({ abi: parseAbi(["function initialize(uint8)"]), functionName: "initialize", args: [1] });
const selectors = {
  validateUserOp: toFunctionSelector(getAbiItem({ abi: parseAbi(["function validateUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"]), name: "validateUserOp" })),
  validatePaymasterUserOp: toFunctionSelector("validatePaymasterUserOp((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes),bytes32,uint256)"),
  innerHandleOp: toFunctionSelector(getAbiItem({ abi: entryPoint08Abi, name: "innerHandleOp" })),
  initEip7702Sender: toFunctionSelector("initEip7702Sender(address,bytes)"),
};

function frame(from: Address, to: Address, input: Hex, extra: Partial<Erc7562Frame> = {}): Erc7562Frame {
  return {
    type: "CALL",
    from,
    to,
    gas: "0x100000",
    gasUsed: "0x1000",
    input,
    accessedSlots: { reads: {}, writes: {}, transientReads: {}, transientWrites: {} },
    extCodeAccessInfo: [],
    usedOpcodes: {},
    contractSize: {},
    outOfGas: false,
    ...extra,
  };
}

/** The EntryPoint's frames, in order: 7702 initialisation, validateUserOp, validatePaymasterUserOp, innerHandleOp. */
const frames = {
  init7702: (calls: Erc7562Frame[] = [frame(senderCreatorAddress, sender, initData)], extra: Partial<Erc7562Frame> = {}) =>
    frame(entryPointAddress, senderCreatorAddress, concatHex([selectors.initEip7702Sender, "0x00"]), { calls, ...extra }),
  validateUserOp: (extra: Partial<Erc7562Frame> = {}) => frame(entryPointAddress, sender, concatHex([selectors.validateUserOp, "0x00"]), extra),
  validatePaymasterUserOp: () => frame(entryPointAddress, paymaster, concatHex([selectors.validatePaymasterUserOp, "0x00"])),
  innerHandleOp: () => frame(entryPointAddress, entryPointAddress, concatHex([selectors.innerHandleOp, "0x00"])),
};

const failedOp = (reason: string) => encodeErrorResult({ abi: entryPoint08Abi, errorName: "FailedOp", args: [0n, reason] });

const baseOperation: UserOperation<"0.8"> = {
  sender,
  nonce: 0n,
  callData: "0x",
  callGasLimit: 100_000n,
  verificationGasLimit: 200_000n,
  preVerificationGas: 50_000n,
  maxFeePerGas: parseGwei("3"),
  maxPriorityFeePerGas: parseGwei("1"),
  signature: "0x01",
};
/** An operation of an EOA delegated with EIP-7702: initCode = `0x7702` padded to 20 bytes ‖ `initialize(1)`. */
const eip7702Operation: UserOperation<"0.8"> = { ...baseOperation, factory: "0x7702000000000000000000000000000000000000", factoryData: initData };

/** A node that answers debug_traceCall with `calls` under the EntryPoint's root frame, and the reads the check makes. */
function nodeWith({ calls, error, output, code = {} }: { calls: Erc7562Frame[]; error?: string; output?: Hex; code?: Record<Address, Hex> }) {
  const traceRequests: unknown[][] = [];
  const codeAt = new Map(Object.entries({ [sender]: designator, ...code }).map(([address, hex]) => [address.toLowerCase(), hex]));
  const client = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (method === "eth_blockNumber") return "0x10";
        if (method === "debug_traceCall") {
          traceRequests.push(params as unknown[]);
          return { ...frame("0x0000000000000000000000000000000000004337", entryPointAddress, "0x765e827f"), calls, error, output, keccak: [] };
        }
        if (method === "eth_getCode") return codeAt.get((params as [Address])[0].toLowerCase()) ?? "0x";
        if (method === "eth_call") {
          const [{ to }] = params as [{ to: Address }];
          if (to.toLowerCase() !== entryPointAddress.toLowerCase()) return "0x"; // no P-256 precompile
          return encodeFunctionResult({
            abi: entryPoint08Abi,
            functionName: "getDepositInfo",
            result: { deposit: 0n, staked: false, stake: 0n, unstakeDelaySec: 0, withdrawTime: 0 },
          });
        }
        throw new Error(`test node: ${method} not served`);
      },
    }),
  });
  return { client, traceRequests };
}

const broken = (result: Awaited<ReturnType<typeof checkErc7562>>) => result.verdicts.filter((verdict) => !verdict.passed).map((verdict) => verdict.rule);

describe("checkErc7562 on constructed traces", () => {
  it("control: a plain operation whose validation breaks nothing and reaches execution is compliant", async () => {
    const { client } = nodeWith({ calls: [frames.validateUserOp(), frames.innerHandleOp()], code: { [sender]: "0x6001" } });
    const result = await checkErc7562({ client, userOperation: baseOperation });
    assert.deepEqual(broken(result), []);
    assert.equal(result.validation.success, true);
    assert.equal(result.validation.reachedExecution, true);
    assert.equal(result.compliant, true);
  });

  describe("EIP-7702 initCode (0x7702 marker, then init data): SenderCreator.initEip7702Sender is the account's phase", () => {
    it("TIMESTAMP read by the sender's initialisation is OP-011 in the account phase", async () => {
      const init = frame(senderCreatorAddress, sender, initData, { usedOpcodes: { "0x42": 1 } });
      const { client } = nodeWith({ calls: [frames.init7702([init]), frames.validateUserOp(), frames.innerHandleOp()] });
      const result = await checkErc7562({ client, userOperation: eip7702Operation });
      assert.deepEqual(broken(result), ["OP-011"]);
      const [violation] = result.verdicts.find((verdict) => verdict.rule === "OP-011")!.violations;
      assert.equal(violation!.phase, "account");
      assert.equal(violation!.address, sender);
      assert.equal(result.compliant, false);
    });

    it("TIMESTAMP read by validateUserOp after the initialisation is OP-011 too (the split no longer stops at the first call)", async () => {
      const { client } = nodeWith({ calls: [frames.init7702(), frames.validateUserOp({ usedOpcodes: { "0x42": 2 } }), frames.innerHandleOp()] });
      const result = await checkErc7562({ client, userOperation: eip7702Operation });
      assert.deepEqual(broken(result), ["OP-011"]);
      assert.match(result.verdicts.find((verdict) => verdict.rule === "OP-011")!.violations[0]!.detail, /TIMESTAMP \(2×\)/);
    });

    it("the SenderCreator's own frame is the EntryPoint's code: its opcodes are not judged", async () => {
      const { client } = nodeWith({ calls: [frames.init7702(undefined, { usedOpcodes: { "0x5a": 1 } }), frames.validateUserOp(), frames.innerHandleOp()] });
      assert.deepEqual(broken(await checkErc7562({ client, userOperation: eip7702Operation })), []);
    });

    it("AA24 (bad signature) is a refusal: not accepted, not compliant", async () => {
      const { client } = nodeWith({ calls: [frames.init7702(), frames.validateUserOp()], error: "execution reverted", output: failedOp("AA24 signature error") });
      const result = await checkErc7562({ client, userOperation: eip7702Operation });
      assert.deepEqual(broken(result), []);
      assert.equal(result.validation.success, false);
      assert.equal(result.validation.reachedExecution, false);
      assert.equal(result.validation.revertReason, "AA24 signature error");
      assert.equal(result.compliant, false);
    });

    it("AA13 (the initialisation reverted) is a refusal", async () => {
      const init = frame(senderCreatorAddress, sender, initData, { error: "execution reverted" });
      const { client } = nodeWith({ calls: [frames.init7702([init])], error: "execution reverted", output: failedOp("AA13 EIP7702 sender init failed") });
      const result = await checkErc7562({ client, userOperation: eip7702Operation });
      assert.equal(result.validation.success, false);
      assert.equal(result.validation.revertReason, "AA13 EIP7702 sender init failed");
      assert.equal(result.compliant, false);
    });

    it("an operation with an authorization is traced with the sender delegated (stateOverrides) and its code read from it", async () => {
      const { client, traceRequests } = nodeWith({ calls: [frames.init7702(), frames.validateUserOp(), frames.innerHandleOp()], code: { [sender]: "0x", [delegate]: "0x5f5af3" } });
      const authorization = { address: delegate, chainId: 1, nonce: 0, r: "0x01", s: "0x01", yParity: 0 } as const;
      const result = await checkErc7562({ client, userOperation: { ...eip7702Operation, authorization } });
      const [, , config] = traceRequests[0] as [unknown, unknown, { stateOverrides: Record<Address, { code: Hex }> }];
      assert.deepEqual(config.stateOverrides, { [sender]: { code: designator } });
      assert.deepEqual(broken(result), ["OP-012"], "the delegate's code, reached through the designator, has GAS before RETURN");
    });
  });

  describe("reached execution is the EntryPoint's innerHandleOp frame, not a count of frames", () => {
    it("no innerHandleOp and no revert: not accepted", async () => {
      const { client } = nodeWith({ calls: [frames.validateUserOp(), frame(entryPointAddress, stranger, "0x12345678")] });
      const result = await checkErc7562({ client, userOperation: baseOperation });
      assert.equal(result.validation.reachedExecution, false);
      assert.equal(result.validation.success, false);
      assert.equal(result.compliant, false);
    });

    it("handleOps reverting after execution started is a refusal too", async () => {
      const { client } = nodeWith({ calls: [frames.validateUserOp(), frames.innerHandleOp()], error: "execution reverted", output: failedOp("AA95 out of gas") });
      const result = await checkErc7562({ client, userOperation: baseOperation });
      assert.equal(result.validation.reachedExecution, true);
      assert.equal(result.validation.success, false);
      assert.equal(result.validation.revertReason, "after validation: AA95 out of gas");
      assert.equal(result.compliant, false);
    });
  });

  describe("an unrecognised frame before validation ends is not compliant (VALIDATION_FRAMES)", () => {
    it("a call of the EntryPoint to another contract before validateUserOp", async () => {
      const { client } = nodeWith({ calls: [frame(entryPointAddress, stranger, "0x12345678", { usedOpcodes: { "0x42": 1 } }), frames.validateUserOp(), frames.innerHandleOp()] });
      const result = await checkErc7562({ client, userOperation: baseOperation });
      assert.deepEqual(broken(result), ["VALIDATION_FRAMES"]);
      assert.match(result.verdicts.find((verdict) => verdict.rule === "VALIDATION_FRAMES")!.violations[0]!.detail, new RegExp(`CALL to ${stranger} \\(0x12345678\\)`));
      assert.equal(result.compliant, false);
    });

    it("initEip7702Sender for an operation whose initCode has no init data", async () => {
      const { client } = nodeWith({ calls: [frames.init7702(), frames.validateUserOp(), frames.innerHandleOp()] });
      const result = await checkErc7562({ client, userOperation: { ...eip7702Operation, factoryData: undefined } });
      assert.deepEqual(broken(result), ["VALIDATION_FRAMES"]);
    });

    it("execution without the paymaster phase the operation declares", async () => {
      const { client } = nodeWith({ calls: [frames.validateUserOp(), frames.innerHandleOp()] });
      const userOperation = { ...baseOperation, paymaster, paymasterVerificationGasLimit: 50_000n, paymasterPostOpGasLimit: 0n, paymasterData: "0x" as const };
      const result = await checkErc7562({ client, userOperation });
      assert.deepEqual(broken(result), ["VALIDATION_FRAMES"]);
      assert.match(result.verdicts.find((verdict) => verdict.rule === "VALIDATION_FRAMES")!.violations[0]!.detail, /without the paymaster phase/);
    });

    it("phases out of order: the paymaster before the account", async () => {
      const { client } = nodeWith({ calls: [frames.validatePaymasterUserOp(), frames.validateUserOp(), frames.innerHandleOp()] });
      const userOperation = { ...baseOperation, paymaster, paymasterVerificationGasLimit: 50_000n, paymasterPostOpGasLimit: 0n, paymasterData: "0x" as const };
      assert.deepEqual(broken(await checkErc7562({ client, userOperation })), ["VALIDATION_FRAMES"]);
    });
  });

  it("the tracer's blind spot: GAS directly before RETURN in code that ran is OP-012, found in the code, and the result says so", async () => {
    const { client } = nodeWith({
      calls: [frames.validateUserOp({ calls: [frame(sender, verifier, "0x", { type: "STATICCALL" })] }), frames.innerHandleOp()],
      code: { [sender]: "0x6001", [verifier]: "0x5f5af3" },
    });
    const result = await checkErc7562({ client, userOperation: baseOperation });
    assert.deepEqual(broken(result), ["OP-012"]);
    const [violation] = result.verdicts.find((verdict) => verdict.rule === "OP-012")!.violations;
    assert.equal(violation!.address, verifier);
    assert.match(violation!.detail, /GAS before RETURN at pc 1/);
    assert.match(result.blindSpots[0]!, /never reports GAS directly before RETURN or REVERT \(OP-012\)/);
  });
});
