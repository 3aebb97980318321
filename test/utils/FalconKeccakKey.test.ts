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
    // The code store's form (packages/sdk/src/keys/codeStore.ts): one chunk, `0x00 ‖ data`.
    const key = concatHex([keccak256(bytes), await place(concatHex(["0x00", bytes]))]);
    const commitment = slice(key, 0, 32);
    const chunk = slice(key, 32);
    // Random data of the right length (committed or not), and codes of the wrong length or first byte.
    const random = toHex(crypto.getRandomValues(new Uint8Array(2945)));
    const keys: Hex[] = [
      key,
      concatHex([keccak256(random), await place(concatHex(["0x00", random]))]),
      concatHex([commitment, await place(concatHex(["0x00", random]))]),
      concatHex([keccak256(random), await place(concatHex(["0xff", random]))]),
      concatHex([keccak256(random), await place(concatHex(["0x01", random]))]),
      concatHex([keccak256(slice(random, 0, 2944)), await place(concatHex(["0x00", slice(random, 0, 2944)]))]),
      concatHex([keccak256(concatHex([random, "0x00"])), await place(concatHex(["0x00", random, "0x00"]))]),
      concatHex([keccak256(random), await place(random)]),
      concatHex([commitment, "0x000000000000000000000000000000000000dead"]),
      concatHex([keccak256(concatHex([bytes, "0x00"])), chunk]),
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
