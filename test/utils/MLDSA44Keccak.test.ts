import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, bytesToHex } from "viem";

const { viem } = await network.create();
const mock = await viem.deployContract("MLDSA44KeccakMock");
const hex = (length: number): Hex => bytesToHex(randomBytes(length));

describe("MLDSA44Keccak (ETHDILITHIUM, not FIPS 204): hashes against the plain reference", () => {
  it("μ agrees for messages and contexts of every length class (empty, short, a keccak block and past it)", async () => {
    for (const [messageLength, contextLength] of [[32, 0], [0, 0], [1, 255], [70, 3], [136, 0], [500, 17], [31, 1]] as const) {
      const [tr, message, context] = [hex(64), hex(messageLength), hex(contextLength)];
      assert.equal(await mock.read.mu([tr, message, context]), await mock.read.referenceMu([tr, message, context]), `|M| ${messageLength}, |ctx| ${contextLength}`);
    }
  });

  it("SampleInBall gives the reference's c for random c̃, and both reject the same c̃", async () => {
    let ok = 0;
    for (let n = 0; n < 40; n++) {
      const cTilde = hex(32);
      const [found, c] = await mock.read.sampleInBall([cTilde]);
      const [referenceFound, referenceC] = await mock.read.referenceSampleInBall([cTilde]);
      assert.equal(found, referenceFound, cTilde);
      assert.deepEqual(c, referenceC, cTilde);
      if (found) ok++;
      // abitype leaves a 256-element array's type unknown.
      if (found) assert.equal((c as readonly bigint[]).filter((v) => v !== 0n).length, 39);
    }
    assert.equal(ok, 40);
  });
});
