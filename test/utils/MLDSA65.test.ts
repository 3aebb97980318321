import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { shake256 } from "@noble/hashes/sha3.js";
import { asLanes } from "../helpers/lanes.js";

const { viem } = await network.create();
const mock65 = await viem.deployContract("MLDSA65Mock");
const mock87 = await viem.deployContract("MLDSA87Mock");
const reference = await viem.deployContract("MLDSA65ReferenceMock");

/** σ with the 20-bit z field of coefficient `index` set to `raw` (z starts after c̃, at byte `offset`). */
function withRaw(signature: Hex, offset: number, index: number, raw: number): Hex {
  const bytes = hexToBytes(signature);
  for (let b = 0; b < 20; b++) {
    const at = 8 * offset + 20 * index + b;
    bytes[at >> 3] = (bytes[at >> 3]! & ~(1 << (at & 7))) | (((raw >> b) & 1) << (at & 7));
  }
  return bytesToHex(bytes);
}

/** `bytes` (a multiple of 8 long) as little-endian lanes, as the transcript holds them. */
const lanesOf = (bytes: Hex): Hex => bytesToHex(asLanes(hexToBytes(bytes)));

const sets = [
  { name: "MLDSA65", dsa: ml_dsa65, mock: mock65, read: "decodeZ65", offset: 48, coefficients: 1280, beta: 196, hint: 3248, omega: 55, k: 6 },
  { name: "MLDSA87", dsa: ml_dsa87, mock: mock87, read: "decodeZ87", offset: 64, coefficients: 1792, beta: 120, hint: 4544, omega: 75, k: 8 },
] as const;

/**
 * FIPS 204 Algorithm 29 for ML-DSA-65 (τ = 49), written from the standard; `overlap` tells whether some accepted draw j
 * lies in [i − 3, i) with c[j] ≠ 0, where c[i] and c[j] share a packed word (the case a store order can get wrong).
 */
function sampleInBall(seed: Uint8Array): { c: bigint[]; overlap: boolean } {
  const c = new Array<bigint>(256).fill(0n);
  const xof = shake256.create().update(seed);
  const signs = xof.xof(8);
  let overlap = false;
  for (let i = 256 - 49; i < 256; i++) {
    let j = xof.xof(1)[0]!;
    while (j > i) j = xof.xof(1)[0]!;
    const bit = i + 49 - 256;
    if (j < i && j >= i - 3 && c[j] !== 0n) overlap = true;
    c[i] = c[j]!;
    c[j] = (signs[bit >> 3]! >> (bit & 7)) & 1 ? -1n : 1n;
  }
  return { c, overlap };
}

describe("MLDSA65: SampleInBall on lanes against FIPS 204", () => {
  it("gives Algorithm 29's c for random c̃, whether the first block is drawn whole or cut (the continuation)", async () => {
    // Random c̃, and c̃ that meet the shared-word case, found off-chain.
    const seeds = Array.from({ length: 32 }, () => randomBytes(3309));
    for (let found = 0; found < 8; ) {
      const signature = randomBytes(3309);
      if (sampleInBall(signature.subarray(0, 48)).overlap) {
        seeds.push(signature);
        found++;
      }
    }
    for (const [n, signature] of seeds.entries()) {
      const { c: expected } = sampleInBall(signature.subarray(0, 48));
      const firstLength = n % 4 === 0 ? BigInt(8 + ((13 * n) % 128)) : 136n;
      const [ok, c] = (await mock65.read.sampleInBall([bytesToHex(signature), firstLength])) as readonly [boolean, readonly bigint[]];
      assert.equal(ok, true);
      assert.deepEqual(c, expected, `c̃ ${n}, first ${firstLength}`);
    }
  });
});

