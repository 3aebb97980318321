import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Hex, bytesToHex, hexToBytes, keccak256, slice, stringToHex } from "viem";
import { InvalidHexError, InvalidPublicKeyLengthError } from "./errors/keys.js";
import { transcodeFalconSignature } from "./keys/falcon/transcodeSignature.js";
import { schemes } from "./schemes.js";

const seed: Hex = `0x${"07".repeat(32)}`;
const hash = keccak256(stringToHex("registry"));

for (const [name, n] of [
  ["falcon512", 512],
  ["falcon1024", 1024],
] as const) {
  describe(`schemes.${name}.verify`, () => {
    const scheme = schemes[name];
    const signer = scheme.createSigner(seed);

    it("checks every signature form through noble", async () => {
      const ct = await signer.sign({ hash });
      assert.equal(scheme.verify(signer.publicKey, hash, ct), true);
      for (const format of ["compressed", "padded"] as const)
        assert.equal(scheme.verify(signer.publicKey, hash, bytesToHex(transcodeFalconSignature({ signature: ct, n, format }))), true);
      assert.equal(scheme.verify(signer.publicKey, keccak256(hash), ct), false);
      assert.equal(scheme.verify(scheme.createSigner(keccak256(seed)).publicKey, hash, ct), false);
    });

    it("returns false for CT signatures that are mutated or do not decode", async () => {
      const ct = hexToBytes(await signer.sign({ hash }));
      const mutate = (index: number, value: number) => {
        const out = ct.slice();
        out[index] = value;
        return bytesToHex(out);
      };
      assert.equal(scheme.verify(signer.publicKey, hash, mutate(1, ct[1] ^ 1)), false);
      assert.equal(scheme.verify(signer.publicKey, hash, mutate(42, ct[42] ^ 0x10)), false);
      // The field 0x800 (−2048), a foreign degree's header, a truncated signature.
      assert.equal(scheme.verify(signer.publicKey, hash, bytesToHex(Uint8Array.from([...ct.subarray(0, 41), 0x80, 0x00, ...ct.subarray(43)]))), false);
      assert.equal(scheme.verify(signer.publicKey, hash, mutate(0, n === 512 ? 0x5a : 0x59)), false);
      assert.equal(scheme.verify(signer.publicKey, hash, bytesToHex(ct.subarray(0, ct.length - 1))), false);
      assert.equal(scheme.verify(signer.publicKey, hash, "0x"), false);
    });
  });
}

describe("schemes.ecdsa.toErc7913Key", () => {
  const { publicKey, key } = schemes.ecdsa.createSigner(seed);

  it("passes an address or a compressed or uncompressed SEC1 key through, as the verifier takes them", () => {
    for (const form of [key, slice(publicKey, 0, 33), publicKey])
      assert.deepEqual(schemes.ecdsa.toErc7913Key(form), { key: form, expandedKey: undefined });
  });

  it("rejects other lengths and malformed hex with typed errors naming the problem", () => {
    assert.throws(() => schemes.ecdsa.toErc7913Key(slice(publicKey, 0, 64)), (error: Error) => {
      assert.ok(error instanceof InvalidPublicKeyLengthError);
      assert.equal(error.message, "Expected a 20-, 33- or 65-byte ECDSA public key, got 64 bytes.");
      return true;
    });
    assert.throws(() => schemes.ecdsa.toErc7913Key("0x123"), InvalidHexError);
  });
});
