import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { entryPointAddress } from "../constants.js";
import { pqAccountDeployedBytecode, pqAccountFactoryDeployedBytecode } from "../generated/contracts.js";
import { matchesDeployedBytecode } from "./deployDeterministic.js";
import { getPQ4337Contracts } from "./deployPQ4337.js";
import { getPQ4337Addresses, keyAttestorContractNames, verifierContractNames } from "./getPQ4337Addresses.js";

/** The compiler's own record of where a contract's immutables are, from its Hardhat artifact. */
function immutableReferences(path: string): number[] {
  const artifact = JSON.parse(readFileSync(new URL(`../../../../artifacts/contracts/${path}`, import.meta.url), "utf8")) as {
    immutableReferences: Record<string, { start: number; length: number }[]>;
  };
  return Object.values(artifact.immutableReferences)
    .flat()
    .flatMap(({ start, length }) => Array.from({ length }, (_, offset) => start + offset));
}

describe("matchesDeployedBytecode", () => {
  for (const [name, deployedBytecode, path] of [
    ["PQAccountFactory", pqAccountFactoryDeployedBytecode, "accounts/PQAccountFactory.sol/PQAccountFactory.json"],
    ["PQAccount", pqAccountDeployedBytecode, "accounts/PQAccount.sol/PQAccount.json"],
  ] as const) {
    it(`${name}: ignores exactly the immutables the compiler lists`, () => {
      const references = new Set(immutableReferences(path));
      assert.ok(references.size > 0);
      const expected = hexToBytes(deployedBytecode);
      const withImmutables = expected.slice();
      for (const position of references) withImmutables[position] = 0xa5;
      assert.equal(matchesDeployedBytecode(bytesToHex(withImmutables), deployedBytecode), true);
      // Every other byte counts: change each in turn (compared on a sample, every 7th byte, to stay fast).
      for (let position = 0; position < expected.length; position += 7) {
        if (references.has(position)) continue;
        const changed = expected.slice();
        changed[position] ^= 0x01;
        assert.equal(matchesDeployedBytecode(bytesToHex(changed), deployedBytecode), false, `byte ${position}`);
      }
    });
  }

  it("refuses code of another length", () => {
    const code: Hex = pqAccountFactoryDeployedBytecode;
    assert.equal(matchesDeployedBytecode(`${code}00`, code), false);
    assert.equal(matchesDeployedBytecode("0x", code), false);
  });
});

describe("getPQ4337Contracts", () => {
  // getPQ4337Addresses works from the init-code hashes kept at build time; getPQ4337Contracts from the code itself.
  it("lists EntryPoint v0.8 at its canonical address, then the factories, the key attestors, ML-DSA's inverse NTT and the verifiers at getPQ4337Addresses()", () => {
    const contracts = getPQ4337Contracts();
    const addresses = getPQ4337Addresses();
    assert.equal(contracts[0]!.name, "EntryPoint");
    assert.equal(contracts[0]!.address, entryPointAddress);
    assert.deepEqual(
      contracts.slice(1).map(({ address }) => address),
      [addresses.accountFactory, addresses.safeOwnerFactory, ...new Set(Object.values(addresses.keyAttestors)), addresses.mldsaInverseNtt, ...Object.values(addresses.verifiers)],
    );
    assert.deepEqual(
      contracts.slice(1).map(({ name }) => name),
      ["PQAccountFactory", "ERC7913SafeOwnerFactory", ...new Set(Object.values(keyAttestorContractNames)), "MLDSAInverseNTT", ...Object.values(verifierContractNames)],
    );
  });
});
