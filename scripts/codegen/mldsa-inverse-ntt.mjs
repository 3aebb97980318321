// Generates contracts/utils/MLDSAInverseNTT.sol: ML-DSA's inverse NTT as a contract of its own, straight-line EVM
// code whose stack this script schedules, and the library the verifiers call it through.
// Usage: node scripts/codegen/mldsa-inverse-ntt.mjs          (writes the file)
//        node scripts/codegen/mldsa-inverse-ntt.mjs --check  (exits 1 if the file is not what it would write)
//
// Why a contract: the transform written as a Solidity loop (MLDSANTT.invNttPairs, removed with this generator's
// arrival) cost 33,369 gas in snapshot 4c41977. Unrolled,
// every address and zeta is a literal (no pointer arithmetic, no table loads, no unpacking of zetas), and the stack is
// scheduled here rather than by solc, whose layout spent a tenth of the transform in SWAPs. The unrolled code is about
// 23 KB: it cannot live inside a verifier (EIP-170), so the verifiers STATICCALL it, at the address where the
// standard CREATE2 deployer puts it with pq4337's salt (zero); only this code can ever be there.
//
// The program is the transform as a list of statements (`let` a value, or `store` one at a literal address) over
// expressions of EVM operations; the scheduler turns it into code for the stack machine. For each statement it tries
// every order of the operands of each binary and ternary operation and, optionally, one SWAP that first brings a
// value the statement reads to the top; it keeps the choice that costs the least gas for this statement and the
// cheapest choice of the next (a one-statement lookahead). A value read for the last time is consumed where it lies
// when it is on top (or just below the operand computed before it); otherwise it is duplicated, and its dead slot is
// removed after the statement (SWAP, POP). Choices are cached by the statement's shape and the stack's, so the eight
// identical blocks of each pass are scheduled once.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getContractAddress, getAddress, keccak256 } from "viem";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = `${root}contracts/utils/MLDSAInverseNTT.sol`;
/** The standard CREATE2 deployer and pq4337's salt (packages/sdk/src/constants.ts). */
const CREATE2_DEPLOYER = "0x4e59b44847b379578588920cA78FbF26c0B4956C";
const SALT = `0x${"00".repeat(32)}`;

// The lane constants and the zeta table are MLDSANTT's (one source for the forward and the inverse transform).
const nttSource = readFileSync(`${root}contracts/utils/MLDSANTT.sol`, "utf8");
const C = {};
for (const m of nttSource.matchAll(/constant ([A-Z0-9_]+) = (0x[0-9a-f]+|\d+);/g)) C[m[1]] = BigInt(m[2]);
const tableHex = [...nttSource.slice(nttSource.indexOf("function zetaTable")).matchAll(/hex"([0-9a-f]+)"/g)].map((m) => m[1]).join("");
const table = Buffer.from(tableHex, "hex");
/** The 32 bytes of the zeta table at `offset`, as {MLDSANTT-zetaTable}'s users MLOAD them. */
const tableWord = (offset) => BigInt(`0x${Buffer.concat([table.subarray(offset, offset + 32), Buffer.alloc(32)]).subarray(0, 32).toString("hex")}`);
const Q = C.Q;
const M32 = 0xffffffffn;
/** The lane offsets: kq in each of the four 64-bit lanes. */
const kq = (k) => [0, 1, 2, 3].reduce((word) => (word << 64n) | (k * Q), 0n);
// K_LANES: ⌈(2^63 − 2^32)/q⌉·q in every lane, a multiple of q above any pair-word field (see transform's NatSpec).
const K_LANES = [0, 1, 2, 3].reduce((word) => (word << 64n) | (((2n ** 63n - 2n ** 32n + Q - 1n) / Q) * Q), 0n);
const L32 = [0, 1, 2, 3].reduce((word) => (word << 64n) | M32, 0n);
const M64 = 2n ** 64n - 1n;
const L8 = [0, 1, 2, 3].reduce((word) => (word << 64n) | 0xffn, 0n);
const L2P32 = [0, 1, 2, 3].reduce((word) => (word << 64n) | 2n ** 32n, 0n);
// The masks that leave, in a table word of the in-word zetas, A_e, B_e and C_e of word e = 2v (set 0) or 2v + 1 (set 1).
const MASK = { A0: M32 << 160n, B0: M32 << 128n, C0: M32 << 96n, A1: M32 << 64n, B1: M32 << 32n, C1: M32 };

