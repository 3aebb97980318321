/**
 * The ERC-7562 rules the checker applies, by their id in ERC-7562 ("Account Abstraction Validation Scope Rules",
 * ethereum/ERCs ERCS/erc-7562.md), with what each demands. The two bounds are the ERC's constants
 * `MAX_VERIFICATION_GAS` and `MAX_USEROP_SIZE` (its post-audit constants table), named by the constant: the ERC gives
 * them no rule id. `VALIDATION_FRAMES` is the checker's own: what it cannot attribute to a phase, it fails.
 *
 * Not applied: OP-013 (unassigned opcodes: they abort their frame anyway), OP-061 (CALL with value outside the
 * EntryPoint), COD-010 (code unchanged between two validations: it needs a second validation), the local and
 * reputation rules (STO-040/041, GREP, SREP, EREP, UREP: a bundler's mempool state). What geth's tracer does not show
 * is listed in `erc7562TracerBlindSpots` (hiddenOpcodes.ts), with how the checker covers it.
 */
export const erc7562Rules = {
  "OP-011": "no banned opcode: ORIGIN, GASPRICE, BLOCKHASH, COINBASE, TIMESTAMP, NUMBER, PREVRANDAO, GASLIMIT, BASEFEE, CREATE, INVALID, SELFDESTRUCT",
  "OP-012": "GAS only immediately before a *CALL",
  "OP-020": "no revert on out of gas",
  "OP-031": "CREATE2 exactly once, in the deployment phase, for the sender",
  "OP-041": "EXTCODE* and *CALL only on addresses with code (OP-042: the sender, while the factory deploys it)",
  "OP-054": "the EntryPoint only through depositTo(sender) or the sender's call to its fallback (OP-051 to OP-053)",
  "OP-062": "precompiles: only 0x01 to 0x09, and secp256r1 (0x100) on a chain that has it",
  "OP-080": "BALANCE and SELFBALANCE only from a staked entity",
  "STO-022": "the account's associated storage in other contracts: once the account exists (STO-021), or with a staked factory",
  "STO-031": "an entity's own storage only when the entity is staked (the account's own: always, STO-010)",
  "STO-032": "writes only to the account's storage or to slots associated with a staked entity",
  "STO-033": "other contracts' storage: read-only, and only by a staked entity (OP-070: transient storage alike)",
  VALIDATION_FRAMES:
    "before execution, the EntryPoint calls only its SenderCreator (createSender, initEip7702Sender), the sender's validateUserOp and the paymaster's validatePaymasterUserOp, as the operation declares them: a frame the checker cannot place is not judged, so it fails",
  MAX_VERIFICATION_GAS: "verificationGasLimit + paymasterVerificationGasLimit at most 500,000",
  MAX_USEROP_SIZE: "the packed, ABI-encoded user operation at most 8,192 bytes",
} as const;

export type Erc7562RuleId = keyof typeof erc7562Rules;

/** ERC-7562 `MAX_VERIFICATION_GAS`: the most gas the verification functions may use. */
export const maxVerificationGas = 500_000n;

/** ERC-7562 `MAX_USEROP_SIZE`: the largest packed, ABI-encoded user operation, in bytes. */
export const maxUserOperationSize = 8_192;

/** ERC-7562 `MIN_UNSTAKE_DELAY`: an entity is staked only with at least this unstake delay (one day). */
export const minUnstakeDelay = 86_400;

/** OP-011's banned opcodes, by value. */
export const bannedOpcodes: Record<number, string> = {
  0x32: "ORIGIN",
  0x3a: "GASPRICE",
  0x40: "BLOCKHASH",
  0x41: "COINBASE",
  0x42: "TIMESTAMP",
  0x43: "NUMBER",
  0x44: "PREVRANDAO",
  0x45: "GASLIMIT",
  0x48: "BASEFEE",
  0xf0: "CREATE",
  0xfe: "INVALID",
  0xff: "SELFDESTRUCT",
};

/** The three validation phases (ERC-7562 "Definitions"), each attributed to one entity. */
export type Erc7562Phase = "factory" | "account" | "paymaster";

/** One broken rule: which, in which phase, by which contract's code, and what it did. */
export type Erc7562Violation = {
  rule: Erc7562RuleId;
  phase: Erc7562Phase | undefined;
  /** The contract whose code broke the rule (for a storage rule, the contract whose storage was touched). */
  address: `0x${string}` | undefined;
  detail: string;
};

/** A rule's verdict for one user operation. */
export type Erc7562Verdict = {
  rule: Erc7562RuleId;
  /** What the rule demands, from {@link erc7562Rules}. */
  demands: string;
  passed: boolean;
  violations: Erc7562Violation[];
};
