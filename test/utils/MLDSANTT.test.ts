import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { network } from "hardhat";
import { type Hex, getContractAddress, keccak256, sliceHex } from "viem";
import { getPQ4337Addresses } from "@pq4337/sdk";
import { inverseNtt, ntt } from "@pq4337/sdk/mldsa65";
import { inverseNttCode } from "../../scripts/inverse-ntt-code.mjs";
import { inverseNttLookAlike } from "../helpers/inverseNttPredeploy.js";

const { viem, provider } = await network.create();
const mock = await viem.deployContract("MLDSANTTMock");
const publicClient = await viem.getPublicClient();
const q = 8_380_417n;

// uint256[256] is too long a tuple for viem's ABI types to infer; the mock returns 256 integers.
type Polynomial = readonly bigint[];
const forward = async (input: Polynomial) => (await mock.read.ntt([input])) as readonly [Polynomial, bigint];
const inversePairs = async (input: Polynomial, cross: Polynomial) => (await mock.read.invNttPairs([input, cross])) as Polynomial;
/**
 * The inverse's input bound (every 64-bit field of a pair word below it): the products are sums of at most 8 products of
 * a uint32 and a lane below 2^28 (ML-DSA-87's l + 1 columns), the largest being `productsMax`.
 */
const pairsBound = (1n << 63n) - (1n << 32n);
const productsMax = 8n * ((1n << 32n) - 1n) * ((1n << 28n) - 1n);

/** 256 random values below `bound`. */
function randomPolynomial(bound: bigint): bigint[] {
  return Array.from({ length: 256 }, () => BigInt(`0x${randomBytes(16).toString("hex")}`) % bound);
}
/** 256 values, each 0 or `max` at random: every sign pattern of the in-word butterflies' differences. */
const zeroOrMax = (max: bigint) => Array.from({ length: 256 }, () => (randomBytes(1)[0] & 1 ? max : 0n));
/** `max` at odd coefficients, 0 at even ones: the largest differences in the in-word butterflies. */
const alternating = (max: bigint) => Array.from({ length: 256 }, (_, index) => (index % 2 === 1 ? max : 0n));
/** `max` at coefficients 4k + `lane` (one lane of every word), 0 elsewhere. */
const laneOnly = (max: bigint, lane: number) => Array.from({ length: 256 }, (_, index) => (index % 4 === lane ? max : 0n));
const reduced = (values: Polynomial) => values.map((value) => value % q);
const toNumbers = (values: Polynomial) => values.map(Number);