// ---- the program
/** Statements: { kind: "let", name, expr } or { kind: "store", address, expr }; an expression is a value's name, a
 * bigint literal or [operation, ...operands] with the first operand on top of the stack, as in Yul. */
const program = [];
const let_ = (name, expr) => program.push({ kind: "let", name, expr });
const store = (address, expr) => program.push({ kind: "store", address: BigInt(address), expr });
/** Lane-wise Montgomery product u·ζ (ζ' = ζ·2^32 mod q, ζ'' = ζ'·(−q^-1) mod 2^32), below 2q for lanes u < 2^32. */
const montgomery = (u, zeta1, zeta2) => ["shr", 32n, ["add", ["mul", u, zeta1], ["mul", ["and", ["mul", u, zeta2], "l32"], Q]]];

let_("k", K_LANES);
let_("l32", L32);
// Pass 1, on block b of eight words (output words 8b..8b + 7, pair words 16b..16b + 15): layers len 1 and 2 inside
// each word, from its two pair words, then layers len 4, 8 and 16 on the block's words, lane-parallel.
for (let b = 0; b < 8; b++) {
  const zetaGroups = 1184 - 128 * b;
  /** Output word `x` from the pair words at calldata `at` and `at + 32`, with the in-word zetas of mask set `set`. */
  const inWord = (x, at, set, zetaWord) => {
    const [za, zb, zc] = ["A", "B", "C"].map((name) => zetaWord & MASK[`${name}${set}`]);
    let_("e", ["calldataload", BigInt(at)]);
    let_("o", ["calldataload", BigInt(at + 32)]);
    let_("d", ["sub", ["add", "o", "k"], "e"]);
    let_("s", ["add", "e", "o"]);
    let_("b", ["mul", ["and", "d", M64], zb]);
    let_("c", ["mul", ["shr", 192n, "d"], zc]);
    let_("s0", ["shr", 192n, "s"]);
    let_("s2", ["and", "s", M64]);
    let_("r", ["shl", 64n, ["mod", ["add", "s0", "s2"], Q]]);
    let_("r", ["shl", 64n, ["or", ["mod", ["add", "c", "b"], Q], "r"]]);
    let_("r", ["shl", 64n, ["or", ["mulmod", ["sub", ["add", "s2", "k"], "s0"], za, Q], "r"]]);
    let_(x, ["or", ["mulmod", ["sub", ["add", "b", "k"], "c"], za, Q], "r"]);
  };
  /** Gentleman-Sande butterfly (x, y) → (x + y, ζ(y + offset − x)). */
  const butterfly = (x, y, offset, zeta1, zeta2) => {
    let_("u", ["sub", ["add", y, offset], x]);
    let_(x, ["add", x, y]);
    let_(y, montgomery("u", zeta1, zeta2));
  };
  const len8 = tableWord(176 - 16 * b);
  const group = (j) => {
    const zetaWord = tableWord(zetaGroups - 32 * j);
    inWord(`x${2 * j}`, 512 * b + 128 * j, 1, zetaWord);
    inWord(`x${2 * j + 1}`, 512 * b + 128 * j + 64, 0, zetaWord);
    butterfly(`x${2 * j}`, `x${2 * j + 1}`, kq(2n), zetaWord >> 224n, (zetaWord >> 192n) & M32);
  };
  group(2);
  group(3);
  butterfly("x4", "x6", kq(4n), len8 >> 224n, (len8 >> 192n) & M32);
  butterfly("x5", "x7", kq(4n), len8 >> 224n, (len8 >> 192n) & M32);
  group(0);
  group(1);
  butterfly("x0", "x2", kq(4n), (len8 >> 160n) & M32, (len8 >> 128n) & M32);
  butterfly("x1", "x3", kq(4n), (len8 >> 160n) & M32, (len8 >> 128n) & M32);
  const len16 = tableWord(56 - 8 * b);
  for (const [x, y, offset, at] of [["x3", "x7", 2n, 96], ["x2", "x6", 2n, 64], ["x1", "x5", 8n, 32], ["x0", "x4", 8n, 0]]) {
    let_("u", ["sub", ["add", y, kq(offset)], x]);
    store(256 * b + at + 128, montgomery("u", len16 >> 224n, (len16 >> 192n) & M32));
    store(256 * b + at, ["add", x, y]);
  }
}
// Pass 2, layers len 32, 64 and 128 and the scaling by 256^-1, on words w + 32m (m = 0..7) for w < 8, as radix-4 steps
// whose constants carry the scaling (the zetas ζ_1..ζ_7 and their products, each ·256^-1, as Montgomery pairs).
for (let w = 0; w < 8; w++) {
  const at = (offset) => 32 * w + offset;
  const load = (offset) => ["mload", BigInt(at(offset))];
  const times = (x, zeta1, zeta2) => montgomery(x, BigInt(zeta1), BigInt(zeta2));
  let_("x2", load(512));
  let_("x3", load(768));
  let_("d1", ["sub", ["add", "x3", kq(16n)], "x2"]);
  let_("x2", ["add", "x2", "x3"]);
  let_("x3", "d1");
  let_("x0", load(0));
  let_("x1", load(256));
  let_("d0", ["sub", ["add", "x1", kq(16n)], "x0"]);
  let_("x0", ["add", "x0", "x1"]);
  let_("x1", times("d0", 0x64f7, 0x92e0bb09));
  let_("x6", load(1536));
  let_("x7", load(1792));
  let_("d3", ["sub", ["add", "x7", kq(16n)], "x6"]);
  let_("x6", ["add", "x6", "x7"]);
  let_("x7", "d3");
  let_("d", ["add", "x3", "x1"]);
  let_("x3", ["sub", ["add", "x3", kq(2n)], "x1"]);
  let_("x1", times("d", 0x581103, 0x73078efd));
  let_("e", ["sub", ["add", "x2", kq(32n)], "x0"]);
  let_("x0", ["add", "x0", "x2"]);
  let_("e", times("e", 0x64f7, 0x92e0bb09));
  let_("x4", load(1024));
  let_("x5", load(1280));
  let_("d2", ["sub", ["add", "x5", kq(16n)], "x4"]);
  let_("x4", ["add", "x4", "x5"]);
  let_("x5", times("d2", 0x64f7, 0x92e0bb09));
  let_("d", ["add", "x7", "x5"]);
  let_("x7", ["sub", ["add", "x7", kq(2n)], "x5"]);
  let_("x5", ["add", "x1", "d"]);
  store(at(256), times("x5", 0x5dec1f, 0xd59e33e1));
  let_("d", ["sub", ["add", "d", kq(2n)], "x1"]);
  store(at(1280), times("d", 0x73d722, 0x8da7e8de));
  let_("x3", times("x3", 0x77f504, 0x72e78afc));
  let_("d", ["add", "x7", "x3"]);
  store(at(768), times("d", 0x6bd7a2, 0xcd9fe85e));
  let_("d", ["sub", ["add", "x7", kq(2n)], "x3"]);
  store(at(1792), times("d", 0x6deb9f, 0x959e3461));
  let_("x2", ["sub", ["add", "x6", kq(32n)], "x4"]);
  let_("x4", ["add", "x4", "x6"]);
  let_("x6", ["add", "x0", "x4"]);
  // The output made of sums alone: a Montgomery step with R = 2^8 (q ≡ 1 mod 2^8), one MUL.
  store(at(0), ["shr", 8n, ["add", "x6", ["mul", ["and", ["sub", L2P32, "x6"], L8], Q]]]);
  let_("x0", ["sub", ["add", "x4", kq(64n)], "x0"]);
  store(at(1024), times("x0", 0x47f45, 0xfe92e0bb));
  let_("x6", ["add", "x2", "e"]);
  store(at(512), times("x6", 0x7eb872, 0x9973078e));
  let_("x2", ["sub", ["add", "x2", kq(2n)], "e"]);
  store(at(1536), times("x2", 0x7e5876, 0x9772e78a));
}

