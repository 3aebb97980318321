import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Account, type Chain, type Hex, type PublicClient, type Transport, type WalletClient, createPublicClient, concatHex, createWalletClient, http, keccak256, parseEther, stringToHex, zeroAddress } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import {
  type MultiSigner,
  type PQ4337Signer,
  type SchemeName,
  SignatureValidationFailedError,
  deployExpandedKey,
  getSignerChangeCalls,
  hybridSigner,
  pqAccountAbi,
  schemes,
  sendUserOperation,
  toPQSmartAccount,
} from "@pq4337/sdk";

describe("PQAccount through Alto on the devnet, for every scheme", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;
  let funder: WalletClient<Transport, Chain, Account>;

  before(async () => {
    devnet = await startDevnet();
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
  });
  after(async () => {
    await devnet?.stop();
  });

  const seed = (label: string): Hex => keccak256(stringToHex(`e2e/${label}`));
  const bundlerFor = (account: Awaited<ReturnType<typeof toPQSmartAccount>>) =>
    createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });

  async function fundedAccount(signer: PQ4337Signer | MultiSigner, salt?: Hex) {
    if (!("type" in signer)) await deployExpandedKey({ client, walletClient: funder, signer });
    const account = await toPQSmartAccount({ client, signer, salt });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }) });
    return { account, bundler: bundlerFor(account) };
  }

  for (const scheme of Object.values(schemes)) {
    it(`${scheme.name}: creates the account with its first user operation, then sends ETH, a batch and a signer rotation`, async () => {
      const signer = scheme.createSigner(seed(`${scheme.name}/owner`));
      const { account, bundler } = await fundedAccount(signer);
      assert.equal(await client.getCode({ address: account.address }), undefined);

      const recipient = privateKeyToAccount(seed(`${scheme.name}/recipient`)).address;
      const first = await sendUserOperation(bundler, { calls: [{ to: recipient, value: 1000n }] });
      const firstReceipt = await bundler.waitForUserOperationReceipt({ hash: first });
      assert.equal(firstReceipt.success, true);
      assert.equal(firstReceipt.receipt.status, "success");
      assert.notEqual(await client.getCode({ address: account.address }), undefined);
      assert.equal(await client.getBalance({ address: recipient }), 1000n);

      const other = privateKeyToAccount(seed(`${scheme.name}/other`)).address;
      const batch = await sendUserOperation(bundler, {
        calls: [
          { to: recipient, value: 1n },
          { to: other, value: 2n },
        ],
      });
      assert.equal((await bundler.waitForUserOperationReceipt({ hash: batch })).success, true);
      assert.equal(await client.getBalance({ address: recipient }), 1001n);
      assert.equal(await client.getBalance({ address: other }), 2n);

      // Rotation: one operation adds the new key (with its proof of possession) and removes the old one.
      const next = scheme.createSigner(seed(`${scheme.name}/next`));
      await deployExpandedKey({ client, walletClient: funder, signer: next });
      const rotate = await sendUserOperation(bundler, { calls: await getSignerChangeCalls({ client, account, add: [next], remove: [signer] }) });
      assert.equal((await bundler.waitForUserOperationReceipt({ hash: rotate })).success, true);
      const stored = await client.readContract({ address: account.address, abi: pqAccountAbi, functionName: "getSigners", args: [0n, 10n] });
      assert.deepEqual(stored, [concatHex([devnet.contracts.verifiers[scheme.name]!, next.key]).toLowerCase()]);

      const rotated = await toPQSmartAccount({ client, signer: next, address: account.address });
      const afterRotation = await sendUserOperation(bundlerFor(rotated), { calls: [{ to: recipient, value: 1n }] });
      assert.equal((await bundlerFor(rotated).waitForUserOperationReceipt({ hash: afterRotation })).success, true);
      await assert.rejects(
        sendUserOperation(bundler, { calls: [{ to: recipient, value: 1n }] }),
        (error) => error instanceof SignatureValidationFailedError && error.code === "AA24",
      );
    });

    it(`${scheme.name}: a user operation signed by the wrong key is refused with a typed AA24 error`, async () => {
      const owner = scheme.createSigner(seed(`${scheme.name}/victim`));
      const intruder = scheme.createSigner(seed(`${scheme.name}/intruder`));
      const salt: Hex = `0x${"01".padStart(64, "0")}`;
      const { account } = await fundedAccount(owner, salt);
      // The account's address and signer are the owner's; the signature is the intruder's.
      const forged = await toPQSmartAccount({ client, signer: { ...owner, sign: intruder.sign }, salt });
      assert.equal(forged.address, account.address);
      await assert.rejects(sendUserOperation(bundlerFor(forged), { calls: [{ to: zeroAddress, value: 1n }] }), (error) => {
        assert.ok(error instanceof SignatureValidationFailedError, String(error));
        assert.equal(error.code, "AA24");
        assert.match(error.reason, /AA24/);
        return true;
      });
      assert.equal(await client.getCode({ address: account.address }), undefined);
    });
  }

  const hybrids: [SchemeName, SchemeName][] = [
    ["ecdsa", "falcon512"],
    ["ecdsa", "mldsa65"],
    ["falcon512", "mldsa65"],
    ["webauthn", "falcon512"],
  ];
  for (const [first, second] of hybrids) {
    it(`${first} + ${second} (2 of 2): sends operations; one wrong signature of the two gets AA24`, async () => {
      const signers = [first, second].map((name) => schemes[name]!.createSigner(seed(`hybrid/${first}+${second}/${name}`)));
      for (const signer of signers) await deployExpandedKey({ client, walletClient: funder, signer });
      const { account, bundler } = await fundedAccount(hybridSigner(signers));
      const hash = await sendUserOperation(bundler, { calls: [{ to: zeroAddress, value: 1n }] });
      assert.equal((await bundler.waitForUserOperationReceipt({ hash })).success, true);

      const intruder = schemes[second]!.createSigner(seed(`hybrid/${first}+${second}/intruder`));
      const forged = await toPQSmartAccount({ client, signer: hybridSigner([signers[0]!, { ...signers[1]!, sign: intruder.sign }]), address: account.address });
      await assert.rejects(
        sendUserOperation(bundlerFor(forged), { calls: [{ to: zeroAddress, value: 1n }] }),
        (error) => error instanceof SignatureValidationFailedError && error.code === "AA24",
      );
    });
  }

  it("migrates an ECDSA account to ECDSA + Falcon-512, then to Falcon-512 only, one user operation each", async () => {
    const ecdsa = schemes.ecdsa!.createSigner(seed("migration/ecdsa"));
    const { account, bundler } = await fundedAccount(ecdsa);
    const created = await sendUserOperation(bundler, { calls: [{ to: zeroAddress, value: 1n }] });
    assert.equal((await bundler.waitForUserOperationReceipt({ hash: created })).success, true);

    // The account deploys the Falcon key's chunk itself: no other key pays.
    const falcon = schemes.falcon512!.createSigner(seed("migration/falcon512"));
    const upgrade = await sendUserOperation(bundler, { calls: await getSignerChangeCalls({ client, account, add: [falcon], threshold: 2 }) });
    assert.equal((await bundler.waitForUserOperationReceipt({ hash: upgrade })).success, true);
    const hybrid = await toPQSmartAccount({ client, signer: hybridSigner([ecdsa, falcon]), address: account.address });
    const both = await sendUserOperation(bundlerFor(hybrid), { calls: [{ to: zeroAddress, value: 1n }] });
    assert.equal((await bundlerFor(hybrid).waitForUserOperationReceipt({ hash: both })).success, true);

    const finish = await sendUserOperation(bundlerFor(hybrid), { calls: await getSignerChangeCalls({ client, account: hybrid, remove: [ecdsa], threshold: 1 }) });
    assert.equal((await bundlerFor(hybrid).waitForUserOperationReceipt({ hash: finish })).success, true);
    const pqOnly = await toPQSmartAccount({ client, signer: falcon, address: account.address });
    const last = await sendUserOperation(bundlerFor(pqOnly), { calls: [{ to: zeroAddress, value: 1n }] });
    assert.equal((await bundlerFor(pqOnly).waitForUserOperationReceipt({ hash: last })).success, true);
    await assert.rejects(
      sendUserOperation(bundler, { calls: [{ to: zeroAddress, value: 1n }] }),
      (error) => error instanceof SignatureValidationFailedError && error.code === "AA24",
    );
  });
});
