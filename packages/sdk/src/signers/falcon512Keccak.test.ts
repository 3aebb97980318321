import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon512 } from "@noble/post-quantum/falcon.js";
import { type Hex, hexToBytes, keccak256, size, stringToHex, toHex, zeroHash } from "viem";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import { encodeFalconSignature } from "../keys/falcon/encoding.js";
import { decodeFalconKeccakSignature, verifyFalconKeccakWithExpandedKey } from "../keys/falcon/keccak.js";
import { verifyFalconWithExpandedKey } from "../keys/falcon/verify.js";
import { falcon512KeccakSigner } from "./falcon512Keccak.js";

const seed: Hex = `0x${"42".repeat(48)}`;
const hash = keccak256(stringToHex("user operation"));

describe("falcon512KeccakSigner (ETHFALCON, keccak variant: not FIPS 206)", () => {
  const signer = falcon512KeccakSigner({ seed });

  it("has noble's Falcon-512 key pair for the seed and the 52-byte ERC-7913 key of Falcon-512", () => {
    const { publicKey, secretKey } = falcon512.keygen(hexToBytes(seed));
    assert.equal(signer.scheme, "falcon512keccak");
    assert.equal(signer.publicKey, expandFalconPublicKey(publicKey).publicKey);
    assert.deepEqual(hexToBytes(signer.secretKey), secretKey);
    assert.equal(signer.key, expandFalconPublicKey(publicKey).key);
    assert.equal(size(signer.key), 52);
    assert.equal(falcon512KeccakSigner({ secretKey: signer.secretKey }).key, signer.key);
  });

  it("signs 1,064-byte ETHFALCON signatures that verify for the hash only, with a fresh salt each time", async () => {
    const first = await signer.sign({ hash });
    const second = await signer.sign({ hash });
    assert.equal(size(first), 1064);
    assert.notEqual(first, second);
    for (const signature of [first, second]) {
      assert.equal(verifyFalconKeccakWithExpandedKey(signer.expandedKey.bytes, hash, signature), true);
      assert.equal(verifyFalconKeccakWithExpandedKey(signer.expandedKey.bytes, keccak256(hash), signature), false);
    }
    // Not a Falcon signature: the same salt and s2 in Falcon's encoding fail Falcon's (SHAKE256) verification.
    const { salt, s2 } = decodeFalconKeccakSignature(first)!;
    const asFalcon = encodeFalconSignature({ n: 512, nonce: salt, s2, format: "compressed" });
    assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, asFalcon), false);
  });

  it("deterministic mode gives a hash one signature, another hash another", async () => {
    const deterministic = falcon512KeccakSigner({ seed, deterministic: true });
    const a = await deterministic.sign({ hash });
    assert.equal(await deterministic.sign({ hash }), a);
    const b = await deterministic.sign({ hash: keccak256(hash) });
    assert.notEqual(b, a);
    assert.equal(verifyFalconKeccakWithExpandedKey(signer.expandedKey.bytes, keccak256(hash), b), true);
  });

  it("stub: a real signature of the zero hash by another key, which this key's verification rejects", async () => {
    const stub = await signer.getStubSignature();
    assert.equal(size(stub), 1064);
    assert.equal(await signer.getStubSignature(), stub);
    assert.equal(verifyFalconKeccakWithExpandedKey(signer.expandedKey.bytes, zeroHash, stub), false);
    const throwaway = falcon512KeccakSigner({ seed: toHex(new Uint8Array(48).fill(0x11)) });
    assert.equal(verifyFalconKeccakWithExpandedKey(throwaway.expandedKey.bytes, zeroHash, stub), true);
  });

  it("throws typed errors for a bad seed, secret key or hash", async () => {
    const invalid = (reason: RegExp) => (error: unknown) => error instanceof InvalidPrivateKeyError && reason.test(error.message);
    assert.throws(() => falcon512KeccakSigner({ seed: "0x1234" }), invalid(/falcon512keccak private key: the seed must be 48 bytes, got 2/));
    assert.throws(() => falcon512KeccakSigner({ seed, secretKey: signer.secretKey }), invalid(/either `seed` or `secretKey`/));
    assert.throws(() => falcon512KeccakSigner({ secretKey: "0x59" }), invalid(/the secret key must be 1281 bytes, got 1/));
    const wrongHeader = hexToBytes(signer.secretKey);
    wrongHeader[0] = 0x5a;
    assert.throws(() => falcon512KeccakSigner({ secretKey: wrongHeader }), invalid(/the secret key does not decode/));
    await assert.rejects(signer.sign({ hash: "0x1234" }), InvalidHashError);
  });
});
