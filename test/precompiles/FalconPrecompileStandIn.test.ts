import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { falcon512padded } from "@noble/post-quantum/falcon.js";
import { network } from "hardhat";
import { type Hex, bytesToHex, concatBytes, hexToBytes, padHex } from "viem";
import {
  decodeFalconPublicKey,
  decodeFalconSignature,
  expandFalconPublicKey,
  falconHashToPoint as hashToPoint,
  falconParameters,
  falconQ as q,
} from "../../packages/sdk/src/keys/falcon/index.js";
import { falconVectors } from "../helpers/falcon.js";
import { straddleNormBound } from "../helpers/falconNorm.js";
import { placeStandIn } from "../helpers/precompiles.js";

// Where the stand-ins are placed for these tests: any free addresses (outside EIP-7587's 0x0100–0x01ff).
const HASH_TO_POINT = padHex("0x0100f1", { size: 20 });
const CORE = padHex("0x0100f2", { size: 20 });
const GAS_LIMIT = 5_000_000n;
const ONE = padHex("0x01", { size: 32 });

const { paddedSignatureLength, normBound } = falconParameters(512);
const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** The 897-byte challenge as the stand-ins encode it: 0x00 ‖ 512 14-bit big-endian fields, in index order. */
function encodeChallenge(c: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(897);
  let position = 8;
  for (let i = 0; i < 512; i++)
    for (let b = 13; b >= 0; b--, position++) if ((c[i] >> b) & 1) out[position >> 3] |= 0x80 >> (position & 7);
  return out;
}

/** Writes the 14-bit `value` as field `index` of a header-led 897-byte polynomial (public key or challenge). */
function setField(polynomial: Uint8Array, index: number, value: number): Uint8Array {
  const out = polynomial.slice();
  for (let b = 0; b < 14; b++) {
    const position = 8 + 14 * index + b;
    const mask = 0x80 >> (position & 7);
    if ((value >> (13 - b)) & 1) out[position >> 3] |= mask;
    else out[position >> 3] &= ~mask;
  }
  return out;
}

const connection = await network.create();
const { viem } = connection;
const probe = await viem.deployContract("PrecompileCallProbe");
for (const [name, address] of [
  ["FalconHashToPointPrecompileStandIn", HASH_TO_POINT],
  ["FalconCorePrecompileStandIn", CORE],
] as const)
  await placeStandIn(connection, name, address);

type Outcome = { kind: "output"; output: Hex; gasUsed: bigint } | { kind: "burned" } | { kind: "reverted" };

/** A static call with raw `input` through the probe: its returndata, or whether it burned its gas or reverted. */
async function call(to: Hex, input: Uint8Array): Promise<Outcome> {
  const [success, gasUsed, output] = await probe.read.probe([to, bytesToHex(input), GAS_LIMIT]);
  if (success) return { kind: "output", output, gasUsed };
  return gasUsed >= GAS_LIMIT && output === "0x" ? { kind: "burned" } : { kind: "reverted" };
}

async function output(to: Hex, input: Uint8Array): Promise<Hex> {
  const outcome = await call(to, input);
  assert.equal(outcome.kind, "output");
  return (outcome as { output: Hex }).output;
}

const hashToPointInput = (message: Uint8Array, signature: Uint8Array) => concatBytes([message, signature]);
const coreInput = (signature: Uint8Array, publicKey: Uint8Array, challenge: Uint8Array) => concatBytes([signature, publicKey, challenge]);

/** FALCON_HASH_TO_POINT_SHAKE256 then FALCON_CORE: CORE's returndata (burns are failures). */
async function verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): Promise<Hex> {
  const challenge = hexToBytes(await output(HASH_TO_POINT, hashToPointInput(message, signature)));
  return output(CORE, coreInput(signature, publicKey, challenge));
}

/** The challenge off-chain: the SDK's HashToPoint of salt ‖ message, encoded as the stand-ins do. */
const challengeOf = (message: Uint8Array, signature: Uint8Array) =>
  encodeChallenge(hashToPoint(concatBytes([signature.subarray(1, 41), message]), 512));

