// Generates contracts/utils/KeccakF1600.sol: the unrolled three-round loop body of Keccak-f[1600] and the code
// around it. Usage: node scripts/codegen/keccak-round.mjs > contracts/utils/KeccakF1600.sol
//
// Representation. During the permutation a lane lives in a 256-bit word with its value in the top 64 bits (the
// "window"). Below the window the word may hold further copies of the lane, each 64 bits lower: a word that is
// the lane repeated from bit `lo` up is "valid from lo". Then rotl(lane, r) is a single shl(r, word) (the bits
// that wrap around come from the copy below the window), valid from lo + r. XOR, AND, OR and NOT keep validity
// (the result is valid from the highest lo of the operands), so θ and χ run on these words unchanged; θ's
// rot1 is shl(1) as well. The window must stay valid: lo ≤ 192.
//
// Four copies (a full word) last for three rounds, so the loop body is three rounds:
// - M renews the copies: rotl(lane, r) repeated is mul(lane, K_r) for the clean lane (shr(192, word)) and
//   K_r = 2^r·(1 + 2^64 + 2^128 + 2^192) mod 2^256: valid from r ≤ 62. S1 needs its input valid from 64 only,
//   so M stores 24 bytes a lane (Z: three copies, lane x + 5y at Z + 24·(24 − x − 5y), stored from lane 24 down,
//   each 32-byte store's last 8 bytes overwritten by the next), and S1's θ gets two columns from each load.
// - S1 rotates by shl: valid from ≤ 127 after it, so only the top two copies matter; it stores 16 bytes a
//   lane (P, row-major, five lanes in 80 bytes), and S2's θ gets two columns' parities from each load.
// - S2 rotates by shl again (valid from ≤ 191), and only M reads its output, which needs windows alone. It reads
//   lanes 1, 2 and lanes 3, 4 of a row in pairs: one load holds both with their copies, one XOR applies θ to both
//   ([D1 | D2] and [D3 | D4] are θ's words), and shl(r) or shl(128 + r) rotates either into the window. So S2
//   packs rows 0..3 of a column into one word, the four b values side by side in 64-bit slots (laid out by
//   8-byte-apart stores, one load a word), and computes χ for four rows at once. It stores those words at
//   40-byte steps with row 4's lane after them (QD).
// Lane complementing (Keccak implementation overview §2.2) removes most NOTs of χ: lanes in given positions
// are held complemented and χ is rewritten with AND/OR accordingly (19 NOTs per three rounds instead of 75).
import fs from "node:fs";

const rho = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];
const RC = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n,
  0x000000000000808bn, 0x0000000080000001n, 0x8000000080008081n, 0x8000000000008009n,
  0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n,
  0x8000000000008002n, 0x8000000000000080n, 0x000000000000800an, 0x800000008000000an,
  0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];
const M64 = (1n << 64n) - 1n;
const M256 = (1n << 256n) - 1n;
const Q = 1n + (1n << 64n) + (1n << 128n) + (1n << 192n);
const hex = (n) => `0x${n.toString(16)}`;
const K = (r) => hex((Q << BigInt(r)) & M256);
const lane = (x, y) => x + 5 * y;
// Output position (X, Y) of ρπ takes lane (x, y) = (3(Y − 3X) mod 5, X), rotated by rho[x][y].
const srcOf = (X, Y) => ({ x: (((3 * (Y - 3 * X)) % 5) + 5) % 5, y: X });

// Memory borrowed at fixed addresses: P (S1 → S2), Z (M → S1), QD (S2 → M), from address 0: the scratch space
// (0x00 … 0x3f) is free to overwrite, and only SAVED_FROM on is saved and restored (the free memory pointer and the
// zero slot at 0x40 and 0x60 included), 128 bytes less to copy twice than from 0x80.
const P = 0;
const SAVED_FROM = 0x40;
const Z = P + 416;
// QD overlaps Z's row 0 (lanes 4 … 0, Z + 480 on): M stores that row last, after every load from QD, and its rows
// 4 … 1 end at Z + 488 (lane 5's 32-byte store), where QD starts; S1 has read Z before S2 writes QD.
// P's last 16 bytes (P + 400) hold a copy of lane (0, 0), stored after S1's row 4 (the store runs 16 bytes into Z's
// lane 24, which S1 has read by then): a load at row y's lane 4 holds lane (0, y + 1) in its bottom half, and row 4's
// this copy, so S2's five such loads give [C4 | C0].
const QD = Z + 488;
const END = QD + 232;
const BORROW = END - SAVED_FROM;
// The 800 bytes from SCRATCH (in P and Z) hold the state one lane a word while it moves in and out.
const SCRATCH = P + 24;
// S2 lays out its four-row words in Z (184 bytes), dead by then.
const STAGE = Z;
const pAddr = (x, y) => P + 80 * y + 16 * x;
const zAddr = (x, y) => Z + 24 * (24 - lane(x, y));
const qAddr = (x, y) => QD + 40 * x + 8 * y;

