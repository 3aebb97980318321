import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { shake128, shake256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "viem";
import { network } from "hardhat";

const { viem } = await network.create();
const mock = await viem.deployContract("SHAKEMock");

const randomLanes = () => Array.from({ length: 25 }, () => BigInt(`0x${randomBytes(8).toString("hex")}`));

describe("KeccakF1600", () => {
  it("maps the zero state to FIPS 202's known first lanes", async () => {
    const out = await mock.read.permute([Array(25).fill(0n)]);
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

  it("leaves the memory it borrows as it found it", async () => {
    assert.equal(await mock.read.permutePreservesMemory(), true);
  });

  it("costs, per permutation", async () => {
    console.log(`      Keccak-f[1600]: ${await mock.read.permuteGas()} gas`);
  });
});

describe("SHAKE", () => {
  const lengths = [0, 1, 7, 8, 135, 136, 137, 167, 168, 169, 272, 1000, ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 600))];

  it("SHAKE256 equals noble for inputs around the block boundaries and multi-block outputs", async () => {
    for (const length of lengths) {
      const input = randomBytes(length);
      for (const outLen of [32, 64, 136, 300]) {
        assert.equal(await mock.read.shake256([bytesToHex(input), BigInt(outLen)]), bytesToHex(shake256(input, { dkLen: outLen })), `in ${length}, out ${outLen}`);
      }
    }
  });

  it("SHAKE128 equals noble", async () => {
    for (const length of lengths) {
      const input = randomBytes(length);
      assert.equal(await mock.read.shake128([bytesToHex(input), 400n]), bytesToHex(shake128(input, { dkLen: 400 })), `in ${length}`);
    }
  });

  it("squeezing block by block gives the same stream as one-shot", async () => {
    const input = randomBytes(48);
    assert.equal(await mock.read.shake256Blocks([bytesToHex(input), 4n]), bytesToHex(shake256(input, { dkLen: 4 * 136 })));
  });

  it("costs, for SHAKE256 of 830 bytes", async () => {
    console.log(`      SHAKE256(830 bytes) → 64 bytes: ${await mock.read.shake256Gas([bytesToHex(randomBytes(830))])} gas`);
  });
});
