// Prints the unrolled Keccak-f[1600] round used in contracts/utils/KeccakF1600.sol (`_round`).
// Lanes live in memory words, lane (x, y) at offset 32·(x + 5y) from `src`/`dst`. One round reads `src` and
// writes `dst`: θ (column parities C and the D values stay on the stack), then ρ, π and χ row by row of the
// output, so each lane is loaded once and stored once. ι is applied by the caller.
// Usage: node scripts/codegen/keccak-round.mjs
const rho = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];
const mask = "0xffffffffffffffff";
const at = (base, lane) => (lane === 0 ? base : `add(${base}, ${lane * 32})`);
// rotl(v, n) on a 64-bit lane held in a 256-bit word, written out so no function call is paid per lane.
const rotate = (v, n) => `or(and(shl(${n}, ${v}), ${mask}), shr(${64 - n}, ${v}))`;
const lines = [];
// The parities are scoped to a block so that only D stays on the stack for the rest of the round.
lines.push("let d0, d1, d2, d3, d4");
lines.push("{");
for (let x = 0; x < 5; x++)
  lines.push(`    let c${x} := xor(xor(xor(mload(${at("src", x)}), mload(${at("src", x + 5)})), xor(mload(${at("src", x + 10)}), mload(${at("src", x + 15)}))), mload(${at("src", x + 20)}))`);
for (let x = 0; x < 5; x++) lines.push(`    d${x} := xor(c${(x + 4) % 5}, ${rotate(`c${(x + 1) % 5}`, 1)})`);
lines.push("}");
// Output row Y: B[X][Y] = rot(A[x][y] ^ D[x], r[x][y]) with X = y and Y = 2x + 3y (mod 5), so x = 3(Y − 3X) mod 5.
for (let Y = 0; Y < 5; Y++) {
  const b = [];
  for (let X = 0; X < 5; X++) {
    const y = X;
    const x = (((3 * (Y - 3 * X)) % 5) + 5) % 5;
    b.push({ lane: `xor(mload(${at("src", x + 5 * y)}), d${x})`, n: rho[x][y] });
  }
  lines.push(`{`);
  b.forEach(({ lane, n }, X) => {
    lines.push(`    let b${X} := ${lane}`);
    if (n !== 0) lines.push(`    b${X} := ${rotate(`b${X}`, n)}`);
  });
  for (let X = 0; X < 5; X++)
    lines.push(`    mstore(${at("dst", X + 5 * Y)}, xor(b${X}, and(not(b${(X + 1) % 5}), b${(X + 2) % 5})))`);
  lines.push(`}`);
}
console.log(lines.join("\n"));