// ---- the scheduler
/** opcode, operand count, whether the operands commute. */
const OPERATIONS = {
  add: [0x01, 2, true],
  mul: [0x02, 2, true],
  sub: [0x03, 2, false],
  mod: [0x06, 2, false],
  mulmod: [0x09, 3, true],
  and: [0x16, 2, true],
  or: [0x17, 2, true],
  shl: [0x1b, 2, false],
  shr: [0x1c, 2, false],
  calldataload: [0x35, 1, false],
  mload: [0x51, 1, false],
};
const POP = 0x50;
const MSTORE = 0x52;
const DUP1 = 0x80;
const SWAP1 = 0x90;
/** Gas of an opcode (pushes included); memory expansion is not counted (it is the same for every schedule). */
const gasOf = (opcode) =>
  ({ 0x01: 3, 0x02: 5, 0x03: 3, 0x06: 5, 0x09: 8, 0x16: 3, 0x17: 3, 0x1b: 3, 0x1c: 3, 0x35: 3, 0x50: 2, 0x51: 3, 0x52: 3, 0x5f: 2 })[opcode] ?? 3;
const pushBytes = (value) => {
  if (value === 0n) return [0x5f];
  const bytes = Buffer.from(value.toString(16).padStart(Math.ceil(value.toString(16).length / 2) * 2, "0"), "hex");
  return [0x5f + bytes.length, ...bytes];
};

