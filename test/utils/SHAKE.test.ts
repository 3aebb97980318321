import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { shake128, shake256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "viem";
import { network } from "hardhat";
import { asLanes } from "../helpers/lanes.js";

const { viem } = await network.create();
const mock = await viem.deployContract("SHAKEMock");

/** The permutation's input type: 25 lanes, which abitype spells as a 25-element tuple. */
type State = Parameters<typeof mock.read.permute>[0][0];
const toState = (lanes: bigint[]) => {
  assert.equal(lanes.length, 25);
  return lanes as unknown as State;
};
const randomLanes = () => toState(Array.from({ length: 25 }, () => BigInt(`0x${randomBytes(8).toString("hex")}`)));

describe("KeccakF1600", () => {
  it("maps the zero state to FIPS 202's known first lanes", async () => {
    const out = await mock.read.permute([toState(Array(25).fill(0n))]);
    // Keccak-f[1600] of the all-zero state (Keccak team's KeccakF-1600 intermediate values).
    assert.equal(out[0], 0xf1258f7940e1dde7n);
    assert.equal(out[1], 0x84d5ccf933c0478an);
    assert.equal(out[24], 0xeaf1ff7b5ceca249n);
  });

  it("agrees with the plain reference on random states", async () => {
    for (let i = 0; i < 12; i++) {
      const state = randomLanes();
      assert.deepEqual(await mock.read.permute([state]), await mock.read.permuteReference([state]));
    }
  });

  it("agrees with the plain reference on all-ones and alternating states", async () => {
    const ones = (1n << 64n) - 1n;
    const states = [
      Array(25).fill(ones),
      Array.from({ length: 25 }, (_, i) => (i % 2 ? ones : 0n)),
      Array.from({ length: 25 }, (_, i) => (i % 3 ? 0x5555555555555555n : 0xaaaaaaaaaaaaaaaan)),
      Array.from({ length: 25 }, (_, i) => 1n << BigInt((7 * i) % 64)),
    ].map(toState);
    for (const state of states) assert.deepEqual(await mock.read.permute([state]), await mock.read.permuteReference([state]));
  });

  it("agrees with the plain reference on one-bit states at every lane's edges (bits 0 and 63)", async () => {
    // A lane's edge bits are where its rotations wrap and where a word's two lanes meet (the third round reads lanes
    // in pairs, one per 128-bit half): a wrong copy or a bit crossing halves shows here first.
    for (let i = 0; i < 25; i++) {
      for (const bit of [0n, 63n]) {
        const state = toState(Array.from({ length: 25 }, (_, j) => (j === i ? 1n << bit : 0n)));
        assert.deepEqual(await mock.read.permute([state]), await mock.read.permuteReference([state]), `lane ${i}, bit ${bit}`);
      }
    }
  });

  it("leaves the memory it borrows as it found it", async () => {
    assert.equal(await mock.read.permutePreservesMemory(), true);
  });

  it("agrees with the plain reference and keeps memory intact with the state inside, across and above the borrowed memory", async () => {
    // From 0x80: the copy at 0xa0 + padding (rounded to words); the borrowed memory ends at KeccakF1600.BORROWED_END.
    for (const padding of [0n, 96n, 160n, 192n, 512n, 900n, 1200n]) {
      const state = randomLanes();
      const [copy, intact] = (await mock.read.permuteAfter([state, padding])) as readonly [State, boolean];
      assert.deepEqual(copy, await mock.read.permuteReference([state]), `padding ${padding}`);
      assert.equal(intact, true, `padding ${padding}`);
    }
  });

  it("is what scripts/codegen/keccak-round.mjs generates", () => {
    const generated = execFileSync(process.execPath, ["scripts/codegen/keccak-round.mjs"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    assert.equal(readFileSync("contracts/utils/KeccakF1600.sol", "utf8"), generated);
  });

  it("costs, per permutation", async () => {
    console.log(`      Keccak-f[1600]: ${await mock.read.permuteGas()} gas`);
    console.log(`      Keccak-f[1600], state above the borrowed memory: ${await mock.read.permuteGasAbove()} gas`);
  });
});

describe("SHAKE", () => {
  const lengths = [0, 1, 7, 8, 135, 136, 137, 167, 168, 169, 271, 272, 273, 335, 336, 337, 1000, 1088, ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 600))];

  // Input inside the memory the permutation borrows (SHAKE copies the whole blocks above it first), and input above
  // it, as in the verifiers.
  for (const [path, above] of [["input in the borrowed memory", false], ["input above it", true]] as const) {
    it(`SHAKE256 equals noble for inputs around the block boundaries and multi-block outputs (${path})`, async () => {
      for (const length of lengths) {
        const input = randomBytes(length);
        for (const outLen of [32, 64, 136, 300]) {
          const args = [bytesToHex(input), BigInt(outLen)] as const;
          const output = above ? await mock.read.shake256Above(args) : await mock.read.shake256(args);
          assert.equal(output, bytesToHex(shake256(input, { dkLen: outLen })), `in ${length}, out ${outLen}`);
        }
      }
    });

    it(`SHAKE128 equals noble (${path})`, async () => {
      for (const length of lengths) {
        const input = randomBytes(length);
        const args = [bytesToHex(input), 400n] as const;
        const output = above ? await mock.read.shake128Above(args) : await mock.read.shake128(args);
        assert.equal(output, bytesToHex(shake128(input, { dkLen: 400 })), `in ${length}`);
      }
    });
  }

  it("short digests (at most 64 bytes, squeezed straight from the permutation) equal noble at every length edge", async () => {
    for (const length of [0, 71, 136, 300]) {
      const input = randomBytes(length);
      for (const outLen of [1, 8, 31, 32, 33, 48, 63, 64, 65]) {
        const args = [bytesToHex(input), BigInt(outLen)] as const;
        assert.equal(await mock.read.shake256Above(args), bytesToHex(shake256(input, { dkLen: outLen })), `SHAKE256 in ${length}, out ${outLen}`);
        assert.equal(await mock.read.shake128(args), bytesToHex(shake128(input, { dkLen: outLen })), `SHAKE128 in ${length}, out ${outLen}`);
      }
    }
  });

  it("absorbAndSqueezeLanes equals noble with the blocks, the digest or both held as lanes (each 8-byte group reversed)", async () => {
    for (const length of [0, 7, 8, 135, 136, 137, 500, 832, 1088]) {
      const input = randomBytes(length);
      // SHAKE256's padding in place (0x9F where the two pad bytes meet).
      const padded = new Uint8Array((Math.floor(length / 136) + 1) * 136);
      padded.set(input);
      padded[length] = padded[length]! ^ 0x1f;
      padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
      const expected = shake256(input, { dkLen: 64 });
      for (const form of [0, 1, 2, 3]) {
        for (const outLen of [1, 32, 48, 64]) {
          const digest = await mock.read.shake256LanesForm([bytesToHex(form & 1 ? asLanes(padded) : padded), BigInt(outLen), BigInt(form)]);
          const want = (form & 2 ? asLanes(expected) : expected).subarray(0, outLen);
          assert.equal(digest, bytesToHex(want), `in ${length}, form ${form}, out ${outLen}`);
        }
      }
    }
  });

  it("squeezeLanes writes the next blocks' lanes, as SHAKE256's stream has them, and leaves the state at the last", async () => {
    const input = randomBytes(72);
    for (const count of [0n, 6n]) {
      const blocks = Number(count) + 2;
      const stream = shake256(input, { dkLen: 136 * blocks });
      const view = new DataView(stream.buffer, stream.byteOffset);
      const expected = Array.from({ length: 17 * blocks }, (_, i) => view.getBigUint64(136 * Math.floor(i / 17) + 8 * (i % 17), true));
      const [lanes, last] = (await mock.read.shake256Lanes([bytesToHex(input), count])) as readonly [readonly bigint[], bigint];
      assert.deepEqual([...lanes], expected, `count ${count}`);
      assert.equal(last, expected[17 * (blocks - 1)]);
    }
  });

  it("squeezing block by block gives the same stream as one-shot", async () => {
    const input = randomBytes(48);
    assert.equal(await mock.read.shake256Blocks([bytesToHex(input), 4n]), bytesToHex(shake256(input, { dkLen: 4 * 136 })));
  });

  it("squeeze moves on to the next block boundary", async () => {
    const input = randomBytes(100);
    for (const outLen of [0, 1, 64, 136, 137]) {
      const [head, next] = (await mock.read.shake256SqueezeThenBlock([bytesToHex(input), BigInt(outLen)])) as readonly [string, string];
      const start = Math.ceil(outLen / 136) * 136;
      const stream = shake256(input, { dkLen: start + 136 });
      assert.equal(head, bytesToHex(stream.subarray(0, outLen)), `head ${outLen}`);
      assert.equal(next, bytesToHex(stream.subarray(start)), `next ${outLen}`);
    }
  });

  it("costs, for SHAKE256 of 830 bytes", async () => {
    const input = bytesToHex(randomBytes(830));
    console.log(`      SHAKE256(830 bytes) → 64 bytes: ${await mock.read.shake256Gas([input])} gas with the input copied above the borrowed memory, ${await mock.read.shake256AboveGas([input])} with it there already`);
  });
});