// Complement patterns between rounds, M: PA → PB, S1: PB → PC, S2: PC → PA: fewest NOTs (19 per three rounds, 24 with
// the earlier PA → PF → PF → PA) with S2's four-row words needing one status per column of rows 0..3. Found by
// coordinate descent over the three patterns: all 2^25 of PB, then of PC, and the 1,024 PAs that S2 can output, each
// with the other two fixed, NOTs counted as here (a lane's status after θ is linear in the round's input pattern).
const pattern = (list) => new Set(list.map(([x, y]) => lane(x, y)));
const PA = pattern([[3, 0], [3, 1], [3, 2], [3, 3], [2, 4], [3, 4]]);
const PB = pattern([[4, 1], [0, 2], [4, 2], [2, 3], [4, 3], [3, 4]]);
const PC = pattern([[3, 0], [1, 1], [2, 1], [3, 2], [4, 2], [1, 3], [2, 3], [1, 4], [2, 4]]);
const IN = { M: PA, S1: PB, S2: PC };
const OUT = { M: PB, S1: PC, S2: PA };
let notCount = 0;
let lastZStore = -1;
// The order of statements decides how much stack shuffling (SWAP) the compiler's stack layout needs. These orders
// measured cheapest (scripts/codegen/keccak-meter.ts: 264 gas a permutation less than rows, stores and words all in
// increasing order): M's rows and each row's χ stores from 4 down to 0; S2's packed words laid out in the order of
// PACKED. M's and S1's stores must stay in increasing address order (each 32-byte store spills into the next lane's
// bytes: M's run from lane 24 down to 0), and S2's packed words must follow its row 4. With S2's paired loads, each
// column's row 4 value computed after its four stores measured 72 gas a permutation less than before them, and S2's
// row 4 stores in the order of STORES.S2 24 less than from 4 down to 0 (pairwise swaps and moves of S2's orders tried).
// The order in which a row's b values are computed matters too, and the order of M's θ effects: these (B_ORDER,
// M_D_ORDER) measured 384 gas a permutation less than increasing order (scripts/codegen/keccak-meter.ts; all 120
// orders of S1's and of M's b values tried, then some of S2's row 4 and of M's θ effects). S1's θ effects in the order
// S1_D_ORDER and M's parities in the order M_C_ORDER measured 24 gas a permutation less each than increasing order
// (pairwise swaps of each tried).
const UP = [0, 1, 2, 3, 4];
const DOWN = [4, 3, 2, 1, 0];
const ROWS = { M: DOWN, S1: UP };
const STORES = { M: DOWN, S1: UP, S2: [1, 4, 3, 2, 0] };
const B_ORDER = { M: [0, 2, 1, 3, 4], S1: [4, 1, 0, 3, 2] };
const M_C_ORDER = [0, 2, 1, 3, 4];
const M_D_ORDER = [1, 4, 2, 3, 0];
const S1_D_ORDER = [2, 1, 0, 3, 4];
const PACKED = [4, 1, 0, 3, 2];
const PACKED_STORES = [0, 1, 2, 3, 4];

// χ output b0 ^ (~b1 & b2), held complemented if t, from held values h_i = b_i (s_i = 0) or ~b_i (s_i = 1).
function chi(h0, h1, h2, s0, s1, s2, t) {
  const g = {
    "100": `and(${h1}, ${h2})`,
    "000": `and(not(${h1}), ${h2})`,
    "110": `and(${h1}, not(${h2}))`,
    "010": `not(or(${h1}, ${h2}))`,
    "101": `not(and(${h1}, ${h2}))`,
    "001": `or(${h1}, not(${h2}))`,
    "111": `or(not(${h1}), ${h2})`,
    "011": `or(${h1}, ${h2})`,
  }[`${s1}${s2}${s0 ^ t}`];
  if (g.includes("not(")) notCount++;
  return `xor(${h0}, ${g})`;
}