// Values in SSA form: each `let` makes a version, `name#n`; reads count per version.
const version = {};
const reads = new Map();
const toNode = (expr) => {
  if (typeof expr === "bigint") return { literal: expr };
  if (typeof expr === "string") {
    const value = `${expr}#${version[expr]}`;
    if (version[expr] === undefined) throw new Error(`${expr} read before it is set`);
    reads.set(value, (reads.get(value) ?? 0) + 1);
    return { value };
  }
  return { op: expr[0], operands: expr.slice(1).map(toNode) };
};
const statements = program.map((statement) => {
  const node = toNode(statement.expr);
  if (statement.kind === "store") return { ...statement, node };
  version[statement.name] = (version[statement.name] ?? 0) + 1;
  return { ...statement, value: `${statement.name}#${version[statement.name]}`, node };
});
/** Constants held on the stack (k, l32): pushed as literals instead where they lie beyond DUP16's reach. */
const heldConstants = { "k#1": K_LANES, "l32#1": L32 };
const TEMPORARY = "<t>";
const DEAD = "<dead>";
const IN_PLACE = "<in place>";

/** Emits `statement` for the stack `state` (mutated) with the operand orders `orders` and the optional first SWAP of `lift`. */
function emit(state, statement, orders, lift) {
  const { stack, left } = state;
  const code = [];
  let gas = 0;
  let choice = 0;
  const op = (opcode) => {
    code.push(opcode);
    gas += gasOf(opcode);
  };
  const push = (literal) => {
    code.push(...pushBytes(literal));
    gas += literal === 0n ? 2 : 3;
    stack.push(TEMPORARY);
  };
  const depth = (value) => stack.length - 1 - stack.lastIndexOf(value);
  const temporaries = () => stack.filter((entry) => entry === TEMPORARY).length;
  const swap = (d) => {
    op(SWAP1 + d - 1);
    const i = stack.length - 1 - d;
    [stack[i], stack[stack.length - 1]] = [stack[stack.length - 1], stack[i]];
  };
  const generate = (node, sibling) => {
    if (node.literal !== undefined) return push(node.literal);
    if (node.value !== undefined) {
      const d = depth(node.value);
      if (d > stack.length - 1) throw new Error(`${node.value} is not on the stack`);
      const last = left.get(node.value) === 1;
      left.set(node.value, left.get(node.value) - 1);
      if (last && d === 0) {
        stack[stack.length - 1] = TEMPORARY;
        return;
      }
      // Just below the operand computed before it: consumed in place (after a SWAP where it must be on top).
      if (last && d === 1 && sibling && stack.at(-1) === TEMPORARY) {
        if (sibling === "on top") op(SWAP1);
        stack[stack.length - 2] = TEMPORARY;
        stack.push(IN_PLACE);
        return;
      }
      // Below a lone temporary: swapped over it (the temporary keeps its place among the pending operands).
      if (last && d === 1 && temporaries() === 1 && stack.at(-1) === TEMPORARY) {
        op(SWAP1);
        stack[stack.length - 2] = TEMPORARY;
        return;
      }
      if (last && temporaries() === 0 && d <= 16) {
        swap(d);
        stack[stack.length - 1] = TEMPORARY;
        return;
      }
      if (d > 15 && !last && heldConstants[node.value] !== undefined) return push(heldConstants[node.value]);
      if (d > 15) throw new Error(`${node.value} is beyond DUP16`);
      op(DUP1 + d);
      stack.push(TEMPORARY);
      if (last) stack[stack.length - 2 - d] = DEAD;
      return;
    }
    const [opcode, count, commutes] = OPERATIONS[node.op];
    const [a, b, n] = node.operands;
    if (count === 2) {
      const flip = (orders >> choice++) & 1;
      let swapAfter = false;
      if (commutes) {
        const [top, second] = flip ? [b, a] : [a, b];
        generate(second);
        generate(top, "either");
      } else if (!flip) {
        generate(b);
        generate(a, "on top");
      } else {
        generate(a);
        generate(b, "second");
        swapAfter = true;
      }
      if (stack.at(-1) === IN_PLACE) stack.pop();
      else if (swapAfter) op(SWAP1);
    } else if (count === 3) {
      const order = (orders >> choice) & 3;
      choice += 2;
      if (order === 1) {
        generate(a);
        generate(b);
        generate(n);
        op(SWAP1 + 1);
      } else if (order === 2) {
        generate(b);
        generate(a);
        generate(n);
        op(SWAP1 + 1);
      } else if (order === 3) {
        generate(n);
        generate(a);
        generate(b, "either");
        if (stack.at(-1) === IN_PLACE) stack.pop();
      } else {
        generate(n);
        generate(b);
        generate(a);
      }
    } else {
      generate(a);
    }
    op(opcode);
    stack.splice(stack.length - count, count, TEMPORARY);
  };
  if (lift) {
    const d = depth(lift);
    if (d > 0 && d <= 16) swap(d);
  }
  if (statement.kind === "let") {
    if (statement.node.value !== undefined && left.get(statement.node.value) === 1) {
      // A renaming (x3 := d1): the slot changes name.
      left.set(statement.node.value, 0);
      stack[stack.lastIndexOf(statement.node.value)] = statement.value;
    } else {
      generate(statement.node);
      stack[stack.length - 1] = statement.value;
    }
  } else {
    generate(statement.node);
    push(statement.address);
    op(MSTORE);
    stack.splice(stack.length - 2, 2);
  }
  // Values no longer read are dropped: POP from the top, SWAP and POP below it.
  for (let i = 0; i < stack.length; i++) if (stack[i] !== DEAD && !left.get(stack[i])) stack[i] = DEAD;
  for (let i = stack.lastIndexOf(DEAD); i >= 0; i = stack.lastIndexOf(DEAD)) {
    const d = stack.length - 1 - i;
    if (d > 0) swap(d);
    op(POP);
    stack.pop();
  }
  return { code, gas };
}

