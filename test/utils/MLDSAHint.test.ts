import assert from "node:assert/strict";
import { randomBytes, randomInt } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, bytesToHex } from "viem";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";

const { viem } = await network.create();
const reference = await viem.deployContract("MLDSA65ReferenceMock");

const sets = [
  { name: "MLDSA44", dsa: ml_dsa44, mock: await viem.deployContract("MLDSA44Mock"), offset: 2336, omega: 80, k: 4 },
  { name: "MLDSA65", dsa: ml_dsa65, mock: await viem.deployContract("MLDSA65Mock"), offset: 3248, omega: 55, k: 6 },
  { name: "MLDSA87", dsa: ml_dsa87, mock: await viem.deployContract("MLDSA87Mock"), offset: 4544, omega: 75, k: 8 },
] as const;

/** A well-formed hint of `weight` ones spread over k rows at random, written into `signature` (z and c̃ kept). */
function withRandomHint(signature: Uint8Array, set: (typeof sets)[number], weight: number): Uint8Array {
  const bytes = signature.slice();
  bytes.fill(0, set.offset, set.offset + set.omega + set.k);
  const rows = Array.from({ length: weight }, () => randomInt(set.k)).sort((a, b) => a - b);
  let index = 0;
  for (let row = 0; row < set.k; row++) {
    const count = rows.filter((r) => r === row).length;
    const positions = new Set<number>();
    while (positions.size < count) positions.add(randomInt(256));
    for (const position of [...positions].sort((a, b) => a - b)) bytes[set.offset + index++] = position;
    bytes[set.offset + set.omega + row] = index;
  }
  return bytes;
}

/** Mutations of a hint field that may or may not keep it well formed: the checks' edges. */
function mutations(signature: Uint8Array, set: (typeof sets)[number]): Uint8Array[] {
  const out: Uint8Array[] = [];
  const at = (bytes: Uint8Array, index: number, value: number) => {
    const copy = bytes.slice();
    copy[set.offset + index] = value;
    out.push(copy);
  };
  const count = (row: number) => signature[set.offset + set.omega + row]!;
  const total = count(set.k - 1);
  for (let index = 0; index < set.omega + set.k; index++) {
    const value = signature[set.offset + index]!;
    // Each byte one up and one down, to 0 and 255, and to its neighbours' values.
    for (const candidate of [value + 1, value - 1, 0, 255, signature[set.offset + index - 1] ?? 0, signature[set.offset + index + 1] ?? 0])
      if (candidate >= 0 && candidate <= 255 && candidate !== value) at(signature, index, candidate);
  }
  // Counts at ω and past it, and a position byte set just past the last count.
  at(signature, set.omega + set.k - 1, set.omega);
  at(signature, set.omega + set.k - 1, set.omega + 1);
  if (total < set.omega) at(signature, total, 1);
  return out;
}

describe("MLDSA hint check: _hintWellFormed against MLDSA65Reference.hintWellFormed", () => {
  for (const set of sets) {
    it(`${set.name}: honest, random, full, empty and mutated hints`, async () => {
      const { secretKey } = set.dsa.keygen(randomBytes(32));
      const honest = set.dsa.sign(randomBytes(32), secretKey);
      const cases: Uint8Array[] = [honest];
      // 31, 32 and 33 ones: the last count just before, at and after a 32-byte chunk's end (the unrolled chunks' edges).
      for (const weight of [0, 1, 31, 32, 33, set.omega, set.omega - 1, randomInt(set.omega), randomInt(set.omega)])
        cases.push(withRandomHint(honest, set, weight));
      // Every position in one row (full ω), positions 0 and 255 at row starts and ends, equal neighbours across rows.
      const edge = honest.slice();
      edge.fill(0, set.offset, set.offset + set.omega + set.k);
      for (let index = 0; index < set.omega; index++) edge[set.offset + index] = index % 2 === 0 ? 255 : 0;
      for (let row = 0; row < set.k; row++) edge[set.offset + set.omega + row] = Math.min(set.omega, row + 1);
      cases.push(edge);
      const base = cases.slice();
      for (const signature of base) cases.push(...mutations(signature, set));
      let accepted = 0;
      let gas = 0n;
      for (const signature of cases) {
        const hex: Hex = bytesToHex(signature);
        const [ok, used] = (await set.mock.read.hintWellFormed([hex])) as readonly [boolean, bigint];
        const expected = await reference.read.hintWellFormed([hex, BigInt(set.offset), BigInt(set.omega), BigInt(set.k)]);
        assert.equal(ok, expected, `${set.name} hint ${bytesToHex(signature.slice(set.offset))}`);
        if (ok) accepted++;
        if (signature === honest) gas = used;
      }
      assert.ok(accepted > base.length && accepted < cases.length, "both verdicts are exercised");
      console.log(`      ${set.name} _hintWellFormed gas (honest signature): ${gas}; ${cases.length} cases, ${accepted} well formed`);
    });
  }
});
