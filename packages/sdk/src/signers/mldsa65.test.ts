import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, hexToBytes, keccak256, size, stringToHex } from "viem";
import { InvalidHexError } from "../errors/keys.js";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { decodeSignature } from "../keys/mldsa/encoding.js";
import { expandPublicKey } from "../keys/mldsa65/expandPublicKey.js";
import { verifyWithExpandedKey } from "../keys/mldsa65/verify.js";
import { generateMldsa65Seed, mldsa65Signer } from "./mldsa65.js";

const seed: Hex = `0x${"42".repeat(32)}`;
const hash = keccak256(stringToHex("user operation"));

describe("mldsa65Signer", () => {
  const signer = mldsa65Signer({ seed });

  it("derives the FIPS 204 key pair of the seed and its 72-byte ERC-7913 key", () => {
    const { publicKey, secretKey } = ml_dsa65.keygen(hexToBytes(seed));
    assert.equal(signer.scheme, "mldsa65");
    assert.equal(signer.publicKey, bytesToHex(publicKey));
    assert.equal(size(signer.publicKey), 1952);
    assert.equal(signer.secretKey, bytesToHex(secretKey));
    assert.equal(signer.seed, seed);
    assert.deepEqual(signer.expandedKey, expandPublicKey(publicKey));
    assert.equal(signer.key, signer.expandedKey.key);
    assert.equal(size(signer.key), 72);
  });

  it("signs the 32-byte hash with pure ML-DSA-65 and an empty context", async () => {
    const signature = await signer.sign({ hash });
    assert.equal(size(signature), 3309);
    assert.equal(verifyWithExpandedKey(signer.expandedKey.bytes, hash, signature), true);
    assert.equal(ml_dsa65.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(signer.publicKey)), true);
  });

  it("hedges by default and is deterministic on request", async () => {
    assert.notEqual(await signer.sign({ hash }), await signer.sign({ hash }));
    const deterministic = mldsa65Signer({ seed, deterministic: true });
    const signature = await deterministic.sign({ hash });
    assert.equal(await deterministic.sign({ hash }), signature);
    assert.equal(
      signature,
      bytesToHex(ml_dsa65.sign(hexToBytes(hash), hexToBytes(signer.secretKey), { extraEntropy: false })),
    );
  });

  it("rejects a hash that is not 32 bytes", async () => {
    await assert.rejects(signer.sign({ hash: "0x1234" }), InvalidHashError);
    await assert.rejects(signer.sign({ hash: `${hash}00` }), InvalidHashError);
    await assert.rejects(signer.sign({ hash: "0x123" }), InvalidHexError);
  });

  it("has a stable, well-formed stub signature that fails verification", async () => {
    const stub = await signer.getStubSignature();
    assert.equal(size(stub), 3309);
    assert.equal(await mldsa65Signer({ seed: generateMldsa65Seed() }).getStubSignature(), stub);
    // It passes sigDecode's hint rules and the norm bound, so verification runs to the final c̃ comparison.
    const { z, h } = decodeSignature(hexToBytes(stub));
    assert.notEqual(h, undefined);
    assert.ok(z.every((polynomial) => polynomial.every((c) => Math.abs(c) < 2 ** 19 - 196)));
    assert.equal(verifyWithExpandedKey(signer.expandedKey.bytes, hash, stub), false);
    assert.equal(verifyWithExpandedKey(signer.expandedKey.bytes, keccak256(stringToHex("pq4337 ML-DSA-65 stub signature")), stub), false);
  });
});

describe("mldsa65Signer key sources", () => {
  it("rebuilds the same signer from its secret key", () => {
    const fromSeed = mldsa65Signer({ seed: hexToBytes(seed) });
    const fromSecretKey = mldsa65Signer({ secretKey: fromSeed.secretKey });
    assert.equal(fromSecretKey.publicKey, fromSeed.publicKey);
    assert.equal(fromSecretKey.key, fromSeed.key);
    assert.equal(fromSecretKey.seed, undefined);
  });

  it("generates a fresh seed when given no key, and returns it", () => {
    const signer = mldsa65Signer();
    assert.ok(signer.seed);
    assert.equal(size(signer.seed), 32);
    assert.equal(mldsa65Signer({ seed: signer.seed }).publicKey, signer.publicKey);
    assert.notEqual(generateMldsa65Seed(), generateMldsa65Seed());
  });

  it("rejects malformed key material with typed errors", () => {
    const { secretKey } = mldsa65Signer({ seed });
    assert.throws(() => mldsa65Signer({ seed, secretKey }), InvalidPrivateKeyError);
    assert.throws(() => mldsa65Signer({ seed: "0x1234" }), InvalidPrivateKeyError);
    assert.throws(() => mldsa65Signer({ seed: `0x${"42".repeat(31)}4` as Hex }), InvalidHexError);
    assert.throws(() => mldsa65Signer({ secretKey: `${secretKey}00` }), InvalidPrivateKeyError);

    const corruptedTr = hexToBytes(secretKey);
    corruptedTr[64] ^= 1;
    assert.throws(() => mldsa65Signer({ secretKey: corruptedTr }), /tr does not match/);

    // s1 coefficients are η − nibble; a nibble of 15 is outside [−η, η].
    const corruptedS1 = hexToBytes(secretKey);
    corruptedS1[128] = 0xff;
    assert.throws(() => mldsa65Signer({ secretKey: corruptedS1 }), InvalidPrivateKeyError);
  });
});