const countChoices = (node) => (node.op ? ({ 2: 1, 3: 2 }[OPERATIONS[node.op][1]] ?? 0) + node.operands.reduce((sum, operand) => sum + countChoices(operand), 0) : 0);
const valuesRead = (node, into = new Set()) => {
  if (node.value) into.add(node.value);
  for (const operand of node.operands ?? []) valuesRead(operand, into);
  return into;
};
/** The values a statement may first SWAP to the top: those it reads that lie below the top, within reach. */
const lifts = (state, statement) => [
  null,
  ...[...valuesRead(statement.node)].filter((value) => {
    const d = state.stack.length - 1 - state.stack.lastIndexOf(value);
    return d > 0 && d <= 16;
  }),
];
const copy = (state) => ({ stack: [...state.stack], left: new Map(state.left) });
/** The cheapest choice for `statement`: exhaustive over its operand orders (up to 2^limit) and lifts. */
function cheapest(state, statement, limit, next, nextLimit) {
  let best = { gas: Infinity, orders: 0, lift: null };
  for (const lift of lifts(state, statement)) {
    for (let orders = 0; orders < 1 << Math.min(countChoices(statement.node), limit); orders++) {
      const trial = copy(state);
      let gas;
      try {
        gas = emit(trial, statement, orders, lift).gas;
      } catch {
        continue;
      }
      if (next) gas += cheapest(trial, next, nextLimit).gas;
      if (gas < best.gas) best = { gas, orders, lift };
    }
  }
  return best;
}
/** A key for the choice: the statement and the next with values renamed by first appearance, literals as 0 or L. */
function shapeOf(state, statement, next) {
  const names = new Map();
  const name = (value) => {
    if (!names.has(value)) names.set(value, `v${names.size}`);
    return names.get(value);
  };
  const stack = state.stack.map((value) => `${name(value)}:${Math.min(state.left.get(value), 9)}`).join(",");
  const node = (n) => (n.literal !== undefined ? (n.literal === 0n ? "0" : "L") : n.value ? name(n.value) : `${n.op}(${n.operands.map(node).join(",")})`);
  const text = (s) => (s ? `${s.kind}:${s.value ? name(s.value) : ""}=${node(s.node)}` : "");
  return { key: `${stack}|${text(statement)}|${text(next)}`, names };
}

