import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { bytesToHex } from "viem";
import { shake256 } from "@noble/hashes/sha3.js";

const { viem } = await network.create();
const mock = await viem.deployContract("MLDSASampleInBallMock");

const sets = [
  { set: 44n, tau: 39, cTildeBytes: 32 },
  { set: 65n, tau: 49, cTildeBytes: 48 },
  { set: 87n, tau: 60, cTildeBytes: 64 },
] as const;

/**
 * The cases of FIPS 204 Algorithm 29 that a packed store order can get wrong, for c̃ = `seed`: a draw j = i, a draw
 * j in [i − 3, i) (c[j] and c[i] share a packed word), such a draw at i > 252 (its word reaches past the
 * polynomial). And the cases of the runs' exit (a byte 255 reads as a run's end, see {MLDSA44-_sampleLanes}): a 255
 * drawn below position 254, such a 255 as the last byte of its lane, a 255 drawn at position 254. (A c̃ whose draws
 * need a second block is not findable: see {MLDSA44-_sampleInBall}.)
 */
function cases(seed: Uint8Array, tau: number) {
  const stream = shake256(seed, { dkLen: 136 });
  const found = { same: false, shared: false, sharedPast: false, exitByte: false, exitByteLaneEnd: false, exitByteAt254: false };
  let k = 8;
  for (let i = 256 - tau; i < 256; i++) {
    let j = stream[k++]!;
    while (j > i) {
      if (j === 255 && i < 254) {
        found.exitByte = true;
        if (k % 8 === 0) found.exitByteLaneEnd = true;
      }
      if (j === 255 && i === 254) found.exitByteAt254 = true;
      j = stream[k++]!;
    }
    if (j === i) found.same = true;
    if (j < i && j >= i - 3) {
      found.shared = true;
      if (i > 252) found.sharedPast = true;
    }
  }
  return found;
}

describe("MLDSA44/65/87: SampleInBall against its plain reference", () => {
  for (const { set, tau, cTildeBytes } of sets) {
    it(`MLDSA${set}._sampleInBall gives MLDSASampleInBallReference's c (τ = ${tau}), drawn whole or cut (the continuation)`, async () => {
      // Random c̃, the two constant ones, and c̃ found off-chain that meet each case of {cases}.
      const seeds: Uint8Array[] = Array.from({ length: 6 }, () => randomBytes(cTildeBytes));
      seeds.push(new Uint8Array(cTildeBytes), new Uint8Array(cTildeBytes).fill(0xff));
      for (const want of ["same", "shared", "sharedPast", "exitByte", "exitByteLaneEnd", "exitByteAt254"] as const) {
        for (let found = 0; found < 2; ) {
          const seed = randomBytes(cTildeBytes);
          if (cases(seed, tau)[want]) {
            seeds.push(seed);
            found++;
          }
        }
      }
      for (const [n, seed] of seeds.entries()) {
        // abitype leaves int256[256] unknown: the results are cast.
        const expected = (await mock.read.referenceSampleInBall([bytesToHex(seed), BigInt(tau)])) as readonly bigint[];
        assert.equal(expected.filter((x) => x !== 0n).length, tau);
        for (const firstLength of [136n, BigInt(8 + ((29 * n) % 128)), 8n]) {
          const [ok, c] = (await mock.read.sampleInBall([set, bytesToHex(seed), firstLength])) as readonly [boolean, readonly bigint[], bigint];
          assert.equal(ok, true);
          assert.deepEqual(c, expected, `c̃ ${bytesToHex(seed)}, first ${firstLength}`);
        }
      }
    });
  }
});
