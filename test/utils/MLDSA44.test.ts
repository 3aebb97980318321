import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { mldsa44Signer } from "@pq4337/sdk";
import { shake256 } from "@noble/hashes/sha3.js";
import { asLanes } from "../helpers/lanes.js";

const { viem } = await network.create();
const mock = await viem.deployContract("MLDSA44Mock");
const reference = await viem.deployContract("MLDSA44ReferenceMock");
const q = 8_380_417n;
const Z_OFFSET = 32;
const HINT_OFFSET = 2336;

/** σ with the 18-bit z field of coefficient `index` (of 1,024) set to `raw`. */
function withRaw(signature: Hex, index: number, raw: number): Hex {
  const bytes = hexToBytes(signature);
  for (let b = 0; b < 18; b++) {
    const at = 8 * Z_OFFSET + 18 * index + b;
    bytes[at >> 3] = (bytes[at >> 3]! & ~(1 << (at & 7))) | (((raw >> b) & 1) << (at & 7));
  }
  return bytesToHex(bytes);
}

/** Signatures with hints in every row: noble's, hedged, over random hashes. */
async function signatures(count: number): Promise<Hex[]> {
  const signer = mldsa44Signer();
  return Promise.all(Array.from({ length: count }, () => signer.sign({ hash: bytesToHex(randomBytes(32)) })));
}

/**
 * UseHint's edge lanes (below 2q, as the inverse NTT leaves them): around the wrap at q − 1 and around multiples of
 * 2γ2 = 190,464 and of γ2, below q and above it (where r mod q is not formed: r1 of r − q is taken from r − 1, and the
 * wrap is 88).
 */
const gamma2 = 95_232n;
const useHintEdges = [0n, q - 1n, q, 2n * q - 1n, 2n * q - 2n].concat(
  [gamma2 - 1n, gamma2, gamma2 + 1n, 2n * gamma2].flatMap((value) => [value, q + value]),
  [gamma2 - 1n, gamma2, gamma2 + 1n].flatMap((value) => [q - value, 2n * q - value]),
);

