import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type Account, type Chain, type PublicClient, type Transport, type WalletClient, createPublicClient, createWalletClient, http, keccak256, parseAbi, parseEther, stringToHex } from "viem";
import { type UserOperation, createBundlerClient, entryPoint07Address, toPackedUserOperation } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import { type SafeContracts, type SafeVersion, createSafe, deploySafeContracts, safeEntryPoint07 } from "@pq4337/bench";
import {
  type PQ4337Signer,
  SignatureValidationFailedError,
  deployExpandedKey,
  deploySafeOwner,
  encodeSafeOperationSignature,
  encodeSafeSignatures,
  getSafeOperationHash,
  prepareSafeUserOperation,
  schemes,
  sendSafeUserOperation,
  supportedSafeVersions,
} from "@pq4337/sdk";

// Safe4337Module.getOperationHash, which the SDK's off-chain SafeOp hash must equal.
const getOperationHashAbi = parseAbi([
  "function getOperationHash((address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature) userOp) view returns (bytes32)",
]);

describe("a Safe (1.4.1, 1.5.0) with a Falcon-512 owner as an ERC-4337 account: Safe 4337 module 0.3.0, EntryPoint v0.7, Alto, the SDK's prepareSafeUserOperation", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;
  let funder: WalletClient<Transport, Chain, Account>;
  const contracts = {} as Record<SafeVersion, SafeContracts>;
  let falcon: PQ4337Signer;

  before(async () => {
    devnet = await startDevnet({ extraEntryPoints: [safeEntryPoint07] });
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    for (const version of supportedSafeVersions) contracts[version] = await deploySafeContracts({ client, walletClient: funder, version });
    falcon = schemes.falcon512!.createSigner(keccak256(stringToHex("safe4337.e2e/falcon")));
    await deployExpandedKey({ client, walletClient: funder, signer: falcon });
  });
  after(async () => {
    await devnet?.stop();
  });

  it("EntryPoint v0.7 from its npm artifact lands at its canonical address, which Alto serves", async () => {
    assert.equal(contracts["1.4.1"].entryPoint07, entryPoint07Address);
    const bundler = createPublicClient({ transport: http(devnet.bundlerUrl) });
    const served = (await bundler.request({ method: "eth_supportedEntryPoints" as never })) as string[];
    assert.ok(served.map((address) => address.toLowerCase()).includes(entryPoint07Address.toLowerCase()), String(served));
  });

  for (const version of supportedSafeVersions)
    it(`Safe ${version}: sends a user operation signed by the post-quantum owner alone, and Alto refuses one with a wrong Falcon signature`, async () => {
      const { entryPoint07, safe4337Module } = contracts[version];
      const { owner } = await deploySafeOwner({ client, walletClient: funder, signer: falcon, verifiers: devnet.contracts.verifiers });
      const safe = await createSafe({ client, walletClient: funder, contracts: contracts[version], owners: [owner], threshold: 1n, erc4337: true });
      await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: safe, value: parseEther("1") }) });
      const recipient = privateKeyToAccount(keccak256(stringToHex(`safe4337.e2e/${version}/recipient`))).address;
      const bundlerClient = createBundlerClient({ client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
      const send = (operation: UserOperation<"0.7">) => sendSafeUserOperation({ bundlerClient, entryPoint: entryPoint07, operation });
      const parameters = {
        client,
        bundlerClient,
        safe,
        module: safe4337Module,
        entryPoint: entryPoint07,
        call: { to: recipient, value: 4337n },
        signers: [falcon],
        verifiers: devnet.contracts.verifiers,
      };

      const operation = await prepareSafeUserOperation(parameters);
      const { signature: _, ...unsigned } = operation;
      const onChain = await client.readContract({
        address: safe4337Module,
        abi: getOperationHashAbi,
        functionName: "getOperationHash",
        args: [toPackedUserOperation(operation)],
      });
      const hash = getSafeOperationHash({ chainId: devnet.chainId, module: safe4337Module, entryPoint: entryPoint07, userOperation: unsigned });
      assert.equal(hash, onChain);

      // Another Falcon key's signature of the same operation under the owner's address: the Safe refuses it, the
      // bundler too (AA24), and the SDK names it.
      const impostor = schemes.falcon512!.createSigner(keccak256(stringToHex("safe4337.e2e/impostor")));
      const forgedSignatures = encodeSafeSignatures({ signatures: [{ owner, type: "contract", signature: await impostor.sign({ hash }) }] });
      const forged = { ...operation, signature: encodeSafeOperationSignature({ signatures: forgedSignatures }) };
      await assert.rejects(send(forged), SignatureValidationFailedError);

      const receipt = await send(operation);
      assert.equal(receipt.success, true);
      assert.equal(await client.getBalance({ address: recipient }), 4337n);
      process.stdout.write(`# Safe ${version} user operation with a Falcon-512 owner: actualGasUsed ${receipt.actualGasUsed}, transaction gasUsed ${receipt.receipt.gasUsed}\n`);
    });
});


