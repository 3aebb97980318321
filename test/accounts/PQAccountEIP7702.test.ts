// No signers, no validation (issue #17, case 7): an EOA delegated by EIP-7702 to PQAccount's implementation has no
// signers and threshold 0. pq4337 does not support such a delegation: the account refuses every signature.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Hex, custom, encodeFunctionData, keccak256, parseEther, stringToHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type UserOperation, entryPoint08Abi } from "viem/account-abstraction";
import { network } from "hardhat";
import { ecdsaSigner, entryPointAddress, pqAccountAbi, toPQSmartAccount } from "@pq4337/sdk";
import { type Fixture, deployFixture, handleOps } from "../helpers/deployment.js";
import { delegateEOA, emptyMultiSignature } from "../helpers/eip7702.js";
import { handleOpsOutcome } from "../helpers/outcome.js";

const connection = await network.create();

describe("PQAccount without signers (EIP-7702 delegation, the implementation)", () => {
  let fixture: Fixture;
  before(async () => {
    fixture = await deployFixture(connection);
  });

  const isValidSignature = (address: Hex, hash: Hex, signature: Hex) =>
    fixture.client.readContract({ address, abi: pqAccountAbi, functionName: "isValidSignature", args: [hash, signature] });

  it("an EOA delegated to the implementation, holding ETH, cannot be drained by a third party's handleOps with an empty multi-signature (AA24)", async () => {
    const privateKey = generatePrivateKey();
    const eoa = privateKeyToAccount(privateKey).address;
    await fixture.client.waitForTransactionReceipt({ hash: await fixture.deployer.sendTransaction({ to: eoa, value: parseEther("1") }) });
    await delegateEOA({ client: fixture.client, transport: custom(connection.provider), privateKey, target: fixture.contracts.accountImplementation });
    assert.equal(await fixture.client.readContract({ address: eoa, abi: pqAccountAbi, functionName: "threshold" }), 0n);

    // The attacker, fixture.other, names the EOA as sender and sends half its ETH to itself, signed by nobody.
    const thief = fixture.other.account.address;
    const view = await toPQSmartAccount({ client: fixture.client, signer: ecdsaSigner(), address: eoa });
    const operation: UserOperation<"0.8"> = {
      sender: eoa,
      nonce: await fixture.client.readContract({ address: entryPointAddress, abi: entryPoint08Abi, functionName: "getNonce", args: [eoa, 0n] }),
      callData: await view.encodeCalls([{ to: thief, value: parseEther("0.5") }]),
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: emptyMultiSignature,
    };
    const balance = await fixture.client.getBalance({ address: eoa });
    assert.match(await handleOpsOutcome(() => handleOps(fixture, [operation], thief)), /^AA24 signature error/);
    assert.equal(await fixture.client.getBalance({ address: eoa }), balance);

    // ERC-1271 (through ERC-7739's personal-sign wrapping) answers invalid too.
    assert.equal(await isValidSignature(eoa, keccak256(stringToHex("anything")), emptyMultiSignature), "0xffffffff");
  });

  it("the implementation itself validates nothing: ERC-1271 answers invalid for an empty multi-signature", async () => {
    assert.equal(await fixture.client.readContract({ address: fixture.contracts.accountImplementation, abi: pqAccountAbi, functionName: "threshold" }), 0n);
    assert.equal(await isValidSignature(fixture.contracts.accountImplementation, keccak256(stringToHex("anything")), emptyMultiSignature), "0xffffffff");
  });

  it("the delegated EOA cannot be initialised by anyone but the factory, nor managed by a stranger", async () => {
    const privateKey = generatePrivateKey();
    const eoa = privateKeyToAccount(privateKey).address;
    await fixture.client.waitForTransactionReceipt({ hash: await fixture.deployer.sendTransaction({ to: eoa, value: parseEther("0.1") }) });
    await delegateEOA({ client: fixture.client, transport: custom(connection.provider), privateKey, target: fixture.contracts.accountImplementation });
    const stranger = fixture.other;
    const calls = [
      encodeFunctionData({ abi: pqAccountAbi, functionName: "initialize", args: [[], 1n] }),
      encodeFunctionData({ abi: pqAccountAbi, functionName: "setThreshold", args: [1n] }),
    ];
    await assert.rejects(stranger.sendTransaction({ to: eoa, data: calls[0] }), /PQAccountUnauthorizedInitializer/);
    await assert.rejects(stranger.sendTransaction({ to: eoa, data: calls[1] }), /AccountUnauthorized/);
  });
});