function round(kind, rcExpr, lo) {
  const L = [`// Round ${kind}: ${{ M: "QD → Z, copies renewed by MUL", S1: "Z → P, rotations by shifts", S2: "P → QD, χ four rows at a time" }[kind]}`, "{"];
  const inAddr = { M: qAddr, S1: zAddr, S2: pAddr }[kind];
  const pin = IN[kind];
  const pout = OUT[kind];
  const held = (i) => (pin.has(i) ? 1 : 0);
  const target = (X, Y) => (pout.has(lane(X, Y)) ? 1 : 0);
  const colHeld = [0, 1, 2, 3, 4].map((x) => [0, 1, 2, 3, 4].reduce((s, y) => s ^ held(lane(x, y)), 0));
  const dHeld = [0, 1, 2, 3, 4].map((x) => colHeld[(x + 4) % 5] ^ colHeld[(x + 1) % 5]);
  let dlo;
  if (kind === "S2") {
    L.push("    // θ: each load holds lanes x and x + 1 of a row (two copies each), so five loads give two parities:");
    L.push("    // w01 = [C0 | C1], w23 = [C2 | C3], w4 = [C4 | C0] (the last load takes lane (0, 0)'s copy, see P).");
    L.push("    // rot1 is one more bit of shift: d12 = [D1 | D2], d34 = [D3 | D4] (halves with copies), D0 on top.");
    const w = (name, off) => {
      const a = [0, 1, 2, 3, 4].map((y) => `mload(${hex(P + 80 * y + off)})`);
      L.push(`    let ${name} := xor(xor(xor(xor(${a[0]}, ${a[1]}), ${a[2]}), ${a[3]}), ${a[4]})`);
    };
    // This order measured 48 gas a permutation less than d12 right after w23 and d0 before d34 (some orders tried).
    w("w01", 0);
    w("w23", 32);
    w("w4", 64);
    L.push("    let d12 := xor(w01, shl(1, w23))");
    L.push("    let d34 := xor(w23, shl(1, w4))");
    L.push("    let d0 := xor(w4, shl(129, w01))");
    if (lo > 128) throw new Error("S2 needs two copies");
    lo = 128;
    dlo = 129;
  } else if (kind === "S1") {
    L.push("    // θ: Z keeps 24 bytes a lane, lane i − 1 right after lane i, so a load 16 bytes into lane i holds lane i's");
    L.push("    // window above three copies of lane i − 1: five loads give C1 (window only, its copies renewed by a MUL) and");
    L.push("    // C0 (three copies), five more C3 and C2; C4 takes five loads of its own.");
    const w = (name, x, off) => {
      const a = [0, 1, 2, 3, 4].map((y) => `mload(${hex(zAddr(x, y) + off)})`);
      L.push(`    let ${name} := xor(xor(xor(xor(${a[0]}, ${a[1]}), ${a[2]}), ${a[3]}), ${a[4]})`);
    };
    for (let y = 0; y < 5; y++) {
      if (zAddr(0, y) !== zAddr(1, y) + 24 || zAddr(2, y) !== zAddr(3, y) + 24) throw new Error("S1's θ needs lane x − 1 after lane x");
    }
    w("w10", 1, 16);
    w("w32", 3, 16);
    w("c4", 4, 0);
    L.push(`    let c1 := mul(shr(192, w10), ${K(0)})`);
    L.push(`    let c3 := mul(shr(192, w32), ${K(0)})`);
    const effects = [
      "    let d0 := xor(c4, shl(1, c1))",
      "    let d1 := xor(shl(64, w10), shl(65, w32))",
      "    let d2 := xor(c1, shl(1, c3))",
      "    let d3 := xor(shl(64, w32), shl(1, c4))",
      "    let d4 := xor(c3, shl(65, w10))",
    ];
    for (const x of S1_D_ORDER) L.push(effects[x]);
    // Z's 24 bytes leave the input valid from 64; the parities C0, C2, C4 from 64 too, C1 and C3 from 0.
    if (lo > 64) throw new Error("S1 needs three copies");
    lo = 64;
    dlo = 65;
  } else {
    L.push("    // θ");
    for (const v of [...M_C_ORDER.map((x) => `c${x}`), ...M_D_ORDER.map((x) => `d${x}`)]) {
      const x = Number(v[1]);
      if (v[0] === "c" && kind === "M") {
        // QD holds rows 0..3 of a column side by side: a load at +0 and one at +16 XORed give rows 0 ^ 2 in the
        // window and 1 ^ 3 below it, and one shift folds them; only the window is used. Three loads, not five.
        L.push(`    let c${x} := xor(mload(${hex(qAddr(x, 0))}), mload(${hex(qAddr(x, 2))}))`);
        // Row 4's load outermost: the folded word is then on top when it is XORed, with no SWAP (15 gas a pass).
        L.push(`    c${x} := xor(mload(${hex(qAddr(x, 4))}), xor(shl(64, c${x}), c${x}))`);
      } else if (v[0] === "c") {
        const a = [0, 1, 2, 3, 4].map((y) => `mload(${hex(inAddr(x, y))})`);
        L.push(`    let c${x} := xor(xor(xor(xor(${a[0]}, ${a[1]}), ${a[2]}), ${a[3]}), ${a[4]})`);
      } else {
        const c = `c${(x + 1) % 5}`;
        L.push(`    let d${x} := xor(c${(x + 4) % 5}, ${kind === "M" ? `mul(shr(192, ${c}), ${K(1)})` : `shl(1, ${c})`})`);
      }
    }
    dlo = kind === "M" ? 1 : lo + 1;
  }
  const bHeld = (X, Y) => { const { x, y } = srcOf(X, Y); return held(lane(x, y)) ^ dHeld[x]; };
  const theta = (X, Y) => { const { x, y } = srcOf(X, Y); return `xor(mload(${hex(inAddr(x, y))}), d${x})`; };
  // S2 reads lane (x, y) from the word of its pair (lane 0 alone), in the pair's top or bottom half.
  const s2Word = (x, y) => {
    if (x === 0) return { at: pAddr(0, y), d: "d0", low: 0 };
    return x <= 2 ? { at: pAddr(1, y), d: "d12", low: x - 1 } : { at: pAddr(3, y), d: "d34", low: x - 3 };
  };
  const rotation = (X, Y) => { const { x, y } = srcOf(X, Y); return rho[x][y]; };
  let outLo = 0;
  const scalarRow = (Y, store) => {
    L.push("    {");
    for (const X of B_ORDER[kind]) {
      const r = rotation(X, Y);
      let e;
      if (kind === "M") {
        e = `mul(shr(192, ${theta(X, Y)}), ${K(r)})`;
        outLo = Math.max(outLo, r);
      } else {
        e = r === 0 ? theta(X, Y) : `shl(${r}, ${theta(X, Y)})`;
        outLo = Math.max(outLo, Math.max(lo, dlo) + r);
      }
      L.push(`        let b${X} := ${e}`);
    }
    for (const X of STORES[kind]) {
      const X1 = (X + 1) % 5;
      const X2 = (X + 2) % 5;
      let v = chi(`b${X}`, `b${X1}`, `b${X2}`, bHeld(X, Y), bHeld(X1, Y), bHeld(X2, Y), target(X, Y));
      if (X === 0 && Y === 0) v = `xor(${v}, ${rcExpr})`;
      // Z's 32-byte stores each run 8 bytes into the next lane's record, which must be stored after.
      if (kind === "M") {
        if (store(X, Y) <= lastZStore) throw new Error("M must store Z in increasing address order");
        lastZStore = store(X, Y);
      }
      L.push(`        mstore(${hex(store(X, Y))}, ${v})`);
    }
    L.push("    }");
  };
  if (kind === "M") {
    if (ROWS.M[4] !== 0 || zAddr(0, 1) + 32 > QD || STAGE + 184 > QD || SCRATCH + 800 > QD) throw new Error("QD overlaps a live region");
    for (const Y of ROWS.M) scalarRow(Y, zAddr);
  }
  if (kind === "S1") {
    for (const Y of ROWS.S1) scalarRow(Y, pAddr);
    L.push("    // Lane (0, 0) again after row 4, for S2's w4 (see P).");
    L.push(`    mstore(${hex(pAddr(0, 5))}, mload(${hex(pAddr(0, 0))}))`);
  }
  if (kind === "S2") {
    L.push("    // Column X of the output takes row X of the input: its pair words loaded and XORed once give b(X, 0..3),");
    L.push("    // laid out for q_X (bits 192 − 64Y … 255 − 64Y) by four stores, and row 4's b(X, 4).");
    L.push("    {");
    // One complement status per word: per column, the cheapest choice, the other lanes NOTed.
    let best = null;
    for (let m = 0; m < 32; m++) {
      const s = (k) => (m >> k) & 1;
      let cost = 0;
      for (let k = 0; k < 5; k++) for (let Y = 0; Y < 4; Y++) if (bHeld(k, Y) !== s(k)) cost++;
      for (let X = 0; X < 5; X++) {
        for (let Y = 1; Y < 4; Y++) if (target(X, Y) !== target(X, 0)) throw new Error("one output status per word");
        const [s1, s2, c] = [s((X + 1) % 5), s((X + 2) % 5), s(X) ^ target(X, 0)];
        if (!((s1 === 1 && s2 === 0 && c === 0) || (s1 === 0 && s2 === 1 && c === 1))) cost++;
      }
      if (!best || cost < best.cost) best = { cost, m };
    }
    const sig = [0, 1, 2, 3, 4].map((k) => (best.m >> k) & 1);
    // Each lane rotated into its window and stored 8 bytes after the one before, in increasing address order (each
    // store's low 24 bytes are overwritten by the next), into Z, which S2 no longer needs: four stores lay out a
    // column's word, and one load fetches it.
    const stage = (X, Y) => STAGE + 32 * PACKED.indexOf(X) + 8 * Y;
    // A bottom half is valid from 1 (its copy, and d's but for rot1's bit), as a top half from 129 (lo, dlo), so
    // shl(128 + r) leaves the window valid from the same 129 + r as shl(r).
    for (const X of PACKED) {
      const words = [0, 1, 2, 3, 4].map((Y) => { const { x, y } = srcOf(X, Y); return s2Word(x, y); });
      const shared = new Set(words.filter((w, i) => words.findIndex((v) => v.at === w.at) !== i).map((w) => w.at));
      const name = (at) => { const x = ((at - P) % 80) / 16; return `row${Math.floor((at - P) / 80)}lanes${x}${x + 1}`; };
      for (const at of shared) L.push(`        let ${name(at)} := xor(mload(${hex(at)}), ${words.find((w) => w.at === at).d})`);
      const b = (Y) => {
        const { x, y } = srcOf(X, Y);
        const w = s2Word(x, y);
        const shift = rotation(X, Y) + 128 * w.low;
        const t = shared.has(w.at) ? name(w.at) : `xor(mload(${hex(w.at)}), ${w.d})`;
        outLo = Math.max(outLo, Math.max(lo, dlo) + rotation(X, Y));
        return shift === 0 ? t : `shl(${shift}, ${t})`;
      };
      for (let Y = 0; Y < 4; Y++) {
        let t = b(Y);
        if (bHeld(X, Y) !== sig[X]) {
          t = `not(${t})`;
          notCount++;
        }
        L.push(`        mstore(${hex(stage(X, Y))}, ${t})`);
      }
      L.push(`        let b${X} := ${b(4)}`);
    }
    // Row 4's 32-byte stores run into the next column's word, which is stored after.
    for (const X of STORES.S2) {
      const X1 = (X + 1) % 5;
      const X2 = (X + 2) % 5;
      L.push(`        mstore(${hex(qAddr(X, 4))}, ${chi(`b${X}`, `b${X1}`, `b${X2}`, bHeld(X, 4), bHeld(X1, 4), bHeld(X2, 4), target(X, 4))})`);
    }
    for (const X of PACKED) L.push(`        let q${X} := mload(${hex(stage(X, 0))})`);
    for (const X of PACKED_STORES) {
      const X1 = (X + 1) % 5;
      const X2 = (X + 2) % 5;
      let v = chi(`q${X}`, `q${X1}`, `q${X2}`, sig[X], sig[X1], sig[X2], target(X, 0));
      if (X === 0) v = `xor(${v}, ${rcExpr})`;
      L.push(`        mstore(${hex(qAddr(X, 0))}, ${v})`);
    }
    L.push("    }");
  }
  L.push("}");
  if (outLo > 192) throw new Error(`window lost in ${kind}: valid from ${outLo}`);
  return { lines: L, lo: outLo };
}

