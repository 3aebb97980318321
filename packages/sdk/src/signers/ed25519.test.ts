import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, hexToBytes, keccak256, size, stringToHex } from "viem";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { ed25519Signer, verifyEd25519 } from "./ed25519.js";

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const hash = keccak256(stringToHex("user operation"));

/** RFC 8032 §7.1 TEST 1's key pair. */
const rfcSecretKey: Hex = "0x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const rfcPublicKey: Hex = "0xd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";

const littleEndian = (n: bigint): Hex => bytesToHex(hexToBytes(`0x${n.toString(16).padStart(64, "0")}`).reverse());

describe("ed25519Signer", () => {
  it("derives RFC 8032's public key from its secret key; the ERC-7913 key is the 32-byte public key", () => {
    const signer = ed25519Signer({ privateKey: rfcSecretKey });
    assert.equal(signer.publicKey, rfcPublicKey);
    assert.equal(signer.key, rfcPublicKey);
    assert.equal(signer.scheme, "ed25519");
  });

  it("signs the 32-byte hash as the RFC 8032 message: 64 bytes R ‖ S that noble and verifyEd25519 accept", async () => {
    const signer = ed25519Signer();
    const signature = await signer.sign({ hash });
    assert.equal(size(signature), 64);
    assert.ok(ed25519.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(signer.publicKey)));
    assert.equal(verifyEd25519({ publicKey: signer.publicKey, hash, signature }), true);
  });

  it("makes a stub that is well formed but fails for its key", async () => {
    const signer = ed25519Signer();
    const stub = await signer.getStubSignature();
    assert.equal(size(stub), 64);
    assert.equal(verifyEd25519({ publicKey: signer.publicKey, hash: `0x${"00".repeat(32)}`, signature: stub }), false);
  });

  it("verifyEd25519 refuses another hash, another key, S + L, a non-canonical key and garbage", async () => {
    const signer = ed25519Signer();
    const signature = await signer.sign({ hash });
    assert.equal(verifyEd25519({ publicKey: signer.publicKey, hash: keccak256(hash), signature }), false);
    assert.equal(verifyEd25519({ publicKey: ed25519Signer().publicKey, hash, signature }), false);
    const s = BigInt(littleEndian(BigInt(`0x${signature.slice(66)}`)));
    assert.equal(verifyEd25519({ publicKey: signer.publicKey, hash, signature: `0x${signature.slice(2, 66)}${littleEndian(s + L).slice(2)}` }), false);
    // The identity written with y = p + 1.
    assert.equal(verifyEd25519({ publicKey: littleEndian(2n ** 255n - 18n), hash, signature }), false);
    assert.equal(verifyEd25519({ publicKey: signer.publicKey, hash, signature: "0x1234" }), false);
  });

  it("verifyEd25519 gives the verifier's cofactored verdicts: no small-order key, R with a small-order part accepted", () => {
    // The canonical identity as the key: [S]B as R satisfies the equation for any message, and is refused.
    const s = 12345n;
    const Point = ed25519.ExtendedPoint;
    const sB = bytesToHex(Point.BASE.multiply(s).toRawBytes());
    const identity = littleEndian(1n);
    assert.equal(verifyEd25519({ publicKey: identity, hash, signature: `0x${sB.slice(2)}${littleEndian(s).slice(2)}` }), false);
    // R = [r]B + T for a point T of order 8, S = r + k·a: the cofactored equation holds (the cofactorless one does not).
    const secret = 987654321n;
    const key = bytesToHex(Point.BASE.multiply(secret).toRawBytes());
    const torsion = Point.fromHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a");
    const r = bytesToHex(Point.BASE.multiply(777n).add(torsion).toRawBytes());
    const digest = sha512(hexToBytes(`0x${r.slice(2)}${key.slice(2)}${hash.slice(2)}`));
    const k = BigInt(bytesToHex(digest.reverse())) % L;
    assert.equal(verifyEd25519({ publicKey: key, hash, signature: `0x${r.slice(2)}${littleEndian((777n + k * secret) % L).slice(2)}` }), true);
  });

  it("throws typed errors for a secret key that is not 32 bytes and a message that is not a 32-byte hash", async () => {
    assert.throws(() => ed25519Signer({ privateKey: "0x01" }), InvalidPrivateKeyError);
    await assert.rejects(ed25519Signer().sign({ hash: "0x1234" }), InvalidHashError);
  });
});
