// PrecompileAddress (issue #17, case 6): a verifier's precompile address must be a new precompile's, in EIP-1352's
// range and not an existing precompile's: 0x04 (identity) echoes its input and would "accept" every signature.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { network } from "hardhat";
import { type Address, padHex, zeroAddress } from "viem";
import { existingPrecompileAddresses, schemes } from "@pq4337/sdk";

const { viem } = await network.create();
const address = (value: bigint): Address => padHex(`0x${value.toString(16)}`, { size: 20 });
const withPrecompiles = Object.values(schemes).filter((scheme) => scheme.verifierPrecompiles.length > 0);

describe("PrecompileAddress", () => {
  it("covers the precompiles Ethereum has as of Osaka: 0x01–0x11 and P256VERIFY (0x100)", () => {
    assert.deepEqual(existingPrecompileAddresses, [...Array.from({ length: 17 }, (_, i) => BigInt(i + 1)), 0x100n]);
    assert.deepEqual(withPrecompiles.map((scheme) => scheme.verifierName).sort(), ["Falcon512Verifier", "MLDSA44Verifier", "MLDSA65Verifier", "MLDSA87Verifier"]);
  });

  for (const scheme of withPrecompiles) {
    it(`${scheme.verifierName} refuses an existing precompile's address in each of its precompile arguments`, async () => {
      for (let position = 0; position < scheme.verifierPrecompiles.length; position++) {
        for (const taken of existingPrecompileAddresses) {
          const args = scheme.verifierPrecompiles.map((_, i) => (i === position ? address(taken) : zeroAddress));
          await assert.rejects(
            viem.deployContract(scheme.verifierName as "MLDSA44Verifier", args as [Address]),
            /PrecompileAddressTaken/,
            `${scheme.verifierPrecompiles[position]} at ${address(taken)}`,
          );
        }
      }
    });
  }

  it("accepts zero (no precompile) and free addresses of the range, next to the taken ones", async () => {
    for (const free of [0n, 0x12n, 0xffn, 0x101n, 0xffffn]) {
      const verifier = await viem.deployContract("MLDSA44Verifier", [address(free)]);
      assert.equal((await verifier.read.precompile()).toLowerCase(), address(free));
    }
    await assert.rejects(viem.deployContract("MLDSA44Verifier", [address(0x10000n)]), /PrecompileAddressNotReserved/);
  });
});