const body = [];
{
  // 48 table bytes per iteration hold its three round constants: M's in the top three 64-bit slots of the word at
  // rc and S2's in its lowest, S1's in the top two of the 16 bytes after. ι needs the constant in the copies that the
  // next round reads: after M in the top three (Z keeps 24 bytes a lane; lane 0's lowest slot is never read as a
  // copy): the word itself; after S1 in the top two (P keeps 16 bytes a lane, and the word's low half lands in the
  // next lane's bytes, which its own store then overwrites): the word 32 bytes on; and after S2 in the window alone
  // (the rest of that word holds rows 1 … 3): one shift.
  const rcExpr = {
    M: "mload(rc)",
    S1: "mload(add(rc, 32))",
    S2: "shl(192, mload(rc))",
  };
  let lo = 192;
  for (const kind of ["M", "S1", "S2"]) {
    const r = round(kind, rcExpr[kind], lo);
    body.push(...r.lines);
    lo = r.lo;
  }
}
const ind = (lines, n) => lines.map((l) => (l ? " ".repeat(n) + l : l)).join("\n");

const RC_STREAM = Array.from({ length: 8 }, (_, i) => {
  const [m, s1, s2] = [RC[3 * i], RC[3 * i + 1], RC[3 * i + 2]];
  return [m, m, m, s2, s1, s1];
}).flat();
const rcStores = Array.from({ length: 12 }, (_, i) => {
  const word = RC_STREAM.slice(4 * i, 4 * i + 4).reduce((w, c) => (w << 64n) | c, 0n);
  return `mstore(${i ? `add(table, ${i * 32})` : "table"}, ${hex(word)})`;
});
const lanesByQd = Array.from({ length: 25 }, (_, i) => i).sort((a, b) => qAddr(a % 5, (a / 5) | 0) - qAddr(b % 5, (b / 5) | 0));
const inMoves = lanesByQd.map((i) => {
  const v = `mload(${hex(SCRATCH + 32 * i)})`;
  return `mstore(${hex(qAddr(i % 5, (i / 5) | 0))}, ${PA.has(i) ? `not(${v})` : v})`;
});
// The all-zero state in QD (its held-complemented lanes all ones), a word at a time: {absorb}'s start.
const zeroImage = Array.from({ length: Math.ceil(200 / 32) }, (_, k) => {
  let word = 0n;
  for (let b = 0; b < 32; b++) {
    const at = 32 * k + b;
    const i = at < 200 ? lane(Math.floor(at / 40), Math.floor((at % 40) / 8)) : -1;
    word = (word << 8n) | (PA.has(i) ? 0xffn : 0n);
  }
  return `mstore(${hex(QD + 32 * k)}, ${word === M256 ? "not(0)" : hex(word)})`;
});
const outMoves = Array.from({ length: 25 }, (_, i) => {
  const v = `mload(${hex(qAddr(i % 5, (i / 5) | 0))})`;
  return `mstore(${hex(SCRATCH + 32 * i)}, shr(192, ${PA.has(i) ? `not(${v})` : v}))`;
});

