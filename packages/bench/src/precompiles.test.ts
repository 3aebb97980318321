import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Row } from "./dataset.js";
import { precompileSection, precompileSubjects } from "./precompiles.js";

const row = (scheme: string, bench_name: string, surface: Row["surface"], gas: number) => ({ scheme, bench_name, surface, gas, hardfork: "osaka" }) as Row;

describe("standard verifiers with a chain's precompile", () => {
  it("covers Falcon-512 through EIP-8052's two precompiles and each ML-DSA set through EIP-8355's, at addresses in EIP-1352's range", () => {
    assert.deepEqual(
      precompileSubjects.map(({ standard, calls }) => [standard, calls.map(({ name, price }) => [name, price])]),
      [
        ["falcon512", [["FALCON_HASH_TO_POINT_SHAKE256", 1_000], ["FALCON_CORE", 2_000]]],
        ["mldsa44", [["VERIFY_MLDSA44", 6_506]]],
        ["mldsa65", [["VERIFY_MLDSA65", 9_006]]],
        ["mldsa87", [["VERIFY_MLDSA87", 13_506]]],
      ],
    );
    for (const { calls } of precompileSubjects) for (const { address } of calls) assert.ok(BigInt(address) > 0n && BigInt(address) <= 0xffffn);
  });

  it("tabulates the run's Solidity, before-the-fork and computed precompile rows per secure bit, with the keccak variant", () => {
    assert.deepEqual(precompileSection([row("mldsa65", "verify", "verify", 1_094_808)]), []);
    const lines = precompileSection([
      row("falcon512", "precompile.solidity", "precompile", 438_421),
      row("falcon512", "precompile.before_fork", "precompile", 441_519),
      row("falcon512", "precompile.overhead", "precompile", 4_000),
      row("falcon512", "precompile.with_precompile", "precompile", 7_000),
      row("falcon512keccak", "variant.verify", "variant", 139_157),
      row("mldsa65", "precompile.solidity", "precompile", 1_095_000),
      row("mldsa65", "precompile.overhead", "precompile", 25_000),
      row("mldsa65", "precompile.with_precompile", "precompile", 34_006),
    ]);
    const find = (text: string) => lines.find((line) => line.includes(text))!;
    assert.match(find("Falcon512Verifier, Solidity"), /\| 438,421 \| 3,425 \| fits \|$/);
    assert.match(find("before the fork"), /\| 441,519 \| 3,449 \| fits \|$/);
    assert.match(find("EIP-8052's FALCON_HASH_TO_POINT_SHAKE256 + FALCON_CORE (computed: 3,000 published + 4,000 ours)"), /\| 7,000 \| 55 \| fits \|$/);
    assert.match(find("Falcon512KeccakVerifier"), /variant: not FIPS 206, not NIST-approved \| 139,157 \| 1,087 \| fits \|$/);
    assert.match(find("MLDSA65Verifier, Solidity"), /\| FIPS 204 \| 1,095,000 \| 5,703 \| exceeds \|$/);
    assert.match(find("EIP-8355's VERIFY_MLDSA65 (computed: 9,006 published + 25,000 ours)"), /\| 34,006 \| 177 \| fits \|$/);
    assert.ok(!lines.some((line) => line.includes("MLDSA44Verifier")), "a scheme the run did not measure has no rows");
  });
});
