import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { inverseNtt, ntt } from "@pq4337/sdk/mldsa65";

const { viem } = await network.create();
const mock = await viem.deployContract("MLDSA65NTTMock");
const q = 8_380_417n;

// uint256[256] is too long a tuple for viem's ABI types to infer; the mock returns 256 integers.
type Polynomial = readonly bigint[];
const forward = async (input: Polynomial) => (await mock.read.ntt([input])) as Polynomial;
const inverse = async (input: Polynomial) => (await mock.read.invNtt([input])) as Polynomial;

/** 256 random values below `bound`. */
function randomPolynomial(bound: bigint): bigint[] {
  return Array.from({ length: 256 }, () => BigInt(`0x${randomBytes(16).toString("hex")}`) % bound);
}
const reduced = (values: Polynomial) => values.map((value) => value % q);
const toNumbers = (values: Polynomial) => values.map(Number);

describe("MLDSA65NTT", () => {
  it("forward NTT equals the plain Solidity reference and the SDK on random inputs", async () => {
    for (const bound of [q, 1n << 27n, 1n << 64n]) {
      for (let round = 0; round < 3; round++) {
        const input = randomPolynomial(bound);
        const fast = await forward(input);
        const plain = (await mock.read.referenceNtt([input])) as Polynomial;
        assert.deepEqual(fast, plain);
        assert.deepEqual(toNumbers(fast), Array.from(ntt(toNumbers(reduced(input)))));
      }
    }
  });

  it("inverse NTT equals the plain Solidity reference and the SDK on random inputs, reduced to [0, q)", async () => {
    for (const bound of [q, 1n << 53n, 1n << 64n]) {
      for (let round = 0; round < 3; round++) {
        const input = randomPolynomial(bound);
        const fast = await inverse(input);
        const plain = (await mock.read.referenceInvNtt([input])) as Polynomial;
        assert.deepEqual(fast, plain);
        assert.deepEqual(toNumbers(fast), Array.from(inverseNtt(toNumbers(reduced(input)))));
        assert.ok(fast.every((value) => value < q));
      }
    }
  });

  it("inverse NTT undoes the forward NTT", async () => {
    const input = randomPolynomial(q);
    assert.deepEqual(await inverse(await forward(input)), input);
  });

  it("reports the gas of one transform each way", async () => {
    const [forwardGas, inverseGas] = (await mock.read.gasOf([randomPolynomial(1n << 27n)])) as readonly [bigint, bigint];
    console.log(`      gas: ntt ${forwardGas}, invNtt ${inverseGas}`);
    assert.ok(forwardGas < 120_000n && inverseGas < 120_000n);
  });
});