// Absorbing: the block's bytes, four lanes to a 32-byte word (r0 … r4: lanes 4k … 4k + 3 in word k), XORed into
// QD a column at a time: QD holds rows 0 … 3 of column x (lanes x, x + 5, x + 10, x + 15) side by side in one word, and
// lane x + 5y lies in word (x + 5y) >> 2 at 64-bit slot (x + y) & 3, so the column's word is shl(64x) of its lanes in
// slots x + y < 4 OR shr(64(4 − x)) of those in slots x + y − 4, each selected by a slot mask (left out where the
// shift drops the slots it would clear). Lanes are little-endian (FIPS 202 §B.1): one byte reversal within each
// 64-bit quarter of the column's word, which commutes with the masks and the 64-bit shifts, gives four lane values at
// once; blocks already held as lanes (each 8-byte group reversed) take a copy of the columns without it. Row 4 holds
// no rate lane but SHAKE128's lane 20. XOR commutes with complementing, so held-complemented lanes need nothing more.
const TOP_LANE = hex(M64 << 192n);
const slotMask = (k) => (k ? hex(M64 << BigInt(192 - 64 * k)) : "TOP_LANE");
const reverse = [
  "v := or(and(shr(8, v), REV8), shl(8, and(v, REV8)))",
  "v := or(and(shr(16, v), REV16), shl(16, and(v, REV16)))",
  "v := or(and(shr(32, v), REV32), shl(32, and(v, REV32)))",
];
const columnWord = (x) => {
  const part = (ys, shift) => {
    if (!ys.length) return null;
    const terms = ys.map((y) => {
      const i = x + 5 * y;
      const slot = i & 3;
      // Slots the shift drops need no clearing: shl(64x) drops those below x, shr(64(4 − x)) those from x on.
      const others = [0, 1, 2, 3].filter((k) => k !== slot && (shift > 0 ? k >= x : shift < 0 ? k < x : true));
      return others.length ? `and(r${i >> 2}, ${slotMask(slot)})` : `r${i >> 2}`;
    });
    const joined = terms.reduce((a, t) => `or(${a}, ${t})`);
    if (shift === 0) return joined;
    return shift > 0 ? `shl(${64 * shift}, ${joined})` : `shr(${-64 * shift}, ${joined})`;
  };
  const high = part([0, 1, 2, 3].filter((y) => x + y < 4), x);
  const low = part([0, 1, 2, 3].filter((y) => x + y >= 4), x - 4);
  return high && low ? `or(${high}, ${low})` : high ?? low;
};
const columns = (reversed) =>
  [0, 1, 2, 3, 4].flatMap((x) =>
    reversed
      ? [
          "{",
          `    let v := ${columnWord(x)}`,
          ...reverse.map((line) => `    ${line}`),
          `    mstore(${hex(qAddr(x, 0))}, xor(mload(${hex(qAddr(x, 0))}), v))`,
          "}",
        ]
      : [`mstore(${hex(qAddr(x, 0))}, xor(mload(${hex(qAddr(x, 0))}), ${columnWord(x)}))`],
  );
