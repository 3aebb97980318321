import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandFalconPublicKey, verifyFalconKeccakWithExpandedKey } from "@pq4337/sdk/falcon";
import type { Row } from "./dataset.js";
import { ethfalconVector } from "./variantVectors.js";
import { keccakVariants, variantSection } from "./variants.js";

const row = (scheme: string, bench_name: string, surface: Row["surface"], gas: number) => ({ scheme, bench_name, surface, gas, hardfork: "osaka" }) as Row;

describe("keccak variants beside their standards", () => {
  it("the bench's ETHFALCON vector is valid under the SDK's reference verifier and fails with another message", () => {
    const { bytes } = expandFalconPublicKey(ethfalconVector.publicKey);
    assert.equal(verifyFalconKeccakWithExpandedKey(bytes, ethfalconVector.message, ethfalconVector.signature), true);
    assert.equal(verifyFalconKeccakWithExpandedKey(bytes, `0x${"00".repeat(32)}`, ethfalconVector.signature), false);
  });

  it("labels each variant, takes the figures from the run's rows and ERC-7562 from the standard's declared limit", () => {
    assert.deepEqual(variantSection([row("falcon512", "verify", "verify", 402_902)]), []);
    const [falcon, mldsa] = keccakVariants;
    const lines = variantSection([
      row("falcon512", "validateUserOp.verificationGasLimit", "validateUserOp", 459_964),
      row("falcon512", "variant.verify", "variant", 403_471),
      row(falcon!.scheme.name, "variant.verify", "variant", 139_157),
      row("mldsa44", "validateUserOp.verificationGasLimit", "validateUserOp", 1_030_000),
      row("mldsa44", "variant.verify", "variant", 932_228),
      row(mldsa!.scheme.name, "variant.verify", "variant", 625_249),
    ]);
    const find = (verifier: string) => lines.find((line) => line.includes(`| ${verifier}`))!;
    assert.match(find("Falcon512Verifier"), /\| 403,471 \| 3,152 \| fits \(declared verificationGasLimit 459,964\) \|$/);
    assert.match(find("Falcon512KeccakVerifier"), /not FIPS 206, not NIST-approved \| 139,157 \| 1,087 \| .*28 % of the 500,000 bound/);
    assert.match(find("MLDSA44Verifier"), /\| FIPS 204 \| 932,228 \| 7,283 \| exceeds \(declared verificationGasLimit 1,030,000\) \|$/);
    assert.match(find("MLDSA44KeccakVerifier"), /not FIPS 204, not NIST-approved \| 625,249 \| 4,885 \| exceeds: verify alone is over the 500,000 bound \|$/);
    assert.ok(lines.some((line) => line.includes("ZKNox ZKNOX_ethdilithium.verify") && line.includes("4,929,111")));
    assert.ok(lines.some((line) => line.includes("ZKNox ZKNOX_ethfalcon.verify") && line.includes("1,443,583")));
  });
});