const state = { stack: [], left: new Map(reads) };
const code = [];
const cache = new Map();
for (let i = 0; i < statements.length; i++) {
  const { key, names } = shapeOf(state, statements[i], statements[i + 1]);
  let choice = cache.get(key);
  if (!choice) {
    const best = cheapest(state, statements[i], 12, statements[i + 1], 6);
    const label = best.lift ? names.get(best.lift) : null;
    choice = { orders: best.orders, label };
    cache.set(key, choice);
  }
  const lift = choice.label ? [...names].find(([, label]) => label === choice.label)[0] : null;
  code.push(...emit(state, statements[i], choice.orders, lift).code);
}
// RETURN(0, 2048): the transformed polynomial.
code.push(...pushBytes(2048n), ...pushBytes(0n), 0xf3);

// ---- the file
const runtime = `0x${Buffer.from(code).toString("hex")}`;
const length = code.length;
if (length > 24576) throw new Error(`${length} bytes of code: above EIP-170's 24,576`);
// Creation code: CODECOPY the runtime after this 10-byte prefix to memory 0 and RETURN it.
const initCode = `0x61${length.toString(16).padStart(4, "0")}80600a5f395ff3${runtime.slice(2)}`;
const deployment = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt: SALT, bytecode: initCode });
const codeHash = keccak256(runtime);
const hexLines = (hex) => (hex.slice(2).match(/.{1,128}/g) ?? []).map((line) => `        hex"${line}"`).join("\n");

