import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { sha256 } from "@noble/hashes/sha2.js";
import { sha3_256, shake256 } from "@noble/hashes/sha3.js";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, concatHex, hexToBytes, keccak256, size, sliceHex } from "viem";
import { InvalidExpandedKeyError, InvalidHexError, InvalidPublicKeyLengthError } from "../../errors/keys.js";
import { codeChunksCommitment, toCodeChunks } from "../codeStore.js";
import { decodePublicKey, encodeExpandedKey } from "../mldsa/encoding.js";
import { expandPublicKey, verifyExpandedKey } from "./expandPublicKey.js";
import { inverseNtt } from "../mldsa/ntt.js";
import { expandedKeyLength, k, l } from "./params.js";

const { publicKey } = ml_dsa65.keygen(shake256(new TextEncoder().encode("expand pk"), { dkLen: 32 }));
const expanded = expandPublicKey(publicKey);

describe("expandPublicKey", () => {
  it("matches dilithium-py for the key of ξ = 0^32", () => {
    // SHA-256 of pk (noble's KeyGen) and of E = Â ‖ t̂1 ‖ tr computed from that pk with dilithium-py 1.5.1,
    // an independent Python implementation (ExpandA, NTT(t1 · 2^13) and H(pk, 64) serialised as specified).
    const pk0 = ml_dsa65.keygen(new Uint8Array(32)).publicKey;
    assert.equal(bytesToHex(sha256(pk0)), "0x085ba380ff386dd52e42349c6eb88489d6058ea541a4e3fb0dce9a3fd1f7a911");
    const e0 = expandPublicKey(pk0);
    assert.equal(bytesToHex(sha256(hexToBytes(e0.bytes).subarray(0, expandedKeyLength))), "0x8c9fd8e97f5a8aa130034ddab7212c9c95649ed41b0a1e3d1685d920ee732a05");
    assert.deepEqual(Array.from(e0.t1Hat[0].subarray(0, 4)), [532410, 7783650, 1239453, 1008688]);
    assert.deepEqual(Array.from(e0.t1Hat[5].subarray(254)), [3687065, 7655242]);
    assert.equal(sliceHex(e0.tr, 0, 8), "0x119c7cbe3b3b489f");
  });

  it("serialises Â, t̂1 and tr into the 36,928-byte expanded key, followed by pk for a precompile", () => {
    assert.equal(size(expanded.bytes), expandedKeyLength + size(publicKey));
    assert.equal(sliceHex(expanded.bytes, expandedKeyLength), bytesToHex(publicKey));
    assert.equal(expanded.aHat.length, k);
    assert.ok(expanded.aHat.every((row) => row.length === l));
    assert.equal(expanded.t1Hat.length, k);
    assert.equal(sliceHex(expanded.bytes, 0, expandedKeyLength), bytesToHex(encodeExpandedKey({ ...expanded, tr: hexToBytes(expanded.tr) })));
    assert.equal(sliceHex(expanded.bytes, expandedKeyLength - 64, expandedKeyLength), expanded.tr);
  });

  it("computes tr = SHAKE256(pk, 64) and t̂1 = NTT(t1 · 2^13)", () => {
    assert.equal(expanded.tr, bytesToHex(shake256(publicKey, { dkLen: 64 })));
    const { t1 } = decodePublicKey(publicKey);
    expanded.t1Hat.forEach((polynomial, i) =>
      assert.deepEqual(
        Array.from(inverseNtt(polynomial)),
        Array.from(t1[i], (c) => c * 2 ** 13),
      ),
    );
  });

  it("builds the 72-byte ERC-7913 key: commitment(E ‖ pk) ‖ chunk 0 ‖ chunk 1", () => {
    assert.equal(expanded.commitment, codeChunksCommitment(expanded.chunks));
    assert.deepEqual(expanded.chunks, toCodeChunks(expanded.bytes));
    assert.equal(expanded.chunks.length, 2);
    assert.equal(size(expanded.key), 72);
    assert.equal(expanded.key, concatHex([expanded.commitment, expanded.chunks[0].address, expanded.chunks[1].address]));
    assert.equal(expanded.publicKey, bytesToHex(publicKey));
  });

  it("accepts hex and bytes alike", () => {
    assert.deepEqual(expandPublicKey(bytesToHex(publicKey)), expanded);
  });

  it("rejects a public key of the wrong length or malformed hex", () => {
    assert.throws(() => expandPublicKey(publicKey.subarray(0, 1951)), InvalidPublicKeyLengthError);
    assert.throws(() => expandPublicKey(new Uint8Array(1984)), InvalidPublicKeyLengthError);
    assert.throws(() => expandPublicKey(`${bytesToHex(publicKey)}0` as Hex), InvalidHexError);
  });
});

