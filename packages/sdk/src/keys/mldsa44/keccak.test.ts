import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { type Hex, bytesToHex, concatBytes, concatHex, hexToBytes } from "viem";
import { expandMldsa44PublicKey } from "./expandPublicKey.js";
import { InvalidContextError, InvalidPrivateKeyError } from "../../errors/signer.js";
import { keccakCtrStream } from "../keccakCtr.js";
import { expandMldsa44KeccakPublicKey } from "./keccak.js";
import { mldsa44KeccakKeygen, mldsa44KeccakPublicKey, mldsa44KeccakSign, verifyMldsa44Keccak } from "./keccakSign.js";

type Vector = { source: string; publicKey: Hex; expandedKey?: Hex; message: Hex; context: Hex; signature: Hex; secretKey?: Hex };
const vectors: Vector[] = readFileSync(new URL("../../../../../test/fixtures/mldsa44keccak-ethdilithium.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));

describe("ETHDILITHIUM (ML-DSA-44, keccak variant) key expansion", () => {
  it("keccakCtrStream is keccak256(keccak256(x) ‖ uint64_be(i)) block after block", () => {
    const input = new TextEncoder().encode("pq4337");
    const state = keccak_256(input);
    const block = (i: number) => keccak_256(concatBytes([state, hexToBytes(`0x${i.toString(16).padStart(16, "0")}`)]));
    assert.equal(bytesToHex(keccakCtrStream(input, 70)), bytesToHex(concatBytes([block(0), block(1), block(2)]).subarray(0, 70)));
  });

  it("gives ETHDILITHIUM's own expanded key (its pk_for_eth: keccak ExpandA and tr) for every key of the fixtures", () => {
    const withE = vectors.filter((vector) => vector.expandedKey !== undefined);
    assert.ok(withE.length >= 10);
    // The verifier reads E ‖ pk: E is ZKNox's key.
    for (const { source, publicKey, expandedKey } of withE)
      assert.equal(expandMldsa44KeccakPublicKey(publicKey).bytes, concatHex([expandedKey!, publicKey]), source);
  });

  it("differs from FIPS 204's expansion of the same key in Â and tr, not in t̂1", () => {
    const { publicKey } = vectors[0];
    const keccak = expandMldsa44KeccakPublicKey(publicKey);
    const fips = expandMldsa44PublicKey(publicKey);
    assert.notDeepEqual(keccak.aHat[0][0], fips.aHat[0][0]);
    assert.notEqual(keccak.tr, fips.tr);
    assert.deepEqual(keccak.t1Hat, fips.t1Hat);
  });
});

describe("ETHDILITHIUM key generation and signing", () => {
  const deterministic = vectors.filter((vector) => (vector as { deterministic?: boolean }).deterministic) as (Vector & { seed: Hex; secretKey: Hex })[];

  it("derives ZKNox's key pair from the same seed and signs byte for byte as its deterministic signer", () => {
    assert.ok(deterministic.length >= 4);
    for (const { source, seed, publicKey, secretKey, message, context, signature } of deterministic) {
      const keys = mldsa44KeccakKeygen(seed);
      assert.equal(bytesToHex(keys.publicKey), publicKey, source);
      assert.equal(bytesToHex(keys.secretKey), secretKey, source);
      assert.equal(bytesToHex(mldsa44KeccakSign({ secretKey, message, context, rnd: new Uint8Array(32) })), signature, source);
    }
  });

  it("signs hedged by default: two signatures of one message differ; a context over 255 bytes is refused", () => {
    const { secretKey } = mldsa44KeccakKeygen(new Uint8Array(32).fill(7));
    const message = new Uint8Array(32).fill(1);
    assert.notEqual(bytesToHex(mldsa44KeccakSign({ secretKey, message })), bytesToHex(mldsa44KeccakSign({ secretKey, message })));
    assert.throws(() => mldsa44KeccakSign({ secretKey, message, context: new Uint8Array(256) }), InvalidContextError);
    assert.throws(() => mldsa44KeccakKeygen(new Uint8Array(31)), InvalidPrivateKeyError);
  });
});

describe("ETHDILITHIUM verification (SDK reference)", () => {
  it("accepts every fixture signature, with its context, and rejects a changed message, context or signature byte", () => {
    for (const { source, publicKey, message, context, signature } of vectors) {
      assert.equal(verifyMldsa44Keccak({ publicKey, message, context, signature }), true, source);
    }
    const { publicKey, message, context, signature } = vectors.find((vector) => vector.context !== "0x")!;
    const flipped = (hex: Hex, at: number) => bytesToHex(hexToBytes(hex).map((b, i) => (i === at ? b ^ 1 : b)));
    assert.equal(verifyMldsa44Keccak({ publicKey, message: flipped(message, 0), context, signature }), false);
    assert.equal(verifyMldsa44Keccak({ publicKey, message, context: flipped(context, 0), signature }), false);
    for (const at of [0, 100, 2340, 2419]) assert.equal(verifyMldsa44Keccak({ publicKey, message, context, signature: flipped(signature, at) }), false, `byte ${at}`);
    assert.equal(bytesToHex(mldsa44KeccakPublicKey(vectors.find((vector) => vector.secretKey !== undefined)!.secretKey!)), vectors.find((vector) => vector.secretKey !== undefined)!.publicKey);
  });
});
