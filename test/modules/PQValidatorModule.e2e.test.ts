import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  hashMessage,
  http,
  keccak256,
  parseEther,
  stringToHex,
} from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { type Erc7579Example, deployErc7579Example, toOwnedErc7579Account } from "@pq4337/bench";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import {
  type PQ4337Signer,
  SignatureValidationFailedError,
  deployExpandedKey,
  deployPQValidatorModule,
  erc7579AccountAbi,
  getInstallPQValidatorCall,
  getPQValidatorSignerChangeCalls,
  hybridSigner,
  pqValidator,
  pqValidatorModuleAbi,
  schemes,
  sendUserOperation,
  toErc7579SmartAccount,
  validatorModuleType,
} from "@pq4337/sdk";

const seed = (label: string): Hex => keccak256(stringToHex(`erc7579.e2e/${label}`));
const recipient: Address = "0x000000000000000000000000000000000000bEEF";

describe("PQValidatorModule on OpenZeppelin's AccountERC7579 through Alto on the devnet", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;
  let funder: WalletClient<Transport, Chain, Account>;
  let module: Address;
  let example: Erc7579Example;

  before(async () => {
    devnet = await startDevnet();
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    ({ address: module } = await deployPQValidatorModule({ client, walletClient: funder }));
    example = await deployErc7579Example({ client, walletClient: funder });
  });
  after(async () => {
    await devnet?.stop();
  });

  const bundlerFor = (account: Awaited<ReturnType<typeof toErc7579SmartAccount>>) =>
    createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
  const succeeds = async (account: Awaited<ReturnType<typeof toErc7579SmartAccount>>, calls: { to: Address; value?: bigint; data?: Hex }[]) => {
    const bundler = bundlerFor(account);
    const receipt = await bundler.waitForUserOperationReceipt({ hash: await sendUserOperation(bundler, { calls }) });
    assert.equal(receipt.success, true);
    return receipt;
  };
  const refusedWithAA24 = (account: Awaited<ReturnType<typeof toErc7579SmartAccount>>) =>
    assert.rejects(sendUserOperation(bundlerFor(account), { calls: [{ to: recipient, value: 1n }] }), (error) => {
      assert.ok(error instanceof SignatureValidationFailedError, String(error));
      assert.equal(error.code, "AA24");
      return true;
    });
  const signersOf = (account: Address) => client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName: "getSigners", args: [account] });
  const isInstalled = (account: Address) =>
    client.readContract({ address: account, abi: erc7579AccountAbi, functionName: "isModuleInstalled", args: [validatorModuleType, module, "0x"] });

  it("an ECDSA-owned account installs the module (Falcon-512), sends ETH with it, refuses a wrong signature, rotates the key, uninstalls it, reinstalls ECDSA + ML-DSA-65 (2 of 2) clean", async () => {
    const owned = await toOwnedErc7579Account({ client, example, ownerKey: seed("owner"), salt: seed("salt") });
    const { address } = owned;
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1") }) });

    // Install: the account's first operation, validated by its ECDSA owner, creates it and installs the module.
    const falcon = schemes.falcon512!.createSigner(seed("falcon512"));
    await deployExpandedKey({ client, walletClient: funder, signer: falcon });
    const install = await getInstallPQValidatorCall({ client, account: address, signer: falcon });
    await succeeds(owned, [install]);
    assert.equal(await isInstalled(address), true);
    assert.deepEqual(await signersOf(address), install.erc7913Signers.map((signer) => signer.toLowerCase()));

    // A user operation signed by Falcon-512 alone, selected by the module's address in the nonce key.
    const pq = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: falcon }) });
    const falconReceipt = await succeeds(pq, [{ to: recipient, value: 1000n }]);
    assert.equal(falconReceipt.nonce >> 64n, BigInt(module) << 32n);
    assert.equal(await client.getBalance({ address: recipient }), 1000n);

    // ERC-1271 through the account: `module ‖ signature of the replay-safe hash`.
    const message = "pq4337 through an ERC-7579 module";
    const signature = await pq.signMessage({ message });
    const isValid = (sig: Hex) => client.readContract({ address, abi: erc7579AccountAbi, functionName: "isValidSignature", args: [hashMessage(message), sig] });
    assert.equal(await isValid(signature), "0x1626ba7e");
    assert.equal(await isValid(concatHex([example.ownerModule, signature.slice(42) as Hex])), "0xffffffff");

    // A wrong Falcon signature is refused.
    const intruder = schemes.falcon512!.createSigner(seed("intruder"));
    await refusedWithAA24(await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: { ...falcon, sign: intruder.sign } }) }));

    // Rotation through the module, signed by the current key: the account deploys the new key's chunk, adds it with
    // its proof of possession and removes the old key. The old key is refused from then on.
    const next = schemes.falcon512!.createSigner(seed("falcon512/next"));
    await succeeds(pq, await getPQValidatorSignerChangeCalls({ client, account: address, add: [next], remove: [falcon] }));
    assert.deepEqual(await signersOf(address), [concatHex([devnet.contracts.verifiers.falcon512!, next.key]).toLowerCase()]);
    await refusedWithAA24(pq);
    const rotated = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: next }) });

    // Uninstall, from an operation the module itself validates: its signers are gone and sign nothing more.
    await succeeds(rotated, [{ to: address, data: encodeFunctionData({ abi: erc7579AccountAbi, functionName: "uninstallModule", args: [validatorModuleType, module, "0x"] }) }]);
    assert.equal(await isInstalled(address), false);
    assert.deepEqual(await signersOf(address), []);
    assert.equal(await client.readContract({ address: module, abi: pqValidatorModuleAbi, functionName: "isInitialized", args: [address] }), false);
    await refusedWithAA24(rotated);

    // Reinstall with ECDSA + ML-DSA-65, 2 of 2: it starts clean, the old Falcon key stays refused.
    const ecdsa = schemes.ecdsa!.createSigner(seed("ecdsa"));
    const mldsa = schemes.mldsa65!.createSigner(seed("mldsa65"));
    await deployExpandedKey({ client, walletClient: funder, signer: mldsa });
    const hybrid = hybridSigner([ecdsa, mldsa]);
    const reinstall = await getInstallPQValidatorCall({ client, account: address, signer: hybrid });
    await succeeds(owned, [reinstall]);
    assert.deepEqual(await signersOf(address), reinstall.erc7913Signers.map((signer) => signer.toLowerCase()));
    const hybridAccount = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: hybrid }) });
    await succeeds(hybridAccount, [
      { to: recipient, value: 1n },
      { to: recipient, value: 2n },
    ]);
    assert.equal(await client.getBalance({ address: recipient }), 1003n);
    await refusedWithAA24(pq);
    await refusedWithAA24(rotated);
    // One of the two signatures wrong.
    const forged = hybridSigner([ecdsa, { ...mldsa, sign: schemes.mldsa65!.createSigner(seed("mldsa65/intruder")).sign } as PQ4337Signer]);
    await refusedWithAA24(await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer: forged }) }));
  });
});
