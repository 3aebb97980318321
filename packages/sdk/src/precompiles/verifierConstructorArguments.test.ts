import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { type Address, padHex, zeroAddress } from "viem";
import { getPQ4337Contracts } from "../deploy/deployPQ4337.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { ExistingPrecompileAddressError, InvalidPrecompileAddressError } from "../errors/precompiles.js";
import { schemes } from "../schemes.js";
import { type PrecompileAddresses, existingPrecompileAddresses, isExistingPrecompileAddress } from "./types.js";
import { verifierConstructorArguments } from "./verifierConstructorArguments.js";
import { verifierInitCode } from "./verifierInitCode.js";

const address = (value: bigint): Address => padHex(`0x${value.toString(16)}`, { size: 20 });

describe("verifierConstructorArguments", () => {
  it("refuses an existing precompile's address (0x01–0x11, 0x100) and one outside EIP-1352's range, as the verifiers do", () => {
    for (const taken of existingPrecompileAddresses) {
      assert.equal(isExistingPrecompileAddress(address(taken)), true);
      assert.throws(() => verifierConstructorArguments({ scheme: schemes.mldsa65!, precompiles: { VERIFY_MLDSA65: address(taken) } }), ExistingPrecompileAddressError);
      assert.throws(() => verifierConstructorArguments({ scheme: schemes.falcon512!, precompiles: { FALCON_CORE: address(taken) } }), ExistingPrecompileAddressError);
    }
    assert.throws(() => verifierConstructorArguments({ scheme: schemes.mldsa44!, precompiles: { VERIFY_MLDSA44: address(0x10000n) } }), InvalidPrecompileAddressError);
    for (const free of [0x12n, 0xffn, 0x101n, 0xffffn]) {
      assert.equal(isExistingPrecompileAddress(address(free)), false);
      assert.deepEqual(verifierConstructorArguments({ scheme: schemes.mldsa44!, precompiles: { VERIFY_MLDSA44: address(free) } }), [address(free)]);
    }
  });

  it("the default deployment uses verifiers without precompile addresses, at getPQ4337Addresses()", () => {
    const defaults = getPQ4337Addresses().verifiers;
    for (const scheme of Object.values(schemes)) {
      assert.deepEqual(verifierConstructorArguments({ scheme }), scheme.verifierPrecompiles.map(() => zeroAddress), scheme.name);
      const contract = getPQ4337Contracts().find((c) => c.name === scheme.verifierName)!;
      assert.equal(contract.bytecode, verifierInitCode({ scheme }));
      assert.equal(contract.address, defaults[scheme.name], scheme.name);
    }
  });

  it("deploy/precompiles.json lists only chain ids with new precompiles' addresses; any other chain keeps the default verifiers", () => {
    const file = JSON.parse(readFileSync(new URL("../../../../deploy/precompiles.json", import.meta.url), "utf8")) as Record<string, PrecompileAddresses | string>;
    const defaults = new Set(Object.values(getPQ4337Addresses().verifiers));
    for (const [chainId, precompiles] of Object.entries(file)) {
      if (chainId.startsWith("$")) continue;
      assert.match(chainId, /^[1-9][0-9]*$/);
      for (const scheme of Object.values(schemes)) verifierConstructorArguments({ scheme, precompiles: precompiles as PrecompileAddresses });
      // A listed chain's verifiers that take one of its precompiles are at addresses of their own.
      for (const contract of getPQ4337Contracts({ precompiles: precompiles as PrecompileAddresses })) {
        const scheme = Object.values(schemes).find((s) => s.verifierName === contract.name);
        if (!scheme) continue;
        const uses = scheme.verifierPrecompiles.some((name) => (precompiles as PrecompileAddresses)[name] !== undefined);
        assert.equal(defaults.has(contract.address), !uses, `${chainId} ${contract.name}`);
      }
    }
  });
});