describe("MLDSANTT", () => {
  it("forward NTT equals the plain Solidity reference and the SDK on random inputs, lanes below 2^28", async () => {
    // Inputs up to the library's bound 2^24, and its extremes: every lane at the bound − 1, at q − 1, zero, and the bound
    // − 1 at odd or at even coefficients only (the longest chains of subtractions meet the largest products).
    const top = (1n << 24n) - 1n;
    const extremes = [
      Array<bigint>(256).fill(top),
      Array<bigint>(256).fill(q - 1n),
      Array<bigint>(256).fill(0n),
      alternating(top),
      alternating(top).map((value) => top - value),
      // The bound − 1 at coefficients 4k + j only, for each j (one lane of every word).
      ...[0, 1, 2, 3].map((lane) => laneOnly(top, lane)),
      // The bound − 1 at coefficients 16m..16m + 15 only (word m of each of pass 1's sixteen-word groups), or everywhere
      // but there, for each m, and at random coefficients: every chain of subtractions of pass 1 (word 0's, the
      // longest, carries every output of the pass) meets the largest products.
      ...Array.from({ length: 16 }, (_, m) => Array.from({ length: 256 }, (_, index) => (index >> 4 === m ? top : 0n))),
      ...Array.from({ length: 16 }, (_, m) => Array.from({ length: 256 }, (_, index) => (index >> 4 === m ? 0n : top))),
      zeroOrMax(top),
      zeroOrMax(top),
    ];
    for (const input of [...[q, 1n << 24n].flatMap((bound) => [0, 1, 2].map(() => randomPolynomial(bound))), ...extremes]) {
      const [fast, maxLane] = await forward(input);
      const plain = (await mock.read.referenceNtt([input])) as Polynomial;
      assert.deepEqual(fast, plain);
      assert.deepEqual(toNumbers(fast), Array.from(ntt(toNumbers(reduced(input)))));
      assert.ok(maxLane < 1n << 28n);
    }
  });

  it("inverse NTT from pair products equals the reference up to the input bound, whatever the cross terms hold", async () => {
    // The products' largest value and the bound - 1 everywhere, alone, at odd coefficients and at random ones (every
    // sign of the lane-parallel differences), q - 1 everywhere and in alternate halves (the largest sums reaching the
    // last layer's scaling by 256^-1) or quarters, and zero; the cross terms (the middle fields) random, zero or at the
    // bound - 1.
    const top = pairsBound - 1n;
    const inputs = [
      Array<bigint>(256).fill(top),
      Array<bigint>(256).fill(productsMax),
      Array<bigint>(256).fill(0n),
      alternating(top),
      alternating(top).map((value) => top - value),
      zeroOrMax(top),
      zeroOrMax(top),
      Array<bigint>(256).fill(q - 1n),
      Array.from({ length: 256 }, (_, index) => (index < 128 ? q - 1n : 0n)),
      // q - 1 in the second and fourth quarters only, or in the first and third: the largest and the smallest differences
      // (P, R) of the radix-4 step that runs the last two layers.
      Array.from({ length: 256 }, (_, index) => ((index >> 6) & 1 ? q - 1n : 0n)),
      Array.from({ length: 256 }, (_, index) => ((index >> 6) & 1 ? 0n : q - 1n)),
      // The bound - 1 at coefficients 4k + j only, for each j, and 0 there with the bound - 1 elsewhere: each field of the
      // pair words alone at its extreme, so each of the in-word stage's sums and differences meets its bound.
      ...[0, 1, 2, 3].flatMap((lane) => [laneOnly(top, lane), laneOnly(top, lane).map((value) => top - value)]),
      ...[q, 1n << 62n, pairsBound].flatMap((bound) => [0, 1].map(() => randomPolynomial(bound))),
    ];
    const crosses = [randomPolynomial(pairsBound), Array<bigint>(256).fill(0n), Array<bigint>(256).fill(top), zeroOrMax(top)];
    for (const [index, input] of inputs.entries()) {
      const fast = await inversePairs(input, crosses[index % crosses.length]);
      const plain = (await mock.read.referenceInvNtt([input])) as Polynomial;
      assert.ok(fast.every((value) => value < 2n * q));
      assert.deepEqual(reduced(fast), plain);
      assert.deepEqual(toNumbers(reduced(fast)), Array.from(inverseNtt(toNumbers(reduced(input)))));
    }
    assert.ok(productsMax < pairsBound);
  });

  it("inverse NTT undoes the forward NTT", async () => {
    const input = randomPolynomial(q);
    const [transformed] = await forward(input);
    assert.deepEqual(reduced(await inversePairs(transformed, Array<bigint>(256).fill(0n))), input);
  });

  it("reports the gas of one transform each way", async () => {
    const [forwardGas, inverseGas] = (await mock.read.gasOf([randomPolynomial(1n << 24n)])) as readonly [bigint, bigint];
    console.log(`      gas: ntt ${forwardGas}, inverse (a warm call) ${inverseGas}`);
    assert.ok(forwardGas < 60_000n && inverseGas < 60_000n);
  });
});

describe("MLDSAInverseNTT", () => {
  const { address, initCode, runtimeCode } = inverseNttCode();
  const setCode = (code: Hex) => provider.request({ method: "hardhat_setCode", params: [address, code] });

  it("is the file its generator writes", async () => {
    await promisify(execFile)(process.execPath, ["scripts/codegen/mldsa-inverse-ntt.mjs", "--check"], { cwd: new URL("../..", import.meta.url).pathname });
  });

  it("lives where the CREATE2 deployer puts its creation code with pq4337's salt, with the code hash the verifiers check", async () => {
    const [deployment, codeHash] = (await mock.read.inverseDeployment()) as readonly [Hex, Hex];
    assert.equal(deployment, address);
    assert.equal(getContractAddress({ opcode: "CREATE2", from: "0x4e59b44847b379578588920cA78FbF26c0B4956C", salt: `0x${"00".repeat(32)}`, bytecode: initCode }), deployment);
    assert.equal(getPQ4337Addresses().mldsaInverseNtt, deployment);
    // Running the creation code returns the runtime code: the code at the address on this chain, of that hash, under EIP-170.
    const created = (await provider.request({ method: "eth_call", params: [{ data: initCode }, "latest"] })) as Hex;
    assert.equal(created, runtimeCode);
    assert.equal(await publicClient.getCode({ address }), runtimeCode);
    assert.equal(keccak256(created), codeHash);
    assert.equal(sliceHex(initCode, 10), created);
    assert.ok((created.length - 2) / 2 <= 24_576);
  });

  it("is refused where its address holds no code or other code, and a call to no code is not taken for a result", async () => {
    const input = randomPolynomial(q);
    try {
      for (const code of ["0x", inverseNttLookAlike] as const) {
        await setCode(code);
        await assert.rejects(mock.read.requireInverseDeployed(), /MLDSAInverseNTTNotDeployed/);
        await assert.rejects(mock.read.invNttPairs([input, Array<bigint>(256).fill(0n)]), /MLDSAInverseNTTNotDeployed/);
      }
      await setCode("0x");
      await assert.rejects(mock.read.transformUnchecked([input]));
    } finally {
      await setCode(runtimeCode);
    }
    await mock.read.requireInverseDeployed();
    assert.deepEqual(reduced((await mock.read.transformUnchecked([input])) as Polynomial), (await mock.read.referenceInvNtt([input])) as Polynomial);
  });
});