const xorBlock = [
  ...[0, 1, 2, 3].map((k) => `let r${k} := mload(${k ? `add(source, ${32 * k})` : "source"})`),
  "// Word 4: lane 16, and SHAKE128's lanes 17 … 19 (for SHAKE256 the bytes past the block, cleared).",
  "let r4 := mload(add(source, 128))",
  "if lt(rate, 168) { r4 := and(r4, TOP_LANE) }",
  "// Blocks already held as lanes (`form` bit 0) take a copy of the column XORs without the byte reversal: the",
  "// other blocks pay one test.",
  "switch and(form, 1)",
  "case 0 {",
  ...columns(true).map((line) => `    ${line}`),
  "}",
  "default {",
  ...columns(false).map((line) => `    ${line}`),
  "}",
  "// SHAKE128's lane 20 (0, 4), alone in its window.",
  "if gt(rate, 136) {",
  "    let v := and(mload(add(source, 160)), TOP_LANE)",
  "    if iszero(and(form, 1)) {",
  ...reverse.map((line) => `        ${line}`),
  "    }",
  `    mstore(${hex(qAddr(0, 4))}, xor(mload(${hex(qAddr(0, 4))}), v))`,
  "}",
];

// {absorbAndSqueeze}'s output: word w holds lanes 4w … 4w + 3 (each from its window in QD, complemented back where
// held so), byte-reversed as in absorbing. At most 64 bytes (two words): the digests of the verifiers.
const SQUEEZE_WORDS = 2;
const squeezeWord = (w) => {
  const lanes = [0, 1, 2, 3].map((k) => {
    const i = 4 * w + k;
    const load = `mload(${hex(qAddr(i % 5, (i / 5) | 0))})`;
    const x = PA.has(i) ? `not(${load})` : load;
    return k === 0 ? `and(${x}, TOP_LANE)` : k === 3 ? `shr(192, ${x})` : `shr(${64 * k}, and(${x}, TOP_LANE))`;
  });
  return [
    "{",
    `    let v := ${lanes.reduce((a, t) => `or(${a}, ${t})`)}`,
    "    if iszero(and(form, 2)) {",
    ...reverse.map((line) => `        ${line}`),
    "    }",
    `    mstore(${w ? `add(state, ${32 * w})` : "state"}, v)`,
    "}",
  ];
};

const src = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// This file is generated by scripts/codegen/keccak-round.mjs; edit the generator, not this file.