describe("verifyExpandedKey", () => {
  it("accepts the expansion of the key, as hex or bytes", () => {
    assert.equal(verifyExpandedKey(publicKey, expanded.bytes), true);
    assert.equal(verifyExpandedKey(bytesToHex(publicKey), hexToBytes(expanded.bytes)), true);
  });

  it("rejects a single changed byte anywhere: each polynomial's ends and a middle byte, tr and pk", () => {
    const bytes = hexToBytes(expanded.bytes);
    const positions = [expandedKeyLength - 64, expandedKeyLength - 33, expandedKeyLength - 1, expandedKeyLength, size(expanded.bytes) - 1];
    for (let polynomial = 0; polynomial < k * l + k; polynomial++)
      positions.push(polynomial * 1024, polynomial * 1024 + 513, polynomial * 1024 + 1023);
    for (const position of positions) {
      const changed = bytes.slice();
      changed[position] ^= 0x01;
      assert.equal(verifyExpandedKey(publicKey, changed), false, `byte ${position}`);
    }
  });

  it("rejects the expansion of another key", () => {
    const other = ml_dsa65.keygen(new Uint8Array(32).fill(1)).publicKey;
    assert.equal(verifyExpandedKey(other, expanded.bytes), false);
  });

  it("throws typed errors on wrong lengths", () => {
    assert.throws(() => verifyExpandedKey(publicKey, sliceHex(expanded.bytes, 1)), InvalidExpandedKeyError);
    assert.throws(() => verifyExpandedKey(publicKey, concatHex([expanded.bytes, "0x00"])), InvalidExpandedKeyError);
    assert.throws(() => verifyExpandedKey(publicKey.subarray(1), expanded.bytes), InvalidPublicKeyLengthError);
  });
});

/**
 * Vectors from the independent Python implementation dilithium-py, written by scripts/vectors/dilithium_py.py:
 * `{ source, version, keys: [{ publicKey, rho, aHat, t1, tr }] }`, aHat being the 30 polynomials Â[i][j]
 * row-major. Each vector needs `publicKey` and is checked on every other field it has: `rho`, `tr`, `t1`
 * (integers), `aHat` (integers, or the hex of its 30,720-byte encoding), `aHatSha256` / `aHatSha3_256` /
 * `aHatKeccak256` (digest of that encoding), `t1Hat` (integers or hex), `expanded` (hex of E) and
 * `commitment`. Byte strings are hex, with or without 0x.
 */
const fixturePath = fileURLToPath(
  new URL("../../../../../test/fixtures/mldsa65-expanded-dilithium-py.json", import.meta.url),
);

describe("dilithium-py fixture", () => {
  it("matches every vector of test/fixtures/mldsa65-expanded-dilithium-py.json", { skip: !existsSync(fixturePath) }, () => {
    const fixture = JSON.parse(readFileSync(fixturePath, "utf8")) as Record<string, unknown> | unknown[];
    const list = Array.isArray(fixture) ? fixture : (fixture.keys ?? fixture.vectors ?? [fixture]);
    assert.ok(Array.isArray(list), "the fixture's `keys` is not a list");
    const vectors = list as Record<string, unknown>[];
    assert.ok(vectors.length > 0, "the fixture has no vectors");

    for (const [index, vector] of vectors.entries()) {
      const pk = hex(vector.publicKey);
      const result = expandPublicKey(pk);
      const aHatBytes = sliceHex(result.bytes, 0, k * l * 1024);
      const t1HatBytes = sliceHex(result.bytes, k * l * 1024, (k * l + k) * 1024);
      const checks: [string, () => void][] = [
        ["rho", () => assert.equal(hex(vector.rho), sliceHex(pk, 0, 32))],
        ["tr", () => assert.equal(hex(vector.tr), result.tr)],
        ["t1", () => assert.deepEqual(flat(vector.t1), decodePublicKey(hexToBytes(pk)).t1.flatMap((p) => Array.from(p)))],
        ["aHat", () => typeof vector.aHat === "string"
          ? assert.equal(hex(vector.aHat), aHatBytes)
          : assert.deepEqual(flat(vector.aHat), result.aHat.flat().flatMap((p) => Array.from(p)))],
        ["aHatSha256", () => assert.equal(hex(vector.aHatSha256), bytesToHex(sha256(hexToBytes(aHatBytes))))],
        ["aHatSha3_256", () => assert.equal(hex(vector.aHatSha3_256), bytesToHex(sha3_256(hexToBytes(aHatBytes))))],
        ["aHatKeccak256", () => assert.equal(hex(vector.aHatKeccak256), keccak256(aHatBytes))],
        ["t1Hat", () => typeof vector.t1Hat === "string"
          ? assert.equal(hex(vector.t1Hat), t1HatBytes)
          : assert.deepEqual(flat(vector.t1Hat), result.t1Hat.flatMap((p) => Array.from(p)))],
        ["expanded", () => assert.equal(hex(vector.expanded), result.bytes)],
        ["commitment", () => assert.equal(hex(vector.commitment), result.commitment)],
      ];
      const present = checks.filter(([field]) => vector[field] !== undefined);
      assert.ok(present.length > 0, `vector ${index} has none of the fields this test checks`);
      for (const [, check] of present) check();
    }
  });
});

function hex(value: unknown): Hex {
  assert.equal(typeof value, "string");
  const digits = (value as string).replace(/^0x/, "").toLowerCase();
  return `0x${digits}`;
}

function flat(value: unknown): number[] {
  assert.ok(Array.isArray(value));
  return (value as unknown[]).flat(2) as number[];
}
