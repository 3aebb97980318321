import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, concatHex, keccak256, slice, toHex } from "viem";
import { expandFalconPublicKey } from "../../packages/sdk/src/keys/falcon/index.js";
import { falcon512KeccakSigner } from "../../packages/sdk/src/signers/falcon512Keccak.js";

const connection = await network.create();
const mock = await connection.viem.deployContract("FalconKeccakMock");

/** Places `code` at a fresh address and returns it. */
let next = 0x5eed00;
async function place(code: Hex): Promise<Hex> {
  const address = toHex(next++, { size: 20 });
  await connection.provider.request({ method: "hardhat_setCode", params: [address, code] });
  return address;
}

describe("FalconKeccak.readKey (assembly) against Falcon.readCommittedKey (the general reader)", () => {
  it("agrees on real keys and on every malformed key, and returns the same data", async () => {
    const signer = falcon512KeccakSigner({ seed: new Uint8Array(48).fill(3), deterministic: true });
    const { bytes } = expandFalconPublicKey(signer.publicKey);
    // The code store's form (packages/sdk/src/keys/codeStore.ts): one chunk, `0x00 ‖ data`, under the commitment
    // keccak256 of its code hash.
    const commit = (data: Hex) => keccak256(keccak256(concatHex(["0x00", data])));
    const key = concatHex([commit(bytes), await place(concatHex(["0x00", bytes]))]);
    const commitment = slice(key, 0, 32);
    const chunk = slice(key, 32);
    // Random data of the right length (committed or not), and codes of the wrong length or first byte under the
    // commitment to the data they hold a variant of.
    const random = toHex(crypto.getRandomValues(new Uint8Array(2945)));
    const keys: Hex[] = [
      key,
      concatHex([commit(random), await place(concatHex(["0x00", random]))]),
      concatHex([commitment, await place(concatHex(["0x00", random]))]),
      concatHex([commit(random), await place(concatHex(["0xff", random]))]),
      concatHex([commit(random), await place(concatHex(["0x01", random]))]),
      concatHex([commit(random), await place(concatHex(["0x00", slice(random, 0, 2944)]))]),
      concatHex([commit(random), await place(concatHex(["0x00", random, "0x00"]))]),
      concatHex([commit(random), await place(random)]),
      // Commitments to codes that are not the code store's (another first byte, no STOP byte): both readers refuse
      // them, so the data read always has the key's commitment.
      concatHex([keccak256(keccak256(concatHex(["0xff", random]))), await place(concatHex(["0xff", random]))]),
      concatHex([keccak256(keccak256(random)), await place(random)]),
      concatHex([commitment, "0x000000000000000000000000000000000000dead"]),
      concatHex([commit(concatHex([bytes, "0x00"])), chunk]),
      concatHex([keccak256(bytes), chunk]),
      concatHex([`0x${"00".repeat(32)}`, chunk]),
      slice(key, 0, 51),
      concatHex([key, "0x00"]),
      concatHex([key, chunk]),
      "0x",
    ];
    let accepted = 0;
    for (const [index, candidate] of keys.entries()) {
      const [ok, data] = await mock.read.readKey([candidate]);
      const [refOk, refData] = await mock.read.referenceReadKey([candidate]);
      assert.equal(ok, refOk, `key ${index}`);
      assert.equal(data, refData, `key ${index}`);
      if (ok) accepted++;
    }
    // The real key and the random data under its own commitment.
    assert.equal(accepted, 2);
    assert.equal((await mock.read.readKey([key]))[1], bytes);
  });
});

/** A 1,064-byte ETHFALCON signature: a random salt and s2's coefficients written as they are (even q or more). */
function signatureOf(coefficients: number[]): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(1064));
  coefficients.forEach((value, index) => {
    const offset = 40 + 32 * (index >> 4) + 30 - 2 * (index & 15);
    bytes[offset] = value >> 8;
    bytes[offset + 1] = value & 0xff;
  });
  return toHex(bytes);
}

describe("FalconKeccak.decodeSignature (assembly) against FalconKeccakReference", () => {
  it("agrees on random coefficients, on the centring edges and on values of q or more in every unit position", async () => {
    const q = 12289;
    const random = (bound: number) => Array.from({ length: 512 }, () => Math.floor(Math.random() * bound));
    const constant = (value: number) => Array.from({ length: 512 }, () => value);
    const candidates: number[][] = [
      random(q),
      random(q),
      random(q).map((value) => (value % 2 ? value : q - 1 - (value % 6144))),
      random(2).map((bit) => (bit ? 6144 : 6145)),
      constant(0),
      constant(6144),
      constant(6145),
      constant(q - 1),
      Array.from({ length: 512 }, (_, index) => (index % 3 ? q - 1 : 6145)),
    ];
    // One value of q or more, at each of the sixteen unit positions of a word and in the first and last words.
    for (const [index, value] of [0, 1, 7, 8, 15, 16, 255, 503, 511].map((index, k) => [index, [q, 0xffff, 0x8000, 0x4000, q + 6145][k % 5]])) {
      const coefficients = random(q);
      coefficients[index] = value;
      candidates.push(coefficients);
    }
    let accepted = 0;
    for (const [index, coefficients] of candidates.entries()) {
      const signature = signatureOf(coefficients);
      const [ok, s2, norm] = await mock.read.decodeSignature([signature]);
      const [refOk, refS2, refNorm] = await mock.read.referenceDecodeSignature([signature]);
      assert.equal(ok, refOk, `candidate ${index}`);
      if (!ok) continue;
      accepted++;
      assert.deepEqual(s2, refS2, `candidate ${index}`);
      assert.equal(norm, refNorm, `candidate ${index}`);
    }
    assert.equal(accepted, 9);
  });
});

describe("FalconKeccak.hashToPoint (assembly) against FalconKeccakReference", () => {
  it("agrees on random salts and messages (about 1,400 block halves: none, one and several samples rejected)", async () => {
    for (let i = 0; i < 20; i++) {
      const salt = toHex(crypto.getRandomValues(new Uint8Array(40)));
      const message = toHex(crypto.getRandomValues(new Uint8Array(i % 3 === 0 ? 32 : i * 7)));
      const point = await mock.read.hashToPoint([salt, message]);
      assert.equal(point.length, 512);
      assert.deepEqual(point, await mock.read.referenceHashToPoint([salt, message]), `salt ${salt}`);
    }
  });
});