/**
 * @dev Keccak-f[1600], the permutation under SHA-3 and SHAKE (FIPS 202), for the EVM. The KECCAK256 opcode
 * is Keccak-256 with its own padding and a 32-byte output, so SHAKE128/SHAKE256 need the permutation itself.
 *
 * The state is 25 lanes of 64 bits, lane (x, y) at index x + 5y, each in its own memory word. During the
 * permutation the lanes live at fixed memory addresses, so every access is a PUSH and an MLOAD/MSTORE; what was
 * there is saved above the free memory pointer first and restored afterwards.
 *
 * Tricks (details in the generator):
 * - A lane is kept at the top of a word with copies of itself below, so a rotation is one shift: the bits that
 *   wrap around come from the copy. Three rounds use up the copies; the first round of each three renews them
 *   with one MUL per lane (the lane times 1 + 2^64 + 2^128 + 2^192, shifted by the rotation).
 * - The third round packs four rows of a column into one word (its lanes stored 8 bytes apart, one load a word) and
 *   computes χ for four lanes at once. It reads most lanes in pairs: one load and one XOR for θ give two lanes (16
 *   bytes each, with a copy), and a shift brings either into the window.
 * - θ's parities after the first and the second round come two columns at a time (lanes stored 24 and 16 bytes
 *   apart, as many copies as the next round needs).
 * - Lane complementing: some lanes are held inverted so that χ needs few NOTs.
 * - {absorb} runs a sponge's whole absorbing loop in one call: the next block is XORed into the permutation's own
 *   form, so moving the state in and out of it, and saving and restoring the borrowed memory, happen once per
 *   message instead of once per block (about 2,000 gas a block: see the SHAKE test's gas figures). It starts from
 *   the zero state, written straight into that form, and {absorbAndSqueeze} also reads a short digest straight from
 *   it, without moving the state out.
 * \`KeccakF1600Reference\` (contracts/mocks) is the plain version the tests compare it with.
 */