describe("MLDSA44: assembly routines against their plain references", () => {
  it("_decodeZ unpacks every 18-bit field as MLDSA44Reference.decodeZ does, and agrees on ‖z‖∞ at the bounds", async () => {
    const gas: bigint[] = [];
    const cases = await signatures(3);
    const [first] = cases;
    // The bounds of raw are β + 1 = 79 and 2γ1 − β − 1 = 262,065; coefficients in each of the four polynomials.
    for (const [index, raw] of [[0, 78], [0, 79], [255, 262_065], [256, 262_066], [700, 0], [1023, 262_143], [513, 131_072]] as const)
      cases.push(withRaw(first!, index, raw));
    for (const signature of cases) {
      const [ok, z, used] = (await mock.read.decodeZ([signature])) as readonly [boolean, readonly bigint[], bigint];
      const [okReference, zReference] = (await reference.read.decodeZ([signature])) as readonly [boolean, readonly bigint[]];
      assert.equal(ok, okReference);
      assert.deepEqual(z, zReference);
      assert.ok(z.every((value) => value > q - 2n ** 17n && value <= q + 2n ** 17n));
      gas.push(used);
    }
    assert.deepEqual(
      await Promise.all(cases.slice(3).map(async (s) => (await mock.read.decodeZ([s]))[0])),
      [false, true, true, false, false, false, true],
    );
    console.log(`      _decodeZ gas: ${gas[0]}`);
  });

  it("_useHintAndEncode gives MLDSA44Reference.useHintAndEncode's bytes for every row, hinted or not, at Decompose's wrap", async () => {
    let gas = 0n;
    for (const signature of await signatures(3)) {
      for (let row = 0; row < 4; row++) {
        // Lanes below 2q, as the inverse NTT leaves them, with the edge values.
        const w = Array.from({ length: 256 }, () => BigInt(`0x${randomBytes(8).toString("hex")}`) % (2n * q));
        useHintEdges.forEach((value, index) => (w[index * 12] = value));
        const bytes = hexToBytes(signature);
        const start = row === 0 ? 0 : bytes[HINT_OFFSET + 80 + row - 1]!;
        for (let index = start; index < bytes[HINT_OFFSET + 80 + row]!; index++) {
          const position = bytes[HINT_OFFSET + index]!;
          w[position] = useHintEdges[index % useHintEdges.length]!;
        }
        const [encoded, used] = (await mock.read.useHintAndEncode([w, signature, BigInt(row)])) as readonly [Hex, bigint];
        assert.equal(encoded, await reference.read.useHintAndEncode([w, signature, BigInt(row)]), `row ${row}`);
        gas = used;
      }
    }
    console.log(`      _useHintAndEncode gas (one row): ${gas}`);
  });

  it("_useHintAndEncode with ω and ω − 1 positions (0 and 255 among them) in one row, two at a time and one alone, on every edge value", async () => {
    const omega = 80;
    let gas = 0n;
    for (const count of [omega, omega - 1]) {
      // `count` distinct positions, increasing: 0, 255 and count − 2 spread between them (an odd count takes one alone first).
      const positions = [0, ...Array.from({ length: count - 2 }, (_, n) => 1 + Math.floor((n * 253) / (count - 2))), 255];
      for (const row of [0, 3]) {
        const bytes = new Uint8Array(HINT_OFFSET + omega + 4);
        positions.forEach((position, index) => (bytes[HINT_OFFSET + index] = position));
        for (let r = 0; r < 4; r++) bytes[HINT_OFFSET + omega + r] = r < row ? 0 : count;
        const signature = bytesToHex(bytes);
        for (let n = 0; n < 2; n++) {
          const w = Array.from({ length: 256 }, () => BigInt(`0x${randomBytes(8).toString("hex")}`) % (2n * q));
          positions.forEach((position, index) => (w[position] = useHintEdges[(index + n * 5) % useHintEdges.length]!));
          const [encoded, used] = (await mock.read.useHintAndEncode([w, signature, BigInt(row)])) as readonly [Hex, bigint];
          assert.equal(encoded, await reference.read.useHintAndEncode([w, signature, BigInt(row)]), `${count} positions, row ${row}`);
          gas = used;
        }
      }
    }
    console.log(`      _useHintAndEncode gas (one row, ω − 1 positions): ${gas}`);
  });
});

describe("MLDSA44 / MLDSA87: c̃′ = SHAKE256(μ ‖ w1Encode(w1′)) with the padding in place, against noble's SHAKE256", () => {
  it("matches σ's c̃ exactly when it is the transcript's digest (a partial last block for 44, a whole padding block for 87)", async () => {
    const mock87 = await viem.deployContract("MLDSA87Mock");
    // ML-DSA-87 holds the transcript as little-endian lanes (each 8-byte group reversed); ML-DSA-44 as bytes.
    for (const { target, length, cTildeBytes, signatureLength, lanes } of [
      { target: mock, length: 64 + 768, cTildeBytes: 32, signatureLength: 2420, lanes: false },
      { target: mock87, length: 64 + 1024, cTildeBytes: 64, signatureLength: 4627, lanes: true },
    ]) {
      const held = (transcript: Uint8Array) => bytesToHex(lanes ? asLanes(transcript) : transcript);
      for (let n = 0; n < 4; n++) {
        const transcript = randomBytes(length);
        const signature = randomBytes(signatureLength);
        signature.set(shake256(transcript, { dkLen: cTildeBytes }));
        assert.equal(await target.read.cTildeMatches([held(transcript), bytesToHex(signature)]), true);
        // A flipped bit in c̃ (first and last byte) or in the transcript.
        for (const at of [0, cTildeBytes - 1]) {
          const wrong = Uint8Array.from(signature);
          wrong[at] = wrong[at]! ^ (1 << n);
          assert.equal(await target.read.cTildeMatches([held(transcript), bytesToHex(wrong)]), false);
        }
        transcript[length - 1] = transcript[length - 1]! ^ 0x80;
        assert.equal(await target.read.cTildeMatches([held(transcript), bytesToHex(signature)]), false);
      }
    }
  });
});
