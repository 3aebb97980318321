import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Hex, concatBytes, hexToBytes, keccak256, size, slice, stringToHex, toHex, zeroHash } from "viem";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { decodeFalconSignature } from "../keys/falcon/encoding.js";
import { expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import { transcodeFalconSignature } from "../keys/falcon/transcodeSignature.js";
import { hashToPointBlocks, minHashToPointBlocks, verifyFalconWithExpandedKey } from "../keys/falcon/verify.js";
import { falcon1024Signer, falcon512Signer, generateFalconSeed } from "./falcon.js";

const seed: Hex = `0x${"42".repeat(48)}`;
const hash = keccak256(stringToHex("user operation"));
const hashes = Array.from({ length: 6 }, (_, i) => keccak256(toHex(i)));

for (const [scheme, n, create, compressed, padded, lengths] of [
  ["falcon512", 512, falcon512Signer, falcon512, falcon512padded, { publicKey: 897, padded: 666, max: 752, ct: 809 }],
  ["falcon1024", 1024, falcon1024Signer, falcon1024, falcon1024padded, { publicKey: 1793, padded: 1280, max: 1462, ct: 1577 }],
] as const) {
  describe(`${scheme}Signer`, () => {
    const signer = create({ seed });
    /** HashToPoint's SHAKE256 block count for a signature of `signed`. */
    const blocksOf = (signature: Hex, signed: Hex) =>
      hashToPointBlocks(concatBytes([decodeFalconSignature(signature, n)!.nonce, hexToBytes(signed)]), n);
    /** noble's verdict, through the compressed form for a CT signature. */
    const nobleVerify = (signature: Hex, signed: Hex) => {
      const { format } = decodeFalconSignature(signature, n)!;
      const bytes = format === "ct" ? transcodeFalconSignature({ signature, n, format: "compressed" }) : hexToBytes(signature);
      return (format === "padded" ? padded : compressed).verify(bytes, hexToBytes(signed), hexToBytes(signer.publicKey));
    };

    it("derives noble's key pair from the seed and a 52-byte ERC-7913 key", () => {
      const { publicKey, secretKey } = compressed.keygen(hexToBytes(seed));
      assert.equal(signer.scheme, scheme);
      assert.equal(signer.publicKey, expandFalconPublicKey(publicKey).publicKey);
      assert.equal(size(signer.publicKey), lengths.publicKey);
      assert.equal(hexToBytes(signer.secretKey).length, secretKey.length);
      assert.equal(signer.seed, seed);
      assert.equal(signer.key, signer.expandedKey.key);
      assert.equal(size(signer.key), 52);
      assert.equal(create({ secretKey: signer.secretKey }).key, signer.key);
    });

    it("signs the hash in the CT form by default, padded or compressed on request", async () => {
      assert.equal(signer.format, "ct");
      const signature = await signer.sign({ hash });
      assert.equal(size(signature), lengths.ct);
      assert.equal(decodeFalconSignature(signature, n)!.format, "ct");
      assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, signature), true);
      assert.equal(nobleVerify(signature, hash), true);
      for (const format of ["padded", "compressed"] as const) {
        const other = create({ seed, format });
        assert.equal(other.format, format);
        const candidate = await other.sign({ hash });
        assert.equal(decodeFalconSignature(candidate, n)!.format, format);
        if (format === "padded") assert.equal(size(candidate), lengths.padded);
        else assert.ok(size(candidate) <= lengths.max);
        assert.equal(nobleVerify(candidate, hash), true);
        assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, candidate), true);
      }
    });

    it("picks nonces for which HashToPoint reads the fewest SHAKE256 blocks", async () => {
      const minimum = minHashToPointBlocks(n);
      for (const signed of hashes) {
        const signature = await signer.sign({ hash: signed });
        assert.equal(blocksOf(signature, signed), minimum);
        assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, signed, signature), true);
      }
      for (const format of ["padded", "compressed"] as const) {
        const signature = await create({ seed, format, deterministic: true }).sign({ hash });
        assert.equal(blocksOf(signature, hash), minimum);
      }
    });

    it("signs without the search when minimizeHashToPoint is off", async () => {
      const plain = create({ seed, minimizeHashToPoint: false, deterministic: true });
      const counts = new Set<number>();
      for (const signed of hashes) {
        const signature = await plain.sign({ hash: signed });
        assert.equal(size(signature), lengths.ct);
        assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, signed, signature), true);
        counts.add(blocksOf(signature, signed));
        // Without the search, a deterministic signature is noble's `extraEntropy: false` one.
        const noble = compressed.sign(hexToBytes(signed), hexToBytes(signer.secretKey), { extraEntropy: false });
        assert.deepEqual(hexToBytes(signature), transcodeFalconSignature({ signature: noble, n, format: "ct" }));
      }
      assert.ok([...counts].every((blocks) => blocks === minHashToPointBlocks(n) || blocks === minHashToPointBlocks(n) + 1));
    });

    it("randomises by default and is deterministic on request", async () => {
      assert.notEqual(await signer.sign({ hash }), await signer.sign({ hash }));
      const deterministic = create({ seed, deterministic: true });
      const signature = await deterministic.sign({ hash });
      assert.equal(await deterministic.sign({ hash }), signature);
      assert.equal(await create({ secretKey: signer.secretKey, deterministic: true }).sign({ hash }), signature);
      // The same search in another form finds the same nonce.
      const paddedSignature = await create({ seed, deterministic: true, format: "padded" }).sign({ hash });
      assert.equal(slice(paddedSignature, 1, 41), slice(signature, 1, 41));
      assert.notEqual(await deterministic.sign({ hash: hashes[0] }), signature);
    });

    it("has a well-formed stub in the signer's form that does not verify", async () => {
      const stub = await signer.getStubSignature();
      assert.equal(size(stub), lengths.ct);
      assert.equal(decodeFalconSignature(stub, n)!.format, "ct");
      assert.equal(verifyFalconWithExpandedKey(signer.expandedKey.bytes, hash, stub), false);
      assert.equal(await signer.getStubSignature(), stub);
      assert.equal(await create().getStubSignature(), stub);
      // Gas estimation verifies the stub against the zero hash.
      const stubHash = zeroHash;
      assert.equal(blocksOf(stub, stubHash), minHashToPointBlocks(n));

      const paddedStub = await create({ seed, format: "padded" }).getStubSignature();
      assert.equal(size(paddedStub), lengths.padded);
      assert.equal(decodeFalconSignature(paddedStub, n)!.format, "padded");
      const compressedStub = await create({ seed, format: "compressed" }).getStubSignature();
      assert.equal(decodeFalconSignature(compressedStub, n)!.format, "compressed");
      // Without the search, signatures may need one more block, and so does the stub.
      const plainStub = await create({ seed, minimizeHashToPoint: false }).getStubSignature();
      assert.equal(size(plainStub), lengths.ct);
      assert.equal(blocksOf(plainStub, stubHash), minHashToPointBlocks(n) + 1);
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
