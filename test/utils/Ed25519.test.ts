import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, concatHex, hexToBigInt, hexToBytes, slice } from "viem";
import { network } from "hardhat";
import { L, SMALL_ORDER_POINTS, littleEndian, verifyCofactorless } from "../helpers/ed25519.js";

const { viem } = await network.create();
const mock = await viem.deployContract("Ed25519Mock");

type Vector = { name: string; secretKey: string; publicKey: string; message: string; signature: string };
const vectors: Vector[] = JSON.parse(readFileSync(new URL("../fixtures/ed25519-rfc8032.json", import.meta.url), "utf8"));

const verify = (publicKey: Hex, message: Hex, signature: Hex) =>
  mock.read.verify([publicKey, slice(signature, 0, 32), slice(signature, 32, 64), message]);
const hex = (s: string): Hex => `0x${s}`;

describe("SHA512", () => {
  it("SHA512Compress is what scripts/codegen/sha512-compress.mjs generates", () => {
    const generated = execFileSync(process.execPath, ["scripts/codegen/sha512-compress.mjs"], { encoding: "utf8" });
    assert.equal(generated, readFileSync(new URL("../../contracts/utils/SHA512Compress.sol", import.meta.url), "utf8"));
  });

  it("matches its plain-Solidity reference and noble's SHA-512 on every length from 0 to 260 bytes (all padding cases) and FIPS 180-4's 'abc'", async () => {
    const abc = bytesToHex(new TextEncoder().encode("abc"));
    const digest = "0xddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
    assert.equal(await mock.read.sha512([abc]), digest);
    assert.equal(await mock.read.sha512Reference([abc]), digest);
    const data = randomBytes(260);
    for (let n = 0; n <= 260; n++) {
      const input = bytesToHex(data.subarray(0, n));
      const expected = bytesToHex(sha512(data.subarray(0, n)));
      assert.equal(await mock.read.sha512([input]), expected, `length ${n}`);
      assert.equal(await mock.read.sha512Reference([input]), expected, `reference, length ${n}`);
    }
  });

  it("matches on words with every bit set, where a missed 64-bit mask would carry, and costs a fraction of the reference", async () => {
    for (const input of [bytesToHex(new Uint8Array(128).fill(0xff)), bytesToHex(new Uint8Array(300).fill(0xff))])
      assert.equal(await mock.read.sha512([input]), bytesToHex(sha512(hexToBytes(input))));
    const block = bytesToHex(randomBytes(96));
    const [assembly, reference] = [await mock.read.sha512Gas([block, false]), await mock.read.sha512Gas([block, true])];
    console.log(`      SHA-512 of one block (96 bytes, as Ed25519Verifier hashes R ‖ A ‖ hash): ${assembly} gas, reference ${reference}`);
    assert.ok(assembly * 3n < reference, `${assembly} vs ${reference}`);
  });
});

describe("Ed25519 point routines in assembly", () => {
  const P = 2n ** 255n - 19n;
  const field = () => hexToBigInt(bytesToHex(randomBytes(32))) % P;
  const edges = [0n, 1n, 2n, P - 1n, P - 2n];
  const coordinates = (): [bigint, bigint, bigint, bigint] => [0, 1, 2, 3].map(() => (Math.random() < 0.2 ? edges[Math.floor(Math.random() * edges.length)]! : field())) as never;

  it("double and addCached (add and subtract) equal their plain-Solidity references on random and edge coordinates", async () => {
    for (let i = 0; i < 40; i++) {
      const q = coordinates();
      const [doubled, doubledReference] = await mock.read.double([q]);
      assert.deepEqual(doubled, doubledReference, `double ${q}`);
      const c = coordinates();
      for (const subtract of [false, true]) {
        const [sum, sumReference] = await mock.read.addCached([q, c, subtract]);
        assert.deepEqual(sum, sumReference, `addCached ${q} ${c} ${subtract}`);
      }
    }
  });
});

