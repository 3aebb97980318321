import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { expandFalconPublicKey, verifyFalconKeccakWithExpandedKey } from "@pq4337/sdk/falcon";
import type { Row } from "./dataset.js";
import { ethfalconVector, falcon512KeccakScheme, variantSection } from "./variants.js";

const row = (scheme: string, bench_name: string, surface: Row["surface"], gas: number) => ({ scheme, bench_name, surface, gas, hardfork: "osaka" }) as Row;

describe("keccak variant beside the standard", () => {
  it("the bench's vector is a valid ETHFALCON signature (SDK reference verifier) and fails with another message", () => {
    const { bytes } = expandFalconPublicKey(ethfalconVector.publicKey);
    assert.equal(verifyFalconKeccakWithExpandedKey(bytes, ethfalconVector.message, ethfalconVector.signature), true);
    assert.equal(verifyFalconKeccakWithExpandedKey(bytes, `0x${"00".repeat(32)}`, ethfalconVector.signature), false);
  });

  it("labels the variant, takes the figures from the run's rows and ERC-7562 from the standard's declared limit", () => {
    assert.deepEqual(variantSection([row("falcon512", "verify", "verify", 402_902)]), []);
    const lines = variantSection([
      row("falcon512", "validateUserOp.verificationGasLimit", "validateUserOp", 459_964),
      row("falcon512", "variant.verify", "variant", 403_471),
      row(falcon512KeccakScheme.name, "variant.verify", "variant", 139_157),
    ]);
    const standard = lines.find((line) => line.startsWith("| Falcon512Verifier"))!;
    const variant = lines.find((line) => line.startsWith("| Falcon512KeccakVerifier"))!;
    assert.match(standard, /\| 403,471 \| 3,152 \| fits \(declared verificationGasLimit 459,964\) \|$/);
    assert.match(variant, /not FIPS 206, not NIST-approved \| 139,157 \| 1,087 \|/);
    assert.match(variant, /28 % of the 500,000 bound/);
    assert.ok(lines.some((line) => line.startsWith("| ZKNox ZKNOX_ethfalcon.verify") && line.includes("| accepted |")));
  });
});