library KeccakF1600 {
    /// @dev The end of the memory the permutation borrows (from 0): {absorb} reads its blocks from above it.
    uint256 internal constant BORROWED_END = ${hex(END)};

    /// @dev Byte reversal within 64-bit quarters (bytes, pairs, quads), and a word's top lane: {absorb}'s input.
    uint256 private constant REV8 = 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff;
    uint256 private constant REV16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    uint256 private constant REV32 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    uint256 private constant TOP_LANE = ${TOP_LANE};

    /// @dev Applies the 24 rounds of Keccak-f[1600] to \`state\` in place. Every lane must be below 2^64.
    function permute(uint256[25] memory state) internal pure {
        uint256 pointer;
        assembly ("memory-safe") {
            pointer := state
        }
        _permuteBlocks(pointer, 0, 0, 0, 0, 0, 0);
    }

    /// @dev {permute} on the 25 words at memory address \`state\`: for a caller that holds the state as a pointer (a
    /// variable of type \`uint256[25] memory\` costs a zeroed allocation).
    function permuteAt(uint256 state) internal pure {
        _permuteBlocks(state, 0, 0, 0, 0, 0, 0);
    }

    /**
     * @dev A sponge's absorbing loop from the all-zero state: XORs \`count\` blocks of \`rate\` bytes from memory at
     * \`blocks\`, then the block at \`last\`, into it, with Keccak-f[1600] after each (count + 1 permutations), and
     * writes the result to the 25 words at memory address \`state\`. The same as {permute} block by block from a zeroed
     * \`state\`, but the state stays in the permutation's own form, in the borrowed memory, from one block to the next.
     * Message bytes map to lanes little-endian (FIPS 202 §B.1). \`rate\` is 136 or 168, and the blocks must lie at
     * or above {BORROWED_END}.
     */
    function absorb(uint256 state, uint256 blocks, uint256 count, uint256 last, uint256 rate)
        internal
        pure
    {
        _permuteBlocks(state, blocks, count, last, rate, 0, 0);
    }

    /**
     * @dev SHAKE in one call, for a digest of \`outLen\` bytes (1 … 64): {absorb}, then the first \`outLen\` bytes of
     * output written to memory at \`out\` (whole 32-byte words, up to 31 bytes past \`outLen\`), straight from the
     * permutation's form; the state itself is not kept. \`out\` must lie at or above {BORROWED_END}.
     */
    function absorbAndSqueeze(uint256 blocks, uint256 count, uint256 last, uint256 rate, uint256 out, uint256 outLen)
        internal
        pure
    {
        _permuteBlocks(out, blocks, count, last, rate, outLen, 0);
    }

    /**
     * @dev {absorbAndSqueeze} for a caller that holds its input, its digest or both as lanes: each 8-byte group
     * byte-reversed, so that it reads as its lane's value (big-endian, as MLOAD reads it). \`form\` bit 0: the blocks
     * are so held, and absorbing skips its byte reversal; bit 1: the digest is written so. The digest of
     * {absorbAndSqueeze} over the blocks with every 8-byte group reversed back (bit 0), written so (bit 1).
     */
    function absorbAndSqueezeLanes(
        uint256 blocks,
        uint256 count,
        uint256 last,
        uint256 rate,
        uint256 out,
        uint256 outLen,
        uint256 form
    ) internal pure {
        _permuteBlocks(out, blocks, count, last, rate, outLen, form);
    }

    /**
     * @dev A sponge's squeezing loop for a reader of lanes: applies Keccak-f[1600] to \`state\` \`count\` + 1 times (at
     * least once) and after each writes lanes 0 … 16 (SHAKE256's rate), one word each as in \`state\`, to 544 bytes at
     * \`out\`, the next 544 after them, and so on; \`state\` ends as the last. The same as {permute} block by block,
     * without moving the state in and out of the permutation's form between blocks.
     */
    function squeezeLanes(uint256[25] memory state, uint256 out, uint256 count) internal pure {
        uint256 pointer;
        assembly ("memory-safe") {
            pointer := state
        }
        _permuteBlocks(pointer, 0, count, 0, 0, out, 0);
    }

    /// @dev {absorb} (\`rate\` not zero), {squeezeLanes} (\`out\` not zero) and {absorbAndSqueeze} (both: \`state\` is
    /// where the output goes and \`out\` its length); with \`rate\` and \`out\` zero, \`count\` + 1 permutations of
    /// \`state\`. \`form\` is {absorbAndSqueezeLanes}'s, zero for every other caller.
    function _permuteBlocks(
        uint256 state,
        uint256 blocks,
        uint256 count,
        uint256 last,
        uint256 rate,
        uint256 out,
        uint256 form
    ) private pure {
        // Not marked memory-safe: it borrows memory below the free memory pointer, restoring it before it returns.
        assembly {
            // ${hex(P)} … ${hex(END)}: P (${Z - P} bytes), Z (${QD - Z}), QD (${END - QD}); ${hex(SAVED_FROM)} on saved above the free memory pointer and the borrowed region.
            let saved := mload(0x40)
            if lt(saved, ${hex(END)}) { saved := ${hex(END)} }
            // Round constants, three per 48 bytes, past the saved copy.
            let table := add(saved, ${BORROW})
            switch gt(add(state, 800), ${hex(END)})
            case 0 {
                // \`state\` lies inside the borrowed memory, and the result overwrites it: only the memory around it is
                // saved, the part above it right after the part below.
                mcopy(saved, ${hex(SAVED_FROM)}, sub(state, ${hex(SAVED_FROM)}))
                mcopy(add(saved, sub(state, ${hex(SAVED_FROM)})), add(state, 800), sub(${hex(END - 800)}, state))
                table := sub(table, 800)
            }
            default { mcopy(saved, ${hex(SAVED_FROM)}, ${BORROW}) }
            switch rate
            case 0 {
                // The lanes to the tops of Z's words in one copy (their high zero bytes land below), then into QD, the
                // first round's input, in increasing address order (each store's low 24 bytes are overwritten by the
                // next).
                mcopy(${hex(SCRATCH - 24)}, state, 800)
${ind(inMoves, 16)}
            }
            default {
                // {absorb} starts from the all-zero state.
${ind(zeroImage, 16)}
            }
${ind(rcStores, 12)}
            let lastRc := add(table, 336)
            // One pass per block: its input XORed in (none for {permute}), then the permutation.
            for { let b := 0 } 1 { b := add(b, 1) } {
                if rate {
                    let source := last
                    if lt(b, count) { source := add(blocks, mul(b, rate)) }
${ind(xorBlock, 20)}
                }
                // Eight passes of three rounds; the exit test sits at the end of the body (a do-while loop), before the step.
                for { let rc := table } 1 {} {
${ind(body, 20)}
                    if eq(rc, lastRc) { break }
                    rc := add(rc, 48)
                }
                if iszero(or(rate, iszero(out))) {
                    // {squeezeLanes}: the rate's lanes 0 … 16 only: the rest reach Z after the last block.
${ind(outMoves.slice(0, 17), 20)}
                    mcopy(add(out, mul(b, 544)), ${hex(SCRATCH)}, 544)
                }
                if eq(b, count) { break }
            }
            switch mul(rate, out)
            case 0 {
                // The result to Z, then to \`state\`: directly if \`state\` lies above the borrowed region or inside it (then
                // the memory around it restored), else into the saved copy at \`state\`'s place (running on into the table
                // past it, no longer needed), which the restore then carries to \`state\`, its part past the borrowed region
                // included.
${ind(outMoves, 16)}
                switch lt(state, ${hex(END)})
                case 0 {
                    mcopy(state, ${hex(SCRATCH)}, 800)
                    mcopy(${hex(SAVED_FROM)}, saved, ${BORROW})
                }
                default {
                    switch gt(add(state, 800), ${hex(END)})
                    case 0 {
                        mcopy(state, ${hex(SCRATCH)}, 800)
                        mcopy(${hex(SAVED_FROM)}, saved, sub(state, ${hex(SAVED_FROM)}))
                        mcopy(add(state, 800), add(saved, sub(state, ${hex(SAVED_FROM)})), sub(${hex(END - 800)}, state))
                    }
                    default {
                        mcopy(add(saved, sub(state, ${hex(SAVED_FROM)})), ${hex(SCRATCH)}, 800)
                        let n := add(state, ${hex(800 - SAVED_FROM)})
                        if lt(n, ${BORROW}) { n := ${BORROW} }
                        mcopy(${hex(SAVED_FROM)}, saved, n)
                    }
                }
            }
            default {
                // {absorbAndSqueeze}: the output bytes straight from QD to \`state\` (\`out\` is their length), and the state
                // dropped.
${ind(squeezeWord(0), 16)}
                if gt(out, 32) {
${ind(squeezeWord(1), 20)}
                }
                mcopy(${hex(SAVED_FROM)}, saved, ${BORROW})
            }
        }
    }
}
`;
console.error(`NOTs per three rounds: ${notCount}`);
if (process.argv[2] === "--write") fs.writeFileSync(process.argv[3], src);
else process.stdout.write(src);
