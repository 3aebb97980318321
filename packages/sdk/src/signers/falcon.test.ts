import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Hex, hexToBytes, keccak256, size, stringToHex } from "viem";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import { verifyFalconWithExpandedKey } from "../keys/falcon/verify.js";
import { falcon1024Signer, falcon512Signer, generateFalconSeed } from "./falcon.js";

const seed: Hex = `0x${"42".repeat(48)}`;
const hash = keccak256(stringToHex("user operation"));

for (const [scheme, create, compressed, padded, lengths] of [
  ["falcon512", falcon512Signer, falcon512, falcon512padded, { publicKey: 897, padded: 666, max: 752 }],
  ["falcon1024", falcon1024Signer, falcon1024, falcon1024padded, { publicKey: 1793, padded: 1280, max: 1462 }],
] as const) {
  describe(`${scheme}Signer`, () => {
    const signer = create({ seed });

    it("derives noble's key pair from the seed and a 52-byte ERC-7913 key", () => {
      const { publicKey, secretKey } = padded.keygen(hexToBytes(seed));
      assert.equal(signer.scheme, scheme);
      assert.equal(signer.publicKey, expandFalconPublicKey(publicKey).publicKey);
      assert.equal(size(signer.publicKey), lengths.publicKey);
      assert.equal(hexToBytes(signer.secretKey).length, secretKey.length);
      assert.equal(signer.seed, seed);
      assert.equal(signer.key, signer.expandedKey.key);
      assert.equal(size(signer.key), 52);
      assert.equal(create({ secretKey: signer.secretKey }).key, signer.key);
    });

    it("signs the hash in the padded form by default and compressed on request", async () => {
      const signature = await signer.sign({ hash });
      assert.equal(size(signature), lengths.padded);
      assert.equal(padded.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(signer.publicKey)), true);
      assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, signature), true);
      const short = await create({ seed, padded: false }).sign({ hash });
      assert.ok(size(short) <= lengths.max);
      assert.equal(compressed.verify(hexToBytes(short), hexToBytes(hash), hexToBytes(signer.publicKey)), true);
      assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, short), true);
    });

    it("randomises by default and is deterministic on request", async () => {
      assert.notEqual(await signer.sign({ hash }), await signer.sign({ hash }));
      const deterministic = create({ seed, deterministic: true });
      assert.equal(await deterministic.sign({ hash }), await deterministic.sign({ hash }));
    });

    it("has a well-formed stub of the signature size that does not verify", async () => {
      const stub = await signer.getStubSignature();
      assert.equal(size(stub), lengths.padded);
      assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, stub), false);
      assert.equal(await signer.getStubSignature(), stub);
    });

    it("rejects bad seeds, secret keys and hashes with typed errors", async () => {
      assert.throws(() => create({ seed: "0x1234" }), InvalidPrivateKeyError);
      assert.throws(() => create({ seed, secretKey: signer.secretKey }), InvalidPrivateKeyError);
      assert.throws(() => create({ secretKey: "0x00" }), InvalidPrivateKeyError);
      await assert.rejects(signer.sign({ hash: "0x1234" }), InvalidHashError);
      assert.equal(size(generateFalconSeed()), 48);
    });
  });
}
