import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { mldsaParameterSets, q } from "./params.js";

describe("mldsaParameterSets", () => {
  it("gives FIPS 204 Table 2's key and signature sizes, as noble produces them", () => {
    for (const [scheme, mldsa] of [["ML-DSA-44", ml_dsa44], ["ML-DSA-65", ml_dsa65], ["ML-DSA-87", ml_dsa87]] as const) {
      const set = mldsaParameterSets[scheme];
      const { publicKey, secretKey } = mldsa.keygen(new Uint8Array(32));
      assert.deepEqual(
        [set.publicKeyLength, set.secretKeyLength, set.signatureLength],
        [publicKey.length, secretKey.length, mldsa.sign(new Uint8Array(0), secretKey).length],
        scheme,
      );
    }
    assert.deepEqual(
      Object.values(mldsaParameterSets).map(({ publicKeyLength, secretKeyLength, signatureLength }) => [publicKeyLength, secretKeyLength, signatureLength]),
      [[1312, 2560, 2420], [1952, 4032, 3309], [2592, 4896, 4627]],
    );
  });

  it("derives β, the packing widths and the expanded key lengths", () => {
    const { "ML-DSA-44": mldsa44, "ML-DSA-65": mldsa65, "ML-DSA-87": mldsa87 } = mldsaParameterSets;
    assert.deepEqual([mldsa44.beta, mldsa65.beta, mldsa87.beta], [78, 196, 120]);
    assert.deepEqual([mldsa44.zBits, mldsa65.zBits, mldsa87.zBits], [18, 20, 20]);
    assert.deepEqual([mldsa44.w1Bits, mldsa65.w1Bits, mldsa87.w1Bits], [6, 4, 4]);
    assert.deepEqual([mldsa44.cTildeLength, mldsa65.cTildeLength, mldsa87.cTildeLength], [32, 48, 64]);
    assert.deepEqual([mldsa44.expandedKeyLength, mldsa65.expandedKeyLength, mldsa87.expandedKeyLength], [20_544, 36_928, 65_600]);
    assert.equal((q - 1) / (2 * mldsa44.gamma2), 44);
    assert.equal((q - 1) / (2 * mldsa65.gamma2), 16);
  });
});
