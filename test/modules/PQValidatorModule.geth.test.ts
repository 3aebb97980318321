import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import {
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  createPublicClient,
  createWalletClient,
  http,
  keccak256,
  parseEther,
  stringToHex,
} from "viem";
import { createBundlerClient, formatUserOperationRequest } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { type Erc7579Example, deployErc7579Example, toOwnedErc7579Account } from "@pq4337/bench";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import {
  type MultiSigner,
  type PQ4337Signer,
  checkErc7562,
  deployExpandedKey,
  deployPQValidatorModule,
  getInstallPQValidatorCall,
  hybridSigner,
  maxVerificationGas,
  pqValidator,
  schemes,
  sendUserOperation,
  toErc7579SmartAccount,
} from "@pq4337/sdk";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;
const seed = (label: string): Hex => keccak256(stringToHex(`erc7579.geth/${label}`));
const recipient: Address = "0x000000000000000000000000000000000000dEaD";

describe("PQValidatorModule under ERC-7562, on the geth devnet", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;
  let funder: WalletClient<Transport, Chain, Account>;
  let example: Erc7579Example;

  before(async () => {
    devnet = await startDevnet({ node: "geth" });
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    await deployPQValidatorModule({ client, walletClient: funder });
    example = await deployErc7579Example({ client, walletClient: funder });
  });
  after(async () => {
    await devnet?.stop();
  });

  /** An ERC-7579 account that installed the module with `signer` and sent one operation through it (its nonce key opened). */
  async function moduleAccount(label: string, signer: PQ4337Signer | MultiSigner) {
    const owned = await toOwnedErc7579Account({ client, example, ownerKey: seed(`${label}/owner`), salt: seed(label) });
    const { address } = owned;
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1") }) });
    for (const key of "type" in signer ? signer.signers : [signer]) await deployExpandedKey({ client, walletClient: funder, signer: key });
    const send = async (account: typeof owned, calls: { to: Address; value?: bigint; data?: Hex }[]) => {
      const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
      assert.equal((await bundler.waitForUserOperationReceipt({ hash: await sendUserOperation(bundler, { calls }) })).success, true);
    };
    await send(owned, [await getInstallPQValidatorCall({ client, account: address, signer })]);
    const account = await toErc7579SmartAccount({ client, address, validator: pqValidator({ client, signer }) });
    await send(account, [{ to: recipient, value: 1n }]);
    return account;
  }

  /** The account's next operation, prepared by Alto and signed. */
  async function steadyStateOperation(account: Awaited<ReturnType<typeof moduleAccount>>) {
    const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
    const userOperation = await bundler.prepareUserOperation({ calls: [{ to: recipient, value: 1n }] });
    userOperation.signature = await account.signUserOperation(userOperation);
    return userOperation;
  }

  it("Falcon-512 through the module: `pq4337 check-7562` passes every rule for the steady-state operation", async () => {
    const account = await moduleAccount("falcon512", schemes.falcon512!.createSigner(seed("falcon512")));
    const userOperation = await steadyStateOperation(account);
    assert.ok(userOperation.verificationGasLimit <= maxVerificationGas, `verificationGasLimit ${userOperation.verificationGasLimit}`);
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-module-op-")), "op.json");
    writeFileSync(file, JSON.stringify(formatUserOperationRequest(userOperation)));
    const check = spawnSync(process.execPath, [cli, "check-7562", "--user-operation", file, "--rpc-url", devnet.rpcUrl], { encoding: "utf8" });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /validation accepted/);
    assert.doesNotMatch(check.stdout, / FAIL /);
    for (const rule of ["OP-011", "OP-041", "STO-022", "STO-032", "STO-033", "MAX_VERIFICATION_GAS", "MAX_USEROP_SIZE"]) assert.match(check.stdout, new RegExp(`${rule}\\s+pass`));
  });

  it("ECDSA + ML-DSA-65 (2 of 2) through the module: every storage and opcode rule passes; only the gas bound is exceeded", async () => {
    const signer = hybridSigner([schemes.ecdsa!.createSigner(seed("hybrid/ecdsa")), schemes.mldsa65!.createSigner(seed("hybrid/mldsa65"))]);
    const account = await moduleAccount("hybrid", signer);
    const userOperation = await steadyStateOperation(account);
    const { verdicts, validation } = await checkErc7562({ client, userOperation });
    assert.equal(validation.success, true);
    assert.deepEqual(
      verdicts.filter((verdict) => !verdict.passed).map((verdict) => verdict.rule),
      userOperation.verificationGasLimit > maxVerificationGas ? ["MAX_VERIFICATION_GAS"] : [],
      JSON.stringify(verdicts.flatMap((verdict) => verdict.violations)),
    );
  });
});
