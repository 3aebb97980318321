// Prints the two unrolled Keccak-f[1600] rounds of contracts/utils/KeccakF1600.sol's loop body.
// The state lives in two fixed memory buffers, A at 0x80 and B at 0x80 + 800, lane (x, y) in the word at
// offset 32·(x + 5y); the first round reads A and writes B, the second reads B and writes A. Each round does θ
// (column parities and D values on the stack), then ρ, π and χ one output row at a time, so every lane is
// loaded once and stored once, at a constant address. ι reads the round constant at `rc` (+ 32 for the second).
// Usage: node scripts/codegen/keccak-round.mjs
const rho = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];
const bufferA = 0x80;
const bufferB = 0x80 + 800;
const mask = "0xffffffffffffffff";
const at = (base, lane) => `0x${(base + 32 * lane).toString(16)}`;
// rotl(v, n) on a 64-bit lane held in a 256-bit word, written out so no function call is paid per lane.
const rotate = (v, n) => `or(and(shl(${n}, ${v}), ${mask}), shr(${64 - n}, ${v}))`;

function round(src, dst, rcOffset, label) {
  const lines = [`// Round ${label}: θ`, "{"];
  lines.push("    let d0, d1, d2, d3, d4");
  // The parities are scoped to a block so that only D stays on the stack for ρ, π and χ.
  lines.push("    {");
  for (let x = 0; x < 5; x++)
    lines.push(`        let c${x} := xor(xor(xor(mload(${at(src, x)}), mload(${at(src, x + 5)})), xor(mload(${at(src, x + 10)}), mload(${at(src, x + 15)}))), mload(${at(src, x + 20)}))`);
  for (let x = 0; x < 5; x++) lines.push(`        d${x} := xor(c${(x + 4) % 5}, ${rotate(`c${(x + 1) % 5}`, 1)})`);
  lines.push("    }");
  // ρ, π, χ for output row Y: B[X][Y] = rot(A[x][y] ^ D[x], r[x][y]) with X = y, Y = 2x + 3y (mod 5),
  // so x = 3(Y − 3X) mod 5; then A'[X][Y] = B[X] ^ (~B[X+1] & B[X+2]).
  for (let Y = 0; Y < 5; Y++) {
    lines.push("    {");
    for (let X = 0; X < 5; X++) {
      const y = X;
      const x = (((3 * (Y - 3 * X)) % 5) + 5) % 5;
      lines.push(`        let b${X} := xor(mload(${at(src, x + 5 * y)}), d${x})`);
      if (rho[x][y] !== 0) lines.push(`        b${X} := ${rotate(`b${X}`, rho[x][y])}`);
    }
    for (let X = 0; X < 5; X++) {
      const chi = `xor(b${X}, and(not(b${(X + 1) % 5}), b${(X + 2) % 5}))`;
      // ι on lane (0, 0).
      const value = X === 0 && Y === 0 ? `xor(${chi}, mload(${rcOffset === 0 ? "rc" : `add(rc, ${rcOffset})`}))` : chi;
      lines.push(`        mstore(${at(dst, X + 5 * Y)}, ${value})`);
    }
    lines.push("    }");
  }
  lines.push("}");
  return lines;
}

console.log([...round(bufferA, bufferB, 0, "i (A → B)"), ...round(bufferB, bufferA, 32, "i + 1 (B → A)")].join("\n"));
