import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { type Hex, bytesToHex, concatBytes, hexToBytes } from "viem";
import { expandMldsa44PublicKey } from "./expandPublicKey.js";
import { expandMldsa44KeccakPublicKey, keccakCtrStream } from "./keccak.js";

type Vector = { source: string; publicKey: Hex; expandedKey?: Hex; message: Hex; context: Hex; signature: Hex };
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
    for (const { source, publicKey, expandedKey } of withE) assert.equal(expandMldsa44KeccakPublicKey(publicKey).bytes, expandedKey, source);
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
