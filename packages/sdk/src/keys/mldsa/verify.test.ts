import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shake256 } from "@noble/hashes/sha3.js";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex } from "viem";
import { InvalidExpandedKeyError } from "../../errors/keys.js";
import { expandMldsaPublicKey } from "./expandMldsaPublicKey.js";
import { type MldsaParameterSetName, mldsaParameterSets } from "./params.js";
import { verifyMldsaWithExpandedKey } from "./verify.js";

const bytes = (label: string, length: number) => shake256(new TextEncoder().encode(label), { dkLen: length });
const noble = { "ML-DSA-44": ml_dsa44, "ML-DSA-65": ml_dsa65, "ML-DSA-87": ml_dsa87 } as const;

for (const scheme of Object.keys(mldsaParameterSets) as MldsaParameterSetName[]) {
  const set = mldsaParameterSets[scheme];
  const mldsa = noble[scheme];

  /** Both verifiers must agree: noble on pk, ours on the expanded key. */
  function verifyBoth(expanded: Hex, publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array, context?: Uint8Array) {
    const ours = verifyMldsaWithExpandedKey(set, expanded, message, signature, context);
    const theirs = mldsa.verify(signature, message, publicKey, context ? { context } : {});
    assert.equal(ours, theirs, `verifyMldsaWithExpandedKey and noble disagree (${scheme})`);
    return ours;
  }

  describe(`verifyMldsaWithExpandedKey, ${scheme}`, () => {
    const keys = Array.from({ length: 3 }, (_, index) => {
      const { publicKey, secretKey } = mldsa.keygen(bytes(`${scheme} verify key ${index}`, 32));
      return { publicKey, secretKey, expanded: expandMldsaPublicKey(set, publicKey).bytes };
    });
    const messages = [new Uint8Array(0), bytes(`${scheme} hash`, 32), bytes(`${scheme} long message`, 777)];

    it("has noble's key and signature sizes", () => {
      assert.equal(keys[0].publicKey.length, set.publicKeyLength);
      assert.equal(keys[0].secretKey.length, set.secretKeyLength);
      assert.equal(mldsa.sign(messages[0], keys[0].secretKey).length, set.signatureLength);
    });

    it("accepts noble's hedged signatures for random keys and messages, with and without a context", () => {
      for (const { publicKey, secretKey, expanded } of keys)
        for (const message of messages) {
          assert.equal(verifyBoth(expanded, publicKey, message, mldsa.sign(message, secretKey)), true);
          const context = bytes(`${scheme} context ${message.length}`, 1 + (message.length % 255));
          const signature = mldsa.sign(message, secretKey, { context });
          assert.equal(verifyBoth(expanded, publicKey, message, signature, context), true);
          assert.equal(verifyBoth(expanded, publicKey, message, signature), false);
        }
    });

    const { publicKey, secretKey, expanded } = keys[1];
    const message = messages[1];
    const signature = mldsa.sign(message, secretKey, { extraEntropy: false });

    it("rejects another message, another key, a wrong length and a context above 255 bytes", () => {
      assert.equal(verifyBoth(expanded, publicKey, bytes("other", 32), signature), false);
      assert.equal(verifyBoth(keys[2].expanded, keys[2].publicKey, message, signature), false);
      assert.equal(verifyMldsaWithExpandedKey(set, expanded, message, signature.subarray(1)), false);
      assert.equal(verifyMldsaWithExpandedKey(set, expanded, message, new Uint8Array([...signature, 0])), false);
      assert.equal(verifyMldsaWithExpandedKey(set, expanded, message, signature, new Uint8Array(256)), false);
    });

    it("refuses a one-byte change anywhere in σ: c̃, z, the hint positions and the hint counts", () => {
      const hintOffset = set.signatureLength - set.omega - set.k;
      const positions = [0, set.cTildeLength - 1, set.cTildeLength, hintOffset - 1, hintOffset, hintOffset + set.omega - 1, set.signatureLength - 1];
      for (let t = 0; t < 40; t++) {
        const [high, low] = bytes(`${scheme} position ${t}`, 2);
        positions.push((high * 256 + low) % set.signatureLength);
      }
      for (const position of positions)
        for (const delta of [0x01, 0x80, bytes(`${scheme} delta ${position}`, 1)[0] | 1]) {
          const mutated = signature.slice();
          mutated[position] ^= delta;
          assert.equal(verifyBoth(expanded, publicKey, message, mutated), false, `byte ${position} ^ ${delta}`);
        }
    });

    it("answers the same for hex inputs", () => {
      assert.equal(verifyMldsaWithExpandedKey(set, expanded, bytesToHex(message), bytesToHex(signature)), true);
    });

    it("throws on an expanded key of another set or a wrong length", () => {
      const other = scheme === "ML-DSA-65" ? mldsaParameterSets["ML-DSA-44"] : mldsaParameterSets["ML-DSA-65"];
      assert.throws(() => verifyMldsaWithExpandedKey(other, expanded, message, signature), InvalidExpandedKeyError);
      assert.throws(() => verifyMldsaWithExpandedKey(set, expanded.slice(0, -2) as Hex, message, signature), InvalidExpandedKeyError);
    });
  });
}
