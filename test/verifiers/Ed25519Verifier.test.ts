import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { type Hex, bytesToHex, concatHex, hexToBigInt, keccak256, numberToHex, slice, toHex } from "viem";
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
  it("keeps B's odd multiples B, 3B, …, 511B (w = 10) after a STOP byte in its table contract", async () => {
    const code = await publicClient.getCode({ address: await verifier.read.baseTable() });
    const twoB = ed25519.Point.BASE.double();
    let expected = "0x00";
    for (let j = 0, point = ed25519.Point.BASE; j < 256; j++, point = point.add(twoB)) {
      const { x, y } = point.toAffine();
      expected += numberToHex(x, { size: 32 }).slice(2) + numberToHex(y, { size: 32 }).slice(2);
    }
    assert.equal(code, expected);
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

  it("accepts the canonical identity as A or R where the equation holds, rejects its non-canonical encodings", async () => {
    const hash = bytesToHex(randomBytes(32));
    const identity = SMALL_ORDER_POINTS[0];
    const s = BigInt(`0x${randomBytes(31).toString("hex")}`);
    const sB = `0x${ed25519.Point.BASE.multiply(s).toHex()}` as Hex;
    // A = identity: [S]B − [k]A = [S]B, so R = [S]B passes for any S and any message (why keyId refuses it).
    assert.equal(await verify(identity, hash, concatHex([sB, littleEndian(s)])), MAGIC);
    // The same point encoded with y = p + 1 (≥ p), and as y = 1 with the sign bit set (x = 0 is not negative).
    assert.equal(await verify(littleEndian(P + 1n), hash, concatHex([sB, littleEndian(s)])), FAILURE);
    assert.equal(await verify(littleEndian(1n + (1n << 255n)), hash, concatHex([sB, littleEndian(s)])), FAILURE);
    // R = identity and S = 0 under A = identity: [0]B − [k]O = O.
    assert.equal(await verify(identity, hash, concatHex([identity, littleEndian(0n)])), MAGIC);
    assert.equal(await verify(identity, hash, concatHex([littleEndian(P + 1n), littleEndian(0n)])), FAILURE);
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
});
