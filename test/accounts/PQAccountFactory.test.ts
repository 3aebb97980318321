import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { concatHex, keccak256, toHex, zeroHash } from "viem";
import { network } from "hardhat";
import { ecdsaSigner, getPQ4337Addresses, getPQAccountAddress, pqAccountAbi, pqAccountFactoryAbi } from "@pq4337/sdk";
import { type Fixture, deployFixture } from "../helpers/deployment.js";

const connection = await network.create();

describe("PQAccountFactory", () => {
  let fixture: Fixture;
  before(async () => {
    fixture = await deployFixture(connection);
  });

  const factory = () => ({ address: fixture.contracts.accountFactory, abi: pqAccountFactoryAbi }) as const;
  const signerOf = (key = ecdsaSigner().key) => concatHex([fixture.contracts.verifiers.ecdsa!, key]);

  it("is deployed where the SDK says, with the implementation the SDK expects", async () => {
    assert.deepEqual(fixture.contracts.accountFactory, getPQ4337Addresses().accountFactory);
    const implementation = await fixture.client.readContract({ ...factory(), functionName: "accountImplementation" });
    assert.equal(implementation, getPQ4337Addresses().accountImplementation);
  });

  it("predicts addresses off-chain exactly as getAddress does, distinct per signer and salt", async () => {
    const { accountFactory, accountImplementation } = getPQ4337Addresses();
    const seen = new Set<string>();
    for (const signer of [signerOf(), signerOf()]) {
      for (const salt of [zeroHash, keccak256(toHex("salt"))]) {
        const onChain = await fixture.client.readContract({ ...factory(), functionName: "getAddress", args: [[signer], 1n, salt] });
        assert.equal(getPQAccountAddress({ signers: [signer], threshold: 1, salt, factory: accountFactory, implementation: accountImplementation }), onChain);
        seen.add(onChain);
      }
    }
    assert.equal(seen.size, 4);
  });

  it("creates an account once: a second createAccount returns the same account and changes nothing", async () => {
    const signer = signerOf();
    const predicted = await fixture.client.readContract({ ...factory(), functionName: "getAddress", args: [[signer], 1n, zeroHash] });
    for (let i = 0; i < 2; i++) {
      const { result } = await fixture.client.simulateContract({ ...factory(), functionName: "createAccount", args: [[signer], 1n, zeroHash] });
      assert.equal(result, predicted);
      const hash = await fixture.deployer.writeContract({ ...factory(), functionName: "createAccount", args: [[signer], 1n, zeroHash] });
      assert.equal((await fixture.client.waitForTransactionReceipt({ hash })).status, "success");
    }
    assert.deepEqual(await fixture.client.readContract({ address: predicted, abi: pqAccountAbi, functionName: "getSigners", args: [0n, 10n] }), [signer.toLowerCase()]);
  });

  it("lets nobody initialise an account twice, nor initialise the implementation", async () => {
    const signer = signerOf();
    await fixture.client.waitForTransactionReceipt({
      hash: await fixture.deployer.writeContract({ ...factory(), functionName: "createAccount", args: [[signer], 1n, zeroHash] }),
    });
    const account = await fixture.client.readContract({ ...factory(), functionName: "getAddress", args: [[signer], 1n, zeroHash] });
    const intruder = signerOf(fixture.other.account.address);
    await assert.rejects(
      fixture.other.writeContract({ address: account, abi: pqAccountAbi, functionName: "initialize", args: [[intruder], 1n] }),
      /InvalidInitialization/,
    );
    await assert.rejects(
      fixture.other.writeContract({ address: getPQ4337Addresses().accountImplementation, abi: pqAccountAbi, functionName: "initialize", args: [[intruder], 1n] }),
      /InvalidInitialization/,
    );
  });
});
