import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shake128 } from "@noble/hashes/sha3.js";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { InvalidPublicKeyLengthError } from "../../errors/keys.js";
import { decodePublicKey } from "./encoding.js";
import { expandA, rejNttPoly } from "./expandA.js";
import { mldsaParameterSets, n, q } from "./params.js";

const { k, l } = mldsaParameterSets["ML-DSA-65"];

describe("rejNttPoly", () => {
  it("keeps the 23-bit little-endian 3-byte candidates below q, in stream order", () => {
    // About 1 candidate in 1,000 is rejected; this seed's stream has one at byte 612, in the fourth
    // SHAKE128 block, so the test covers a rejection and reading across blocks.
    const seed = Uint8Array.of(...new Array(32).fill(0xab), 21, 4);
    const stream = shake128(seed, { dkLen: 3 * 400 });
    const expected: number[] = [];
    const rejected: number[] = [];
    for (let offset = 0; expected.length < n; offset += 3) {
      const candidate = stream[offset] + 256 * stream[offset + 1] + 65536 * (stream[offset + 2] % 128);
      if (candidate < q) expected.push(candidate);
      else rejected.push(offset);
    }
    assert.deepEqual(rejected, [612]);
    assert.deepEqual(Array.from(rejNttPoly(seed)), expected);
  });
});

describe("expandA", () => {
  // pk of ML-DSA-65 KeyGen with ξ = 0^32; reference values computed with dilithium-py 1.5.1
  // (an independent Python implementation): ML_DSA_65._expand_matrix_from_seed(rho)[i, j].coeffs.
  const { rho } = decodePublicKey(ml_dsa65.keygen(new Uint8Array(32)).publicKey);

  it("matches dilithium-py, which pins the (column, row) byte order of the seed", () => {
    const aHat = expandA(rho);
    assert.deepEqual(Array.from(aHat[0][1].subarray(0, 4)), [7437112, 536175, 289168, 3195460]);
    assert.deepEqual(Array.from(aHat[1][0].subarray(0, 4)), [1403133, 8055219, 383652, 6885890]);
    assert.deepEqual(Array.from(aHat[5][4].subarray(254)), [6225125, 2748646]);
  });

  it("samples Â[i][j] from SHAKE128(ρ ‖ j ‖ i)", () => {
    const aHat = expandA(rho);
    assert.equal(aHat.length, k);
    for (let i = 0; i < k; i++) {
      assert.equal(aHat[i].length, l);
      for (let j = 0; j < l; j++) assert.deepEqual(aHat[i][j], rejNttPoly(Uint8Array.of(...rho, j, i)));
    }
  });

  it("rejects a seed that is not 32 bytes", () => {
    assert.throws(() => expandA(rho.subarray(1)), InvalidPublicKeyLengthError);
  });
});
