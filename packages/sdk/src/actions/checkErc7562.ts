import { p256 } from "@noble/curves/nist.js";
import {
  type Address,
  type Chain,
  type Client,
  type Hex,
  type Transport,
  bytesToHex,
  concatHex,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  hexToBigInt,
  numberToHex,
  parseAbi,
  parseEther,
  size,
  slice,
} from "viem";
import { type UserOperation, entryPoint08Abi, toPackedUserOperation } from "viem/account-abstraction";
import { call, getBlockNumber, getCode, readContract } from "viem/actions";
import { entryPointAddress } from "../constants.js";
import { Erc7562TracerUnsupportedError } from "../errors/erc7562.js";
import { findViolations } from "../erc7562/findViolations.js";
import {
  type Erc7562Phase,
  type Erc7562RuleId,
  type Erc7562Verdict,
  erc7562Rules,
  maxUserOperationSize,
  maxVerificationGas,
  minUnstakeDelay,
} from "../erc7562/rules.js";
import { erc7562TracerBlindSpots, findHiddenOpcodeViolations, listExecutedCode } from "../erc7562/hiddenOpcodes.js";
import { type Erc7562Frame, parseInitCode, splitValidationTrace } from "../erc7562/validationTrace.js";

export type CheckErc7562Parameters = {
  /** A client of a node with geth's native `erc7562Tracer` (`debug_traceCall`), e.g. `pq4337 devnet --node geth`. */
  client: Client<Transport, Chain | undefined>;
  /** A signed user operation for the canonical EntryPoint v0.8. */
  userOperation: UserOperation<"0.8">;
  /**
   * The block whose state the operation is validated against; default the latest. For an operation already included
   * in block N, N − 1 (with nothing before it in N that it depends on).
   */
  blockNumber?: bigint | undefined;
  /** ERC-7562 `MIN_STAKE_VALUE`, set per chain (about $1,000 of the native token); default 1 ether. */
  minStake?: bigint | undefined;
};

export type CheckErc7562ReturnType = {
  /**
   * Every rule passed, every frame before execution was placed in a phase, and the EntryPoint accepted the operation
   * (it reached execution and `handleOps` did not revert): the public mempool takes the operation.
   */
  compliant: boolean;
  /** One verdict per rule of {@link erc7562Rules}, in that order. */
  verdicts: Erc7562Verdict[];
  /** What the EntryPoint said of the operation, which the rules do not judge (a bad signature is AA24). */
  validation: {
    /** The EntryPoint reached execution (its own `innerHandleOp` call) and `handleOps` did not revert. */
    success: boolean;
    /** Whether the EntryPoint called its own `innerHandleOp`, which it does only once validation has passed. */
    reachedExecution: boolean;
    /**
     * Why the EntryPoint refused the operation, when it did: its `FailedOp` reason (e.g. "AA24 signature error"), a
     * revert's message, or, after execution started, the revert of `handleOps` as a whole.
     */
    revertReason: string | undefined;
    /** Gas the validation phases used (their frames: factory, account, paymaster). */
    gasUsed: bigint;
  };
  /** What `MAX_VERIFICATION_GAS` bounds: the declared verificationGasLimit plus paymasterVerificationGasLimit. */
  verificationGasLimit: bigint;
  /** What `MAX_USEROP_SIZE` bounds: the size of the packed, ABI-encoded operation, in bytes. */
  size: number;
  /** What the tracer does not show and how the checker covers it, and the rules it does not apply: one line each. */
  blindSpots: readonly string[];
};

export type CheckErc7562ErrorType = Erc7562TracerUnsupportedError;

/** The traced call's sender and beneficiary: any address without code (the EntryPoint refuses a zero beneficiary). */
const bundlerAddress: Address = "0x0000000000000000000000000000000000004337";

/** The gas of the traced `handleOps` call: EIP-7825's per-transaction cap, far above any operation the rules allow. */
const traceGas = 2n ** 24n;

const packedUserOperationType = [
  {
    type: "tuple",
    components: [
      { name: "sender", type: "address" },
      { name: "nonce", type: "uint256" },
      { name: "initCode", type: "bytes" },
      { name: "callData", type: "bytes" },
      { name: "accountGasLimits", type: "bytes32" },
      { name: "preVerificationGas", type: "uint256" },
      { name: "gasFees", type: "bytes32" },
      { name: "paymasterAndData", type: "bytes" },
      { name: "signature", type: "bytes" },
    ],
  },
] as const;

