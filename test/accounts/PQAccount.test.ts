import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { type Hex, concatHex, decodeEventLog, encodeFunctionData, getAddress, hashMessage, parseEther, zeroAddress, zeroHash } from "viem";
import { entryPoint08Abi, getUserOperationHash } from "viem/account-abstraction";
import { network } from "hardhat";
import { ecdsaSigner, entryPointAddress, pqAccountAbi, toPQSmartAccount } from "@pq4337/sdk";
import { type Fixture, buildUserOperation, deployFixture, fundedAccount, handleOps } from "../helpers/deployment.js";

const connection = await network.create();

/** The `UserOperationEvent` success flag and any `FailedOp` revert reason of a handleOps call. */
async function outcome(fixture: Fixture, send: () => Promise<unknown>): Promise<string> {
  try {
    const receipt = (await send()) as { logs: { data: Hex; topics: [Hex, ...Hex[]] }[] };
    for (const log of receipt.logs) {
      try {
        const event = decodeEventLog({ abi: entryPoint08Abi, ...log });
        if (event.eventName === "UserOperationEvent") return event.args.success ? "success" : "execution reverted";
      } catch {}
    }
    return "no UserOperationEvent";
  } catch (error) {
    const match = /AA\d\d[^"'\n]*/.exec(String(error));
    return match ? match[0].trim() : String(error);
  }
}

describe("PQAccount", () => {
  let fixture: Fixture;
  before(async () => {
    fixture = await deployFixture(connection);
  });

  async function signedOperation(signer = ecdsaSigner(), callData?: Hex) {
    const account = await fundedAccount(fixture, signer);
    const calls = callData ?? (await account.encodeCalls([{ to: fixture.other.account.address, value: 1n }]));
    const operation = await buildUserOperation(fixture, account, calls);
    return { account, operation, signer };
  }

  it("executes a user operation signed by its signer, creating the account on the way", async () => {
    const { account, operation } = await signedOperation();
    operation.signature = await account.signUserOperation(operation);
    assert.equal(await outcome(fixture, () => handleOps(fixture, [operation])), "success");
    assert.equal(await account.isDeployed(), true);
    assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "entryPoint" }), entryPointAddress);
  });

  it("refuses a signature by another key, over another hash, or for another chain id (AA24)", async () => {
    const { account, operation, signer } = await signedOperation();
    const hash = getUserOperationHash({ chainId: fixture.client.chain.id, entryPointAddress, entryPointVersion: "0.8", userOperation: operation });

    operation.signature = await ecdsaSigner().sign({ hash });
    assert.match(await outcome(fixture, () => handleOps(fixture, [operation])), /^AA24/);

    operation.signature = await signer.sign({ hash: zeroHash });
    assert.match(await outcome(fixture, () => handleOps(fixture, [operation])), /^AA24/);

    // Replay: a signature made for the same operation on mainnet does not validate here.
    operation.signature = await account.signUserOperation({ ...operation, chainId: 1 });
    assert.match(await outcome(fixture, () => handleOps(fixture, [operation])), /^AA24/);

    operation.signature = await account.signUserOperation(operation);
    assert.equal(await outcome(fixture, () => handleOps(fixture, [operation])), "success");
    // The same nonce cannot be used twice, even with a valid signature.
    const replay = { ...operation, factory: undefined, factoryData: undefined };
    replay.signature = await account.signUserOperation(replay);
    assert.match(await outcome(fixture, () => handleOps(fixture, [replay])), /^AA25/);
  });

  it("lets only the EntryPoint and itself execute and rotate the signer", async () => {
    const { account, operation } = await signedOperation();
    operation.signature = await account.signUserOperation(operation);
    await handleOps(fixture, [operation]);
    const stranger = fixture.other;
    const execute = await account.encodeCalls([{ to: stranger.account.address, value: parseEther("0.5") }]);
    await assert.rejects(stranger.sendTransaction({ to: account.address, data: execute }), /AccountUnauthorized/);
    const rotate = encodeFunctionData({ abi: pqAccountAbi, functionName: "setSigner", args: [concatHex([fixture.contracts.verifiers.ecdsa!, stranger.account.address])] });
    await assert.rejects(stranger.sendTransaction({ to: account.address, data: rotate }), /AccountUnauthorized/);
  });

  it("rotates its signer through a user operation; the old key is refused afterwards", async () => {
    const { account } = await signedOperation();
    const next = ecdsaSigner();
    const nextSigner = concatHex([fixture.contracts.verifiers.ecdsa!, next.key]);
    const rotateCall = encodeFunctionData({ abi: pqAccountAbi, functionName: "setSigner", args: [nextSigner] });
    const rotate = await buildUserOperation(fixture, account, await account.encodeCalls([{ to: account.address, data: rotateCall }]));
    rotate.signature = await account.signUserOperation(rotate);
    assert.equal(await outcome(fixture, () => handleOps(fixture, [rotate])), "success");
    assert.equal(await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "signer" }), nextSigner.toLowerCase());

    const calls = await account.encodeCalls([{ to: zeroAddress, value: 1n }]);
    const stale = await buildUserOperation(fixture, account, calls);
    stale.signature = await account.signUserOperation(stale);
    assert.match(await outcome(fixture, () => handleOps(fixture, [stale])), /^AA24/);

    const rotated = await toPQSmartAccount({ client: fixture.client, signer: next, address: account.address });
    stale.signature = await rotated.signUserOperation(stale);
    assert.equal(await outcome(fixture, () => handleOps(fixture, [stale])), "success");
  });

  it("refuses a signer that is not verifier ‖ key", async () => {
    const { account } = await signedOperation();
    const bad = encodeFunctionData({ abi: pqAccountAbi, functionName: "setSigner", args: [fixture.contracts.verifiers.ecdsa!] });
    const operation = await buildUserOperation(fixture, account, await account.encodeCalls([{ to: account.address, data: bad }]));
    operation.signature = await account.signUserOperation(operation);
    // Validation passes; execution reverts with PQAccountInvalidSigner, so the signer stays as it was.
    assert.equal(await outcome(fixture, () => handleOps(fixture, [operation])), "execution reverted");
    assert.equal(
      await fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "signer" }),
      concatHex([fixture.contracts.verifiers.ecdsa!, account.signer.key]).toLowerCase(),
    );
  });

  it("validates ERC-1271 signatures through ERC-7739, before deployment (ERC-6492) and after", async () => {
    const signer = ecdsaSigner();
    const account = await fundedAccount(fixture, signer);
    const message = "hello, quantum world";
    const typedData = {
      domain: { name: "Mail", version: "1", chainId: fixture.client.chain.id, verifyingContract: zeroAddress },
      types: { Mail: [{ name: "contents", type: "string" }] },
      primaryType: "Mail" as const,
      message: { contents: "hi" },
    };
    const undeployedSignature = await account.signMessage({ message });
    assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature: undeployedSignature }), true);

    const operation = await buildUserOperation(fixture, account, await account.encodeCalls([{ to: zeroAddress, value: 0n }]));
    operation.signature = await account.signUserOperation(operation);
    await handleOps(fixture, [operation]);

    const signature = await account.signMessage({ message });
    assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature }), true);
    assert.equal(await fixture.client.verifyMessage({ address: account.address, message: "another", signature }), false);
    const typedSignature = await account.signTypedData(typedData);
    assert.equal(await fixture.client.verifyTypedData({ address: account.address, ...typedData, signature: typedSignature }), true);
    assert.equal(
      await fixture.client.verifyTypedData({ address: account.address, ...typedData, message: { contents: "ho" }, signature: typedSignature }),
      false,
    );
    // A raw signature of the plain hash is not accepted: ERC-7739 binds signatures to this account.
    const raw = await signer.sign({ hash: hashMessage(message) });
    assert.equal(await fixture.client.verifyMessage({ address: account.address, message, signature: raw }), false);
  });

  it("receives ETH, ERC-721 and ERC-1155 transfers", async () => {
    const account = await fundedAccount(fixture, ecdsaSigner());
    const operation = await buildUserOperation(fixture, account, await account.encodeCalls([{ to: zeroAddress, value: 0n }]));
    operation.signature = await account.signUserOperation(operation);
    await handleOps(fixture, [operation]);
    const read = (functionName: "supportsInterface", args: [Hex]) =>
      fixture.client.readContract({ address: account.address, abi: pqAccountAbi, functionName, args });
    assert.equal(await read("supportsInterface", ["0x4e2312e0"]), true); // IERC1155Receiver
    const { result: selector } = await fixture.client.simulateContract({
      address: account.address,
      abi: pqAccountAbi,
      functionName: "onERC721Received",
      args: [zeroAddress, zeroAddress, 1n, "0x"],
    });
    assert.equal(selector, "0x150b7a02");
    const before = await fixture.client.getBalance({ address: account.address });
    await fixture.client.waitForTransactionReceipt({ hash: await fixture.other.sendTransaction({ to: account.address, value: 5n }) });
    assert.equal(await fixture.client.getBalance({ address: account.address }), before + 5n);
    assert.equal(getAddress(account.address), account.address);
  });
});