describe("Ed25519 double-scalar multiplication in assembly", () => {
  const P = 2n ** 255n - 19n;
  const modPow = (base: bigint, exponent: bigint): bigint => {
    let result = 1n;
    for (let b = base % P, e = exponent; e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) result = (result * b) % P;
    return result;
  };
  const affine = ([x, y, z]: readonly bigint[]) => {
    const inverse = modPow(z!, P - 2n);
    return [(x! * inverse) % P, (y! * inverse) % P];
  };
  const scalar = () => hexToBigInt(bytesToHex(randomBytes(32))) % L;

  it("[s]B − [k]A equals its plain-Solidity reference and noble's, for random scalars and keys, and for s, k = 0, 1, L − 1", async () => {
    const cases: [bigint, bigint][] = Array.from({ length: 8 }, () => [scalar(), scalar()]);
    cases.push([0n, 0n], [1n, 0n], [0n, 1n], [L - 1n, L - 1n], [1n, L - 1n]);
    let gas = 0n;
    let plainGas = 0n;
    for (const [s, k] of cases) {
      const a = ed25519.Point.BASE.multiply(scalar() || 1n);
      const { x, y } = a.toAffine();
      const [q, plain, used, plainUsed] = await mock.read.doubleScalarMul([s, k, x, y]);
      const expected = ed25519.Point.BASE.multiplyUnsafe(s).subtract(a.multiplyUnsafe(k)).toAffine();
      assert.deepEqual(affine(q), [expected.x, expected.y], `s = ${s}, k = ${k}`);
      assert.deepEqual(affine(plain), [expected.x, expected.y], `reference, s = ${s}, k = ${k}`);
      // T = XY/Z holds for the extended coordinates the routine returns.
      assert.equal((q[3] * q[2]) % P, (q[0] * q[1]) % P);
      gas += used;
      plainGas += plainUsed;
    }
    console.log(`      [s]B − [k]A: ${gas / BigInt(cases.length)} gas on average, reference ${plainGas / BigInt(cases.length)}`);
  });
});

describe("Ed25519.wnaf", () => {
  it("recodes random scalars below 2^253 into valid width-w NAFs that sum to the scalar, as its reference does (w = 5, 8, 10)", async () => {
    for (const w of [5n, 8n, 10n]) {
      for (let i = 0; i < 10; i++) {
        // Random scalars, and ones of all-ones bits, where every digit is negative and carries run longest.
        const k = i === 0 ? 2n ** 253n - 1n : hexToBigInt(bytesToHex(randomBytes(32))) >> 3n;
        // abitype leaves a 256-element tuple untyped.
        const digits = (await mock.read.wnaf([k, w])) as readonly bigint[];
        assert.deepEqual(digits, await mock.read.wnafReference([k, w]), `reference, k = ${k}`);
        let sum = 0n;
        let lastNonzero = -1000;
        digits.forEach((d, j) => {
          if (d === 0n) return;
          assert.equal(d & 1n, 1n, "odd digit");
          assert.ok(d < 2n ** (w - 1n) && d > -(2n ** (w - 1n)), "digit range");
          assert.ok(j - lastNonzero >= Number(w), "nonzero digits at least w apart");
          lastNonzero = j;
          sum += d << BigInt(j);
        });
        assert.equal(sum, k);
      }
    }
  });
});

describe("Ed25519 (the library, messages of any length)", () => {
  it("accepts every RFC 8032 §7.1 test vector (0, 1, 2, 1023 and 64-byte messages)", async () => {
    for (const v of vectors) {
      // The fixture checks itself: noble derives the same key and signature from the secret key.
      const secretKey = hexToBytes(hex(v.secretKey));
      assert.equal(bytesToHex(ed25519.getPublicKey(secretKey)), hex(v.publicKey), v.name);
      assert.equal(bytesToHex(ed25519.sign(hexToBytes(hex(v.message)), secretKey)), hex(v.signature), v.name);
      assert.equal(await verify(hex(v.publicKey), hex(v.message), hex(v.signature)), true, v.name);
    }
  });

  it("accepts noble signatures of random messages of random lengths under random keys", async () => {
    for (let i = 0; i < 6; i++) {
      const { secretKey, publicKey } = ed25519.keygen();
      const message = randomBytes(Math.floor(Math.random() * 300));
      const signature = ed25519.sign(message, secretKey);
      assert.equal(await verify(bytesToHex(publicKey), bytesToHex(message), bytesToHex(signature)), true);
    }
  });

  it("rejects a flipped bit in the message and S + L", async () => {
    const v = vectors[2];
    assert.equal(await verify(hex(v.publicKey), "0xaf83", hex(v.signature)), false);
    const s = hexToBigInt(littleEndian(hexToBigInt(slice(hex(v.signature), 32, 64))));
    assert.equal(await verify(hex(v.publicKey), hex(v.message), concatHex([slice(hex(v.signature), 0, 32), littleEndian(s + L)])), false);
  });

  it("gives the cofactorless verdict of the TypeScript reference for small-order A and R", async () => {
    const message = "0x6d657373616765" as Hex;
    const s = BigInt(`0x${randomBytes(31).toString("hex")}`);
    const sB = ed25519.Point.BASE.multiply(s);
    let accepted = 0;
    for (const a of SMALL_ORDER_POINTS) {
      for (const r of [...SMALL_ORDER_POINTS, `0x${sB.toHex()}` as Hex]) {
        for (const sEnc of [littleEndian(0n), littleEndian(s)]) {
          const signature = concatHex([r, sEnc]);
          const expected = verifyCofactorless(a, message, signature);
          accepted += expected ? 1 : 0;
          assert.equal(await verify(a, message, signature), expected, `A ${a} R ${r} S ${sEnc}`);
        }
      }
    }
    // At least: A = identity with R = [S]B (any S), and R = identity with S = 0, are accepted by the equation.
    assert.ok(accepted >= 2);
  });
});