describe("MLDSA65 / MLDSA87: z decoding against its plain reference", () => {
  for (const set of sets) {
    it(`${set.name}._decodeZ unpacks every 20-bit field as MLDSA65Reference.decodeZ does, and agrees on ‖z‖∞ at the bounds`, async () => {
      const { secretKey } = set.dsa.keygen(randomBytes(32));
      const cases: Hex[] = [];
      for (let n = 0; n < 3; n++) cases.push(bytesToHex(set.dsa.sign(randomBytes(32), secretKey)));
      const [first] = cases;
      // raw's bounds are β + 1 and 2γ1 − β − 1 (γ1 = 2^19); coefficients in the first, a middle and the last polynomial.
      const low = set.beta + 1;
      const high = 2 ** 20 - set.beta - 1;
      const last = set.coefficients - 1;
      const edges = [[0, low - 1], [1, low], [255, high], [256, high + 1], [700, 0], [last, 2 ** 20 - 1], [513, 2 ** 19], [last - 1, low], [7, high]] as const;
      for (const [index, raw] of edges) cases.push(withRaw(first!, set.offset, index, raw));
      // Random bytes: every field of every lane position, mostly out of range.
      for (let n = 0; n < 2; n++) cases.push(bytesToHex(randomBytes(hexToBytes(first!).length)));
      let gas = 0n;
      for (const signature of cases) {
        const [ok, z, used] = (await set.mock.read.decodeZ([signature])) as readonly [boolean, readonly bigint[], bigint];
        const [okReference, zReference] = (await (reference.read as any)[set.read]([signature])) as readonly [boolean, readonly bigint[]];
        assert.equal(ok, okReference);
        assert.deepEqual(z, zReference);
        gas = used;
      }
      assert.deepEqual(
        await Promise.all(cases.slice(3, 3 + edges.length).map(async (s) => (await set.mock.read.decodeZ([s]))[0])),
        [false, true, true, false, false, false, true, true, true],
      );
      console.log(`      ${set.name}._decodeZ gas: ${gas}`);
    });
  }

  for (const set of sets) {
    it(`${set.name}._useHintAndEncode gives MLDSA65Reference.useHintAndEncode's bytes, as lanes, for every row, hinted or not, at Decompose's wrap`, async () => {
      const q = 8_380_417n;
      const gamma2 = 261_888n;
      const { secretKey } = set.dsa.keygen(randomBytes(32));
      let gas = 0n;
      for (let n = 0; n < 2; n++) {
        const signature = bytesToHex(set.dsa.sign(randomBytes(32), secretKey));
        const bytes = hexToBytes(signature);
        for (let row = 0; row < set.k; row++) {
          // Lanes below 2q, as the inverse NTT leaves them, with the values around the wrap at q − 1 and 2γ2 multiples
          // (r1 = 15 → 0 and 0 → 15 under a hint, r0 = 0 exactly), also on the hinted positions.
          const w = Array.from({ length: 256 }, () => BigInt(`0x${bytesToHex(randomBytes(8)).slice(2)}`) % (2n * q));
          const edges = [0n, q - 1n, q, 2n * q - 1n, gamma2, gamma2 + 1n, 2n * gamma2, q - gamma2, q - gamma2 - 1n, q - gamma2 + 1n, q + gamma2, 2n * q - gamma2];
          edges.forEach((value, index) => (w[index * 21] = value));
          const start = row === 0 ? 0 : bytes[set.hint + set.omega + row - 1]!;
          for (let index = start; index < bytes[set.hint + set.omega + row]!; index++)
            w[bytes[set.hint + index]!] = edges[index % edges.length]!;
          const [encoded, used] = (await set.mock.read.useHintAndEncode([w, signature, BigInt(row)])) as readonly [Hex, bigint];
          const read = (reference.read as any)[set.name === "MLDSA65" ? "useHintAndEncode65" : "useHintAndEncode87"];
          // The encoding held as little-endian lanes, the transcript's form: each 8-byte group reversed.
          assert.equal(encoded, lanesOf(await read([w, signature, BigInt(row)])), `row ${row}`);
          gas = used;
        }
      }
      console.log(`      ${set.name}._useHintAndEncode gas (one row): ${gas}`);
    });

    it(`${set.name}._useHintAndEncode with ω and ω − 1 positions (0 and 255 among them) in one row, one alone and then two at a time or two at a time only, on every edge value`, async () => {
      const q = 8_380_417n;
      const gamma2 = 261_888n;
      const edges = [0n, q - 1n, q, 2n * q - 1n, gamma2, gamma2 + 1n, gamma2 - 1n, 2n * gamma2, 2n * gamma2 - 1n, q - gamma2, q - gamma2 - 1n, q - gamma2 + 1n, q + gamma2, q + gamma2 + 1n, 2n * q - gamma2, q - 2n * gamma2, q - 2n * gamma2 - 1n, q + 2n * gamma2];
      let gas = 0n;
      for (const [count, row] of [set.omega, set.omega - 1].flatMap((count) => [[count, 0], [count, set.k - 1]])) {
        const bytes = new Uint8Array(set.hint + set.omega + set.k);
        // `count` distinct positions, increasing: 0, 255 and count − 2 spread between them, all in `row` (ω is odd: an odd
        // count takes one alone first).
        const positions = [0, ...Array.from({ length: count - 2 }, (_, n) => 1 + Math.floor((n * 253) / (count - 2))), 255];
        positions.forEach((position, index) => (bytes[set.hint + index] = position));
        for (let r = 0; r < set.k; r++) bytes[set.hint + set.omega + r] = r < row ? 0 : count;
        const signature = bytesToHex(bytes);
        for (let n = 0; n < 3; n++) {
          const w = Array.from({ length: 256 }, () => BigInt(`0x${bytesToHex(randomBytes(8)).slice(2)}`) % (2n * q));
          positions.forEach((position, index) => (w[position] = edges[(index + n * 7) % edges.length]!));
          const [encoded, used] = (await set.mock.read.useHintAndEncode([w, signature, BigInt(row)])) as readonly [Hex, bigint];
          const read = (reference.read as any)[set.name === "MLDSA65" ? "useHintAndEncode65" : "useHintAndEncode87"];
          assert.equal(encoded, lanesOf(await read([w, signature, BigInt(row)])), `${count} positions, row ${row}`);
          gas = used;
        }
      }
      console.log(`      ${set.name}._useHintAndEncode gas (one row, ω − 1 positions): ${gas}`);
    });
  }
});
