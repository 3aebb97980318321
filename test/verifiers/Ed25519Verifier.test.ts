import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, concatHex, hexToBigInt, hexToBytes, keccak256, numberToHex, size, slice, toHex } from "viem";
import { readFileSync } from "node:fs";
import { network } from "hardhat";
import { L, P, SMALL_ORDER_POINTS, littleEndian } from "../helpers/ed25519.js";

const { viem } = await network.create();
const publicClient = await viem.getPublicClient();
const verifier = await viem.deployContract("Ed25519Verifier");
const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";

const verify = (key: Hex, hash: Hex, signature: Hex) => verifier.read.verify([key, hash, signature]);

function signed(hash: Hex) {
  const { secretKey, publicKey } = ed25519.keygen();
  const signature = ed25519.sign(Buffer.from(hash.slice(2), "hex"), secretKey);
  return { key: bytesToHex(publicKey), signature: bytesToHex(signature) };
}

/** `value` with bit `bit` (0 = least significant of the first byte) flipped. */
function flipBit(value: Hex, bit: number): Hex {
  const bytes = Buffer.from(value.slice(2), "hex");
  bytes[bit >> 3] ^= 1 << (bit & 7);
  return bytesToHex(bytes);
}

describe("Ed25519Verifier", () => {
  it("keeps the signed odd multiples of B and [2^128]B (w = 8, 128 each, indexed by digit residue) in cached affine form in its table contract, whose first byte halts", async () => {
    const code = (await publicClient.getCode({ address: await verifier.read.baseTable() }))!;
    const d2 = (2n * ed25519.Point.CURVE().d) % P;
    const reduced = (n: bigint) => ((n % P) + P) % P;
    const words: bigint[] = [];
    for (const base of [ed25519.Point.BASE, ed25519.Point.BASE.multiply(2n ** 128n)]) {
      for (let j = 0; j < 128; j++) {
        // Entry j is [d]base for the residue r = 2j + 1 of a width-8 digit d: d = r below 128, r − 256 above.
        const digit = j < 64 ? 2 * j + 1 : 2 * j + 1 - 256;
        const point = digit > 0 ? base.multiply(BigInt(digit)) : base.multiply(BigInt(-digit)).negate();
        const { x, y } = point.toAffine();
        words.push(reduced(y - x), reduced(y + x), reduced(d2 * x * y));
      }
    }
    assert.equal(size(code), 24_576);
    // The first word may be stored plus p (the library only multiplies by it mod p): its first byte must halt.
    const first = hexToBigInt(slice(code, 0, 32));
    assert.equal(first % P, words[0]);
    assert.ok(first >> 248n === 0n || first >> 255n === 1n, "a call to the table would run its first bytes as code");
    assert.equal(slice(code, 32), `0x${words.slice(1).map((w) => numberToHex(w, { size: 32 }).slice(2)).join("")}`);
  });

  it("accepts noble signatures of random 32-byte hashes under random keys", async () => {
    for (let i = 0; i < 8; i++) {
      const hash = keccak256(toHex(`message ${i}`));
      const { key, signature } = signed(hash);
      assert.equal(await verify(key, hash, signature), MAGIC);
    }
  });

  it("rejects a flipped bit in R, S, A and the hash (one bit in each byte, every bit position)", async () => {
    const hash = bytesToHex(randomBytes(32));
    const { key, signature } = signed(hash);
    const r = slice(signature, 0, 32);
    const s = slice(signature, 32, 64);
    for (let byte = 0; byte < 32; byte++) {
      const bit = 8 * byte + (byte % 8);
      assert.equal(await verify(key, hash, concatHex([flipBit(r, bit), s])), FAILURE, `R bit ${bit}`);
      assert.equal(await verify(key, hash, concatHex([r, flipBit(s, bit)])), FAILURE, `S bit ${bit}`);
      assert.equal(await verify(flipBit(key, bit), hash, signature), FAILURE, `A bit ${bit}`);
      assert.equal(await verify(key, flipBit(hash, bit), signature), FAILURE, `hash bit ${bit}`);
    }
  });

  it("verifyMessage accepts the RFC 8032 vectors' messages of any length and agrees with verify on 32-byte ones", async () => {
    const vectors = JSON.parse(readFileSync(new URL("../fixtures/ed25519-rfc8032.json", import.meta.url), "utf8")) as { publicKey: string; message: string; signature: string }[];
    for (const { publicKey, message, signature } of vectors) {
      const [key, data, sig] = [`0x${publicKey}`, `0x${message}`, `0x${signature}`] as Hex[];
      assert.equal(await verifier.read.verifyMessage([key, data, sig]), true, `${message.length / 2}-byte message`);
      assert.equal(await verifier.read.verifyMessage([key, concatHex([data, "0x00"]), sig]), false, "a byte appended");
      assert.equal(await verifier.read.verifyMessage([key, data, flipBit(sig, 3)]), false, "a bit of R flipped");
      assert.equal(await verifier.read.verifyMessage([slice(key, 1), data, sig]), false, "a 31-byte key");
    }
    const hash = keccak256(toHex("32 bytes"));
    const { key, signature } = signed(hash);
    assert.equal(await verifier.read.verifyMessage([key, hash, signature]), true);
    assert.equal(await verify(key, hash, signature), MAGIC);
  });

  it("rejects S + L, the malleable twin a verifier without the S < L check would accept", async () => {
    const hash = bytesToHex(randomBytes(32));
    const { key, signature } = signed(hash);
    const s = hexToBigInt(littleEndian(hexToBigInt(slice(signature, 32, 64))));
    assert.equal(await verify(key, hash, concatHex([slice(signature, 0, 32), littleEndian(s + L)])), FAILURE);
  });

  it("rejects every small-order A even where the equation holds; accepts the identity as R where it holds, not its non-canonical encodings", async () => {
    const hash = bytesToHex(randomBytes(32));
    const identity = SMALL_ORDER_POINTS[0]!;
    const s = BigInt(`0x${randomBytes(31).toString("hex")}`);
    const sB = `0x${ed25519.Point.BASE.multiply(s).toHex()}` as Hex;
    // A = identity: [8]([S]B − R − [k]A) = O for R = [S]B, any S and any message; refused, as keyId refuses the key.
    for (const a of SMALL_ORDER_POINTS) assert.equal(await verify(a, hash, concatHex([sB, littleEndian(s)])), FAILURE, a);
    // R = identity with S = k·secret: a valid signature whose R is O, accepted as 32 bytes y = 1 only.
    const secret = hexToBigInt(bytesToHex(randomBytes(32))) % L;
    const key = bytesToHex(ed25519.Point.BASE.multiply(secret).toBytes());
    const withR = (r: Hex) => {
      const k = hexToBigInt(bytesToHex(sha512(hexToBytes(concatHex([r, key, hash]))).reverse())) % L;
      return concatHex([r, littleEndian((k * secret) % L)]);
    };
    assert.equal(await verify(key, hash, withR(identity)), MAGIC);
    // The same point with y = p + 1 (≥ p), and as y = 1 with the sign bit set (x = 0 is not negative).
    assert.equal(await verify(key, hash, withR(littleEndian(P + 1n))), FAILURE);
    assert.equal(await verify(key, hash, withR(littleEndian(1n + (1n << 255n)))), FAILURE);
    // The points (±√−1, 0) of order 4 with y = 0 written as p, both signs (only y < 19 has a second encoding).
    assert.equal(await verify(littleEndian(P), hash, concatHex([sB, littleEndian(s)])), FAILURE);
    assert.equal(await verify(littleEndian(P + (1n << 255n)), hash, concatHex([sB, littleEndian(s)])), FAILURE);
  });

  it("rejects a key that is not on the curve", async () => {
    const hash = bytesToHex(randomBytes(32));
    const { signature } = signed(hash);
    let offCurve: Hex | undefined;
    for (let y = 2n; !offCurve; y++) {
      try {
        ed25519.Point.fromHex(littleEndian(y).slice(2));
      } catch {
        offCurve = littleEndian(y);
      }
    }
    assert.equal(await verify(offCurve, hash, signature), FAILURE);
    await assert.rejects(verifier.read.keyId([offCurve]));
  });

  it("rejects wrong key and signature lengths", async () => {
    const hash = bytesToHex(randomBytes(32));
    const { key, signature } = signed(hash);
    assert.equal(await verify(key, hash, signature), MAGIC);
    for (const bad of [slice(signature, 0, 63), concatHex([signature, "0x00"]), "0x" as Hex]) {
      assert.equal(await verify(key, hash, bad), FAILURE);
    }
    for (const bad of [slice(key, 0, 31), concatHex([key, "0x00"]), "0x" as Hex]) {
      assert.equal(await verify(bad, hash, signature), FAILURE);
    }
  });

  it("names a key by its 32 bytes and refuses non-canonical, off-length and small-order keys", async () => {
    const { key } = signed(bytesToHex(randomBytes(32)));
    assert.equal(await verifier.read.keyId([key]), key);
    for (const bad of [slice(key, 0, 31), concatHex([key, "0x00"]), littleEndian(P + 1n), ...SMALL_ORDER_POINTS]) {
      await assert.rejects(verifier.read.keyId([bad]), /ERC7913NonCanonicalKey/, bad);
    }
  });

  it("refuses a key with a torsion component, A + T for each of the eight points T of order dividing 8, and accepts A", async () => {
    // RFC 8032 keys are [a]B, in the prime-order subgroup. A + T verifies every signature of a under the cofactored
    // equation, so without this check one secret would be eight different keys.
    for (let i = 0; i < 4; i++) {
      const A = ed25519.Point.fromHex(signed(bytesToHex(randomBytes(32))).key.slice(2));
      assert.equal(await verifier.read.keyId([`0x${A.toHex()}`]), `0x${A.toHex()}`);
      for (const [j, t] of SMALL_ORDER_POINTS.entries()) {
        if (j === 0) continue;
        const key = `0x${A.add(ed25519.Point.fromHex(t.slice(2))).toHex()}` as Hex;
        assert.equal(A.add(ed25519.Point.fromHex(t.slice(2))).isTorsionFree(), false);
        await assert.rejects(verifier.read.keyId([key]), /ERC7913NonCanonicalKey/, `A + T${j}`);
      }
    }
  });

  it("accepts every key the RFC 8032 vectors and noble's key generation give", async () => {
    const vectors = JSON.parse(readFileSync(new URL("../fixtures/ed25519-rfc8032.json", import.meta.url), "utf8")) as { publicKey: string }[];
    const keys = [...vectors.map(({ publicKey }) => `0x${publicKey}` as Hex), ...Array.from({ length: 8 }, () => bytesToHex(ed25519.keygen().publicKey))];
    for (const key of keys) assert.equal(await verifier.read.keyId([key]), key);
  });
});