/**
 * Checks a user operation against ERC-7562's validation rules as a bundler would: the canonical EntryPoint v0.8 runs
 * `handleOps([userOperation])` under `debug_traceCall` with geth's native `erc7562Tracer`, the trace is cut where
 * validation ends (the EntryPoint's call to its own `innerHandleOp`, the execution), split into the factory, account
 * and paymaster phases by the EntryPoint's own calls (an EIP-7702 sender's initialisation, `initEip7702Sender`, is the
 * account's phase), and each rule is applied to each phase (see `erc7562Rules` for the list and what is left out).
 * Tracing `handleOps` runs the deployed EntryPoint's own code with the operation's own gas limits: v0.8 deploys no
 * `simulateValidation`. An operation with an EIP-7702 `authorization` is traced with the sender delegated to it.
 *
 * It fails closed: an operation is compliant only if the EntryPoint reached execution and `handleOps` did not revert
 * (a `FailedOp` such as AA13 or AA24 is a refusal), every EntryPoint call before execution is a phase the operation
 * declares (`VALIDATION_FRAMES`), and the code that ran in validation has no GAS or EXTCODE* directly before RETURN or
 * REVERT, which the tracer never reports (`blindSpots` in the result says so).
 *
 * @example
 * import { checkErc7562 } from "@pq4337/sdk"
 *
 * const userOperation = await bundlerClient.prepareUserOperation({ calls })
 * userOperation.signature = await account.signUserOperation(userOperation)
 * const { compliant, verdicts } = await checkErc7562({ client, userOperation })
 * for (const { rule, passed, violations } of verdicts) console.log(rule, passed ? "pass" : violations)
 */
export async function checkErc7562(parameters: CheckErc7562Parameters): Promise<CheckErc7562ReturnType> {
  const { client, userOperation, minStake = parseEther("1") } = parameters;
  const { sender, paymaster, authorization } = userOperation;
  // One block for the trace and every read, so that the code scanned is the code traced.
  const blockNumber = parameters.blockNumber ?? (await getBlockNumber(client, { cacheTime: 0 }));
  const block = { blockNumber };
  const packed = toPackedUserOperation(userOperation);
  const init = parseInitCode(packed.initCode);
  const factory = init.kind === "factory" ? init.factory : undefined;
  // An operation with an EIP-7702 authorization is traced as the bundler sends it: with the sender delegated.
  const delegation = authorization ? (concatHex(["0xef0100", authorization.address]).toLowerCase() as Hex) : undefined;

  const [root, senderCode, staked, p256Precompile] = await Promise.all([
    traceHandleOps(client, encodeFunctionData({ abi: entryPoint08Abi, functionName: "handleOps", args: [[packed], bundlerAddress] }), blockNumber, delegation && { [sender]: { code: delegation } }),
    delegation ?? getCode(client, { address: sender, ...block }),
    Promise.all([sender, factory, paymaster].map((entity) => entity && isStaked(client, entity, minStake, block))),
    hasP256Precompile(client, block),
  ]);
  const trace = splitValidationTrace(root, { entryPoint: entryPointAddress, sender, initCode: packed.initCode, paymaster });
  const violations = findViolations(trace.phases, {
    entryPoint: entryPointAddress,
    sender,
    factory,
    senderExisted: senderCode !== undefined && senderCode !== "0x",
    staked: { account: staked[0] === true, factory: staked[1] === true, paymaster: staked[2] === true } satisfies Record<Erc7562Phase, boolean>,
    allowedPrecompiles: [...corePrecompiles, ...(p256Precompile ? [p256PrecompileAddress] : [])],
    keccakPreimages: root.keccak ?? [],
  });
  for (const detail of trace.unrecognised) violations.push({ rule: "VALIDATION_FRAMES", phase: undefined, address: entryPointAddress, detail });

  // The pairs the tracer cannot see (GAS or EXTCODE* directly before RETURN/REVERT), from the code that ran.
  const { executed, created } = listExecutedCode(trace.phases, entryPointAddress);
  const codeAt = new Map<string, Promise<Hex>>();
  const readCode = (address: Address): Promise<Hex> => {
    const key = address.toLowerCase();
    const known = created.get(key) ?? (delegation && key === sender.toLowerCase() ? delegation : undefined);
    if (!codeAt.has(key)) codeAt.set(key, known !== undefined ? Promise.resolve(known) : getCode(client, { address, ...block }).then((code) => code ?? "0x"));
    return codeAt.get(key)!;
  };
  const executedCode = await Promise.all(
    executed.map(async (entry) => {
      if (entry.source === "initcode") return { phase: entry.phase, address: entry.address, code: entry.code, initcode: true };
      let code = await readCode(entry.address);
      // An EIP-7702 designator (0xef0100 ‖ delegate): the delegate's code runs (one level, as in the EVM).
      if (size(code) === 23 && slice(code, 0, 3) === "0xef0100") code = await readCode(slice(code, 3));
      return { phase: entry.phase, address: entry.address, code, initcode: false };
    }),
  );
  violations.push(...findHiddenOpcodeViolations(executedCode));

  const verificationGasLimit = userOperation.verificationGasLimit + (userOperation.paymasterVerificationGasLimit ?? 0n);
  if (verificationGasLimit > maxVerificationGas)
    violations.push({ rule: "MAX_VERIFICATION_GAS", phase: undefined, address: undefined, detail: `${verificationGasLimit.toLocaleString("en-US")} > ${maxVerificationGas.toLocaleString("en-US")}` });
  const encodedSize = size(encodeAbiParameters(packedUserOperationType, [packed]));
  if (encodedSize > maxUserOperationSize)
    violations.push({ rule: "MAX_USEROP_SIZE", phase: undefined, address: undefined, detail: `${encodedSize.toLocaleString("en-US")} bytes > ${maxUserOperationSize.toLocaleString("en-US")}` });

  const verdicts = (Object.keys(erc7562Rules) as Erc7562RuleId[]).map((rule) => {
    const broken = violations.filter((violation) => violation.rule === rule);
    return { rule, demands: erc7562Rules[rule], passed: broken.length === 0, violations: broken };
  });
  // Accepted only if the EntryPoint's own frames say so: it called innerHandleOp, and handleOps did not revert.
  const revertReason = root.error
    ? `${trace.reachedExecution ? "after validation: " : ""}${describeRevert(root.output)}`
    : trace.reachedExecution
      ? undefined
      : "the EntryPoint did not reach execution";
  return {
    compliant: violations.length === 0 && revertReason === undefined,
    verdicts,
    validation: {
      success: revertReason === undefined,
      reachedExecution: trace.reachedExecution,
      revertReason,
      gasUsed: trace.phases.reduce((sum, { frame }) => sum + hexToBigInt(frame.gasUsed), 0n),
    },
    verificationGasLimit,
    size: encodedSize,
    blindSpots: erc7562TracerBlindSpots,
  };
}

