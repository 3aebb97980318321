import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { inverseNtt, ntt, q } from "../../packages/sdk/src/keys/falcon/index.js";

const { viem } = await network.create();
const mock = await viem.deployContract("FalconNTTMock");
const Q = BigInt(q);

/** n random values below `bound`. */
function randomPolynomial(n: number, bound: number): bigint[] {
  const bytes = randomBytes(4 * n);
  return Array.from({ length: n }, (_, i) => BigInt(bytes.readUInt32BE(4 * i) % bound));
}
const reduced = (values: readonly bigint[]) => values.map((value) => Number(value % Q));
const below = (values: readonly bigint[], bound: bigint) => values.every((value) => value < bound);
const power = (base: bigint, exponent: bigint): bigint => {
  let result = 1n;
  for (let b = base % Q, e = exponent; e > 0n; e >>= 1n, b = (b * b) % Q) if (e & 1n) result = (result * b) % Q;
  return result;
};

for (const n of [512, 1024]) {
  describe(`FalconNTT (n = ${n})`, () => {
    it("forward equals the plain Solidity reference and the SDK, with lanes below 4q", async () => {
      for (const bound of [q, 2 * q, 1 << 16]) {
        const input = randomPolynomial(n, bound);
        const fast = await mock.read.forward([input]);
        assert.ok(below(fast, 4n * Q));
        assert.deepEqual(reduced(fast), reduced(await mock.read.referenceForward([input])));
        assert.deepEqual(reduced(fast), Array.from(ntt(input.map(Number))));
      }
    });

    it("inverse equals the reference and n · SDK inverse, with lanes below 2q", async () => {
      for (const bound of [q, 2 * q]) {
        const input = randomPolynomial(n, bound);
        const fast = await mock.read.inverse([input]);
        assert.ok(below(fast, 2n * Q));
        const plain = await mock.read.referenceInverse([input.map((value) => value % Q)]);
        assert.deepEqual(reduced(fast), reduced(plain));
        const scaled = Array.from(inverseNtt(input.map(Number)), (value) => Number((BigInt(value) * BigInt(n)) % Q));
        assert.deepEqual(reduced(fast), scaled);
      }
    });

    it("multiplyMontgomery computes a·b/2^16 lane by lane, below 2q", async () => {
      const rInverse = power(1n << 16n, Q - 2n);
      for (const bound of [q, 4 * q]) {
        const a = randomPolynomial(n, bound);
        const b = randomPolynomial(n, q);
        const fast = await mock.read.multiplyMontgomery([a, b]);
        assert.ok(below(fast, 2n * Q));
        assert.deepEqual(reduced(fast), reduced(await mock.read.referenceMultiplyMontgomery([a, b])));
        assert.deepEqual(reduced(fast), a.map((x, i) => Number((((x * b[i]) % Q) * rInverse) % Q)));
      }
    });

    it("inverse ∘ multiply ∘ forward is the negacyclic product", async () => {
      const a = randomPolynomial(n, q);
      const b = randomPolynomial(n, q);
      // b in the NTT domain, scaled by 2^16/n as the expanded key is.
      const factor = ((1n << 16n) * power(BigInt(n), Q - 2n)) % Q;
      const bHat = Array.from(ntt(b.map(Number)), (value) => (BigInt(value) * factor) % Q);
      const [forwarded] = [await mock.read.forward([a])];
      const product = reduced(await mock.read.inverse([await mock.read.multiplyMontgomery([forwarded, bHat])]));
      const expected = new Array<bigint>(n).fill(0n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const term = a[i] * b[j];
          if (i + j < n) expected[i + j] += term;
          else expected[i + j - n] -= term;
        }
      assert.deepEqual(product, expected.map((value) => Number(((value % Q) + Q) % Q)));
      const [forwardGas, multiplyGas, inverseGas] = await mock.read.gasOf([a, bHat]);
      console.log(`    n = ${n}: forward ${forwardGas} gas, multiply ${multiplyGas} gas, inverse ${inverseGas} gas`);
    });
  });
}