const solidity = `// SPDX-License-Identifier: MIT
// Generated by scripts/codegen/mldsa-inverse-ntt.mjs; do not edit.
pragma solidity ^0.8.24;

/**
 * @dev ML-DSA's inverse NTT (FIPS 204 Algorithm 42, with the scaling by 256^-1) as a contract of its own, and the
 * calls to it. The contract's code is {INIT_CODE}'s runtime: straight-line EVM code (${length.toLocaleString("en-US")} bytes), every address and
 * zeta a literal, its stack scheduled by the generator rather than by solc. It is too large to live inside a verifier
 * (EIP-170), so the verifiers STATICCALL it.
 *
 * Input (calldata, 4,096 bytes): the pair words each ML-DSA library's _accumulate writes (see {MLDSA65}): for
 * c = 4g + e (e = 0, 1), the word at 64g + 32e holds ŵ[c] in bits 192..255 and ŵ[c + 2] in bits 0..63, each of
 * these two fields below 2^63 − 2^32; bits 64..191 may hold anything (the products' cross terms). Output
 * (returned, 2,048 bytes): NTT^-1(ŵ) packed four coefficients to a word (see {MLDSANTT}), every lane congruent
 * mod q to FIPS 204's and below 2q.
 *
 * The computation, per block of eight output words: layers len 1 and 2 inside each word, from its two pair words
 * (fields summed and subtracted four at a time with K = ⌈(2^63 − 2^32)/q⌉·q in every lane so that nothing
 * borrows, the len-1 products by ζ unreduced, then MOD and MULMOD per lane), then layers len 4, 8 and 16
 * lane-parallel with Montgomery products; then layers len 32, 64 and 128 as radix-4 steps whose constants carry
 * 256^-1. The generator states each step; {MLDSANTTReference-invNtt} is the plain reference the tests compare
 * the contract with.
 *
 * Trust: the contract lives at {DEPLOYMENT}, where the standard CREATE2 deployer
 * (${CREATE2_DEPLOYER}) puts {INIT_CODE} with salt zero, so no other code can be
 * there. {requireDeployed} checks the code hash anyway, so a verifier on a chain where it was never deployed (or
 * where that deployer is not the standard one) reverts rather than read memory the call did not write.
 */
library MLDSAInverseNTT {
    /// @dev The contract's address: the CREATE2 deployer's, for {INIT_CODE} and salt zero.
    address internal constant DEPLOYMENT = ${getAddress(deployment)};

    /// @dev keccak256 of the contract's runtime code.
    bytes32 internal constant CODE_HASH = ${codeHash};

    /// @dev The contract's creation code: a 10-byte prefix that returns the runtime code after it.
    bytes internal constant INIT_CODE =
${hexLines(initCode)};

    /// @dev {DEPLOYMENT} does not hold the inverse NTT: deploy {INIT_CODE} through the CREATE2 deployer first.
    error MLDSAInverseNTTNotDeployed(address deployment);

    /// @dev Reverts unless {DEPLOYMENT} holds the inverse NTT. Also makes its address warm for {transform}.
    function requireDeployed() internal view {
        if (DEPLOYMENT.codehash != CODE_HASH) revert MLDSAInverseNTTNotDeployed(DEPLOYMENT);
    }

    /**
     * @dev Writes at \`a\` (2,048 bytes) the inverse NTT of the 4,096 bytes of pair words at \`src\` (see the library's
     * documentation). Call {requireDeployed} first: a call to an account without code succeeds and returns nothing.
     */
    function transform(uint256 src, uint256 a) internal view {
        assembly ("memory-safe") {
            let ok := staticcall(gas(), DEPLOYMENT, src, 4096, a, 2048)
            if iszero(and(ok, eq(returndatasize(), 2048))) { revert(0, 0) }
        }
    }
}
`;

if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== solidity) {
    console.error(`${out} is not what scripts/codegen/mldsa-inverse-ntt.mjs writes: run it`);
    process.exit(1);
  }
} else {
  writeFileSync(out, solidity);
  console.log(`${out}: ${length.toLocaleString("en-US")} bytes of code at ${getAddress(deployment)}`);
}