async function traceHandleOps(
  client: Client<Transport, Chain | undefined>,
  data: Hex,
  blockNumber: bigint,
  stateOverrides: Record<Address, { code: Hex }> | undefined,
): Promise<Erc7562Frame> {
  try {
    return (await client.request({
      method: "debug_traceCall" as never,
      params: [
        { from: bundlerAddress, to: entryPointAddress, data, gas: numberToHex(traceGas) },
        numberToHex(blockNumber),
        { tracer: "erc7562Tracer", timeout: "60s", ...(stateOverrides ? { stateOverrides } : {}) },
      ] as never,
    })) as Erc7562Frame;
  } catch (error) {
    if (/tracer|debug_traceCall|method .*(not|does not) (found|exist|available|supported)/i.test(String(error)))
      throw new Erc7562TracerUnsupportedError({ cause: error });
    throw error;
  }
}

/** ERC-7562 "Staked Entity": a stake of at least `minStake` locked for at least a day. */
async function isStaked(client: Client<Transport, Chain | undefined>, entity: Address, minStake: bigint, block: { blockNumber: bigint }) {
  const info = await readContract(client, { address: entryPointAddress, abi: entryPoint08Abi, functionName: "getDepositInfo", args: [entity], ...block });
  return info.staked && info.stake >= minStake && info.unstakeDelaySec >= minUnstakeDelay;
}

/** The core precompiles OP-062 names: 0x01 to 0x09. */
const corePrecompiles: Address[] = Array.from({ length: 9 }, (_, i) => numberToHex(i + 1, { size: 20 }));
/** secp256r1 verification (RIP-7212, EIP-7951 from Osaka). */
const p256PrecompileAddress: Address = "0x0000000000000000000000000000000000000100";

/** Whether the chain answers a valid P-256 signature at 0x100 the way the precompile does (a 32-byte 1). */
async function hasP256Precompile(client: Client<Transport, Chain | undefined>, block: { blockNumber: bigint }) {
  const secretKey = new Uint8Array(32).fill(7);
  const hash = new Uint8Array(32).fill(1);
  const signature = p256.sign(hash, secretKey, { prehash: false }).toCompactRawBytes();
  const publicKey = p256.getPublicKey(secretKey, false);
  const { data } = await call(client, {
    to: p256PrecompileAddress,
    data: concatHex([bytesToHex(hash), bytesToHex(signature), bytesToHex(publicKey.subarray(1))]),
    ...block,
  });
  return data !== undefined && hexToBigInt(data) === 1n;
}

/** The EntryPoint's `FailedOp`/`FailedOpWithRevert` reason, or the raw revert data. */
function describeRevert(output: Hex | undefined): string {
  if (!output || output === "0x") return "reverted without data";
  try {
    const { errorName, args } = decodeErrorResult({ abi: [...entryPoint08Abi, ...parseAbi(["error Error(string reason)"])], data: output });
    if (errorName === "Error") return String(args[0]);
    if (errorName === "FailedOp") return String(args[1]);
    if (errorName === "FailedOpWithRevert") return `${String(args[1])} (${String(args[2])})`;
    return errorName;
  } catch {
    return output;
  }
}