/** PQClean's vectors, padded as they are or zero-padded from compressed, and the CT vectors' compressed forms. */
function paddedVectors() {
  const vectors = [];
  for (const { publicKey, message, signature, ...rest } of [...falconVectors(512, "pqclean"), ...falconVectors(512, "ct")]) {
    const compressed = hexToBytes((rest as { compressed?: Hex }).compressed ?? signature);
    if (compressed[0] !== 0x39 || compressed.length > paddedSignatureLength) continue;
    const padded = new Uint8Array(paddedSignatureLength);
    padded.set(compressed);
    vectors.push({ publicKey: hexToBytes(publicKey), message: hexToBytes(message), signature: padded });
  }
  return vectors;
}

describe("Falcon-512 precompile stand-ins (EIP-8052)", () => {
  it("FALCON_HASH_TO_POINT_SHAKE256 returns the SDK's HashToPoint as 0x00 ‖ 512 14-bit big-endian fields", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    for (let i = 0; i < 4; i++) {
      const message = random(32);
      const signature = falcon512padded.sign(message, secretKey);
      const challenge = await output(HASH_TO_POINT, hashToPointInput(message, signature));
      assert.equal(challenge, bytesToHex(challengeOf(message, signature)));
      assert.equal(hexToBytes(challenge)[0], 0);
    }
    for (const { message, signature } of paddedVectors())
      assert.equal(await output(HASH_TO_POINT, hashToPointInput(message, signature)), bytesToHex(challengeOf(message, signature)));
    // The encoding is the public key's field layout with 0x00 for the header.
    const { h } = decodeFalconPublicKey(publicKey);
    const asKey = encodeChallenge(h);
    asKey[0] = 0x09;
    assert.deepEqual(asKey, publicKey);
  });

  it("H2P then CORE returns 1 for noble padded signatures of random hashes under random keys", async () => {
    for (let k = 0; k < 3; k++) {
      const { publicKey, secretKey } = falcon512padded.keygen(random(48));
      for (let i = 0; i < 3; i++) {
        const message = random(32);
        const signature = falcon512padded.sign(message, secretKey);
        assert.equal(signature.length, paddedSignatureLength);
        assert.equal(await verify(message, signature, publicKey), ONE);
        if (k === 0 && i === 0) {
          const h2p = await call(HASH_TO_POINT, hashToPointInput(message, signature));
          const core = await call(CORE, coreInput(signature, publicKey, challengeOf(message, signature)));
          assert.ok(h2p.kind === "output" && core.kind === "output");
          console.log(`      stand-in gas (with a warm CALL): H2P ${h2p.gasUsed}, CORE ${core.gasUsed}`);
        }
      }
    }
  });

  it("H2P then CORE returns 1 for every PQClean vector and every CT vector, as padded signatures", async () => {
    const vectors = paddedVectors();
    assert.ok(vectors.length >= 8, `${vectors.length} vectors`);
    for (const { publicKey, message, signature } of vectors) {
      assert.equal(decodeFalconSignature(signature, 512)?.format, "padded");
      assert.equal(await verify(message, signature, publicKey), ONE);
    }
  });

  it("CORE returns no data for another salt, message or key, and for a signature just above β²", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const other = falcon512padded.keygen(random(48));
    const message = random(32);
    const signature = falcon512padded.sign(message, secretKey);
    const challenge = challengeOf(message, signature);
    assert.equal(await verify(message, signature, publicKey), ONE);
    for (const byte of [1, 20, 40]) {
      const mutated = signature.slice();
      mutated[byte] ^= 0x80;
      const mutatedChallenge = await output(HASH_TO_POINT, hashToPointInput(message, mutated));
      assert.notEqual(mutatedChallenge, bytesToHex(challenge), `salt byte ${byte}`);
      assert.equal(await output(CORE, coreInput(mutated, publicKey, hexToBytes(mutatedChallenge))), "0x", `salt byte ${byte}`);
    }
    const wrong = message.slice();
    wrong[31] ^= 0x01;
    assert.equal(await verify(wrong, signature, publicKey), "0x");
    assert.equal(await verify(message, signature, other.publicKey), "0x");

    // The norm bound, from the same signature moved along the lattice: the largest norm ≤ β² found is accepted,
    // the smallest above it is not (when their encodings fit the padded length).
    const { hHat } = expandFalconPublicKey(publicKey);
    const { below, belowNorm, above, aboveNorm } = straddleNormBound({ n: 512, signature, message, secretKey, hHat, bound: normBound });
    for (const [compressed, norm, expected] of [
      [below, belowNorm, ONE],
      [above, aboveNorm, "0x"],
    ] as const) {
      if (compressed.length > paddedSignatureLength) continue;
      const padded = new Uint8Array(paddedSignatureLength);
      padded.set(compressed);
      assert.equal(await verify(message, padded, publicKey), expected, `norm ${norm}`);
      console.log(`      norm ${norm}: ${expected === ONE ? "accepted" : "rejected"} (β² = ${normBound})`);
    }
  });

  it("CORE burns the gas on undecodable s2 and returns no data on a decodable but wrong one", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const message = random(32);
    const signature = falcon512padded.sign(message, secretKey);
    const challenge = challengeOf(message, signature);
    const kinds = new Set<string>();
    for (let byte = 41; byte < 400; byte += 7)
      for (const bit of [0x01, 0x10, 0x80]) {
        const mutated = signature.slice();
        mutated[byte] ^= bit;
        const decodes = decodeFalconSignature(mutated, 512) !== undefined;
        const outcome = await call(CORE, coreInput(mutated, publicKey, challenge));
        const label = `byte ${byte} bit ${bit}`;
        if (decodes) assert.equal(outcome.kind === "output" && outcome.output, "0x", label);
        else assert.deepEqual(outcome, { kind: "burned" }, label);
        kinds.add(decodes ? "empty" : "burned");
      }
    // Both cases occur.
    assert.deepEqual([...kinds].sort(), ["burned", "empty"]);
  });

  it("burns the gas on malformed input: lengths, headers, padding, coefficients ≥ q", async () => {
    const { publicKey, secretKey } = falcon512padded.keygen(random(48));
    const message = random(32);
    const signature = falcon512padded.sign(message, secretKey);
    const challenge = challengeOf(message, signature);
    const burns = async (to: Hex, input: Uint8Array, label: string) => assert.deepEqual(await call(to, input), { kind: "burned" }, label);
    assert.equal(await output(CORE, coreInput(signature, publicKey, challenge)), ONE);

    const h2p = hashToPointInput(message, signature);
    for (const input of [new Uint8Array(0), h2p.subarray(0, 697), concatBytes([h2p, new Uint8Array(1)]), message])
      await burns(HASH_TO_POINT, input, `H2P length ${input.length}`);

    const core = coreInput(signature, publicKey, challenge);
    for (const input of [new Uint8Array(0), core.subarray(0, core.length - 1), concatBytes([core, new Uint8Array(1)])])
      await burns(CORE, input, `CORE length ${input.length}`);

    for (const header of [0x3a, 0x59, 0x29, 0x00]) {
      const mutated = signature.slice();
      mutated[0] = header;
      await burns(CORE, coreInput(mutated, publicKey, challenge), `signature header ${header}`);
    }
    assert.equal(signature[paddedSignatureLength - 1], 0, "the last byte is padding");
    const dirty = signature.slice();
    dirty[paddedSignatureLength - 1] = 0x01;
    await burns(CORE, coreInput(dirty, publicKey, challenge), "non-zero padding");

    for (const header of [0x0a, 0x00, 0x89]) {
      const mutated = publicKey.slice();
      mutated[0] = header;
      await burns(CORE, coreInput(signature, mutated, challenge), `public key header ${header}`);
    }
    for (const [index, value] of [[0, q], [7, 0x3fff], [8, q], [511, q + 1]]) {
      await burns(CORE, coreInput(signature, setField(publicKey, index, value), challenge), `public key h[${index}] = ${value}`);
      await burns(CORE, coreInput(signature, publicKey, setField(challenge, index, value)), `challenge c[${index}] = ${value}`);
    }
    for (const first of [0x01, 0x09, 0x80]) {
      const mutated = challenge.slice();
      mutated[0] = first;
      await burns(CORE, coreInput(signature, publicKey, mutated), `challenge first byte ${first}`);
    }
  });
});
