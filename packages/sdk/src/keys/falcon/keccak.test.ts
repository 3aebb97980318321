import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { InvalidFalconSignatureError } from "../../errors/falcon.js";
import { decodeFalconPublicKey } from "./encoding.js";
import { expandFalconPublicKey } from "./expandPublicKey.js";
import {
  decodeFalconKeccakSignature,
  encodeFalconKeccakSignature,
  falconKeccakPublicKeyFromNtt,
  hashToPointKeccak,
  verifyFalconKeccakWithExpandedKey,
} from "./keccak.js";
import { falconNtt } from "./ntt.js";
import { q } from "./params.js";

type SignatureVector = { source: string; publicKey: Hex; message: Hex; signature: Hex; ntth?: Hex[] };
type PointVector = { source: string; salt: Hex; message: Hex; point: number[] };
const records: (SignatureVector | PointVector)[] = readFileSync(
  new URL("../../../../../test/fixtures/falcon512keccak-ethfalcon.jsonl", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const signatures = records.filter((r): r is SignatureVector => "signature" in r);
const points = records.filter((r): r is PointVector => "point" in r);

describe("ETHFALCON (Falcon-512, keccak variant)", () => {
  it("hashToPointKeccak matches ETHFALCON's Python hash_to_point", () => {
    assert.ok(points.length >= 4);
    for (const { salt, message, point } of points) assert.deepEqual(Array.from(hashToPointKeccak(salt, message)), point);
  });

  it("the reference verifier accepts every ETHFALCON vector: its Solidity test, its KAT file, its Python signer", () => {
    for (const prefix of ["ETHFALCON test/ethfalcon.t.sol", "ETHFALCON test/ethfalcon512-KAT.rsp", "ETHFALCON pythonref signer"])
      assert.ok(signatures.some(({ source }) => source.startsWith(prefix)), prefix);
    for (const { source, publicKey, message, signature } of signatures)
      assert.equal(verifyFalconKeccakWithExpandedKey(expandFalconPublicKey(publicKey).bytes, message, signature), true, source);
  });

  it("rejects a changed message, salt or s2 coefficient, and a coefficient written as itself plus q", () => {
    const { publicKey, message, signature } = signatures[0];
    const expanded = expandFalconPublicKey(publicKey).bytes;
    const bytes = hexToBytes(signature);
    const flip = (offset: number) => {
      const mutated = bytes.slice();
      mutated[offset] ^= 0x01;
      return mutated;
    };
    const wrongMessage = hexToBytes(message);
    wrongMessage[0] ^= 1;
    assert.equal(verifyFalconKeccakWithExpandedKey(expanded, wrongMessage, signature), false);
    assert.equal(verifyFalconKeccakWithExpandedKey(expanded, message, flip(0)), false);
    assert.equal(verifyFalconKeccakWithExpandedKey(expanded, message, flip(1063)), false);
    // s2 + q is the same residue, a second encoding ETHFALCON's Solidity verifier reads as s2; here it is refused.
    const { salt, s2 } = decodeFalconKeccakSignature(signature)!;
    const i = s2.findIndex((c) => c >= 0);
    const offset = 40 + 32 * (i >> 4) + 30 - 2 * (i & 15);
    const aliased = bytes.slice();
    aliased[offset] = (s2[i] + q) >> 8;
    aliased[offset + 1] = (s2[i] + q) & 0xff;
    assert.equal(decodeFalconKeccakSignature(aliased), undefined);
    assert.equal(verifyFalconKeccakWithExpandedKey(expanded, message, aliased), false);
    assert.equal(bytesToHex(encodeFalconKeccakSignature({ salt, s2 })), signature);
  });

  it("encodes and decodes signatures; wrong lengths are refused", () => {
    for (const { signature } of signatures.slice(0, 8)) {
      const { salt, s2 } = decodeFalconKeccakSignature(signature)!;
      assert.equal(bytesToHex(encodeFalconKeccakSignature({ salt, s2 })), signature);
      assert.equal(bytesToHex(encodeFalconKeccakSignature({ salt, s2: Array.from(s2, (c) => (c + q) % q) })), signature);
    }
    assert.equal(decodeFalconKeccakSignature(new Uint8Array(1063)), undefined);
    assert.equal(decodeFalconKeccakSignature(new Uint8Array(1065)), undefined);
    assert.throws(() => encodeFalconKeccakSignature({ salt: new Uint8Array(32), s2: new Array(512).fill(0) }), InvalidFalconSignatureError);
  });

  it("falconKeccakPublicKeyFromNtt recovers h from ETHFALCON's NTT-domain key, words or coefficients", () => {
    const withNtt = signatures.filter((vector) => vector.ntth !== undefined);
    assert.ok(withNtt.length >= 5);
    for (const { publicKey, ntth } of withNtt) {
      const words = ntth!.map(BigInt);
      assert.equal(bytesToHex(falconKeccakPublicKeyFromNtt(words)), publicKey);
      const { h } = decodeFalconPublicKey(publicKey);
      assert.equal(bytesToHex(falconKeccakPublicKeyFromNtt(falconNtt(h))), publicKey);
    }
  });
});
