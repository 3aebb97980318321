import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import {
  type Abi,
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
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseGwei,
  stringToHex,
} from "viem";
import { type UserOperation, createBundlerClient, entryPoint08Abi, getUserOperationHash, toPackedUserOperation } from "viem/account-abstraction";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import {
  type CheckErc7562ReturnType,
  type PQ4337Signer,
  type ToPQSmartAccountReturnType,
  checkErc7562,
  deployAccount,
  deployExpandedKey,
  entryPointAddress,
  getKeyAttestationRecord,
  getPQ4337Addresses,
  maxVerificationGas,
  schemes,
  toPQSmartAccount,
} from "@pq4337/sdk";
import { signedUserOperation } from "../helpers/userOperation.js";

const artifact = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../artifacts/contracts/mocks/${name}.sol/${name}.json`, import.meta.url), "utf8")) as { abi: Abi; bytecode: Hex };
const seed = (label: string): Hex => keccak256(stringToHex(`erc7562/${label}`));
const recipient: Address = "0x000000000000000000000000000000000000dEaD";

/** The rules a check found broken, in the checker's order. */
const broken = (result: CheckErc7562ReturnType) => result.verdicts.filter((verdict) => !verdict.passed).map((verdict) => verdict.rule);

describe("ERC-7562 checker on the geth devnet (osaka)", () => {
  let devnet: Devnet;
  let client: PublicClient<Transport, Chain>;
  let funder: WalletClient<Transport, Chain, Account>;

  before(async () => {
    devnet = await startDevnet({ node: "geth" });
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
  });
  after(async () => {
    await devnet?.stop();
  });

  const fund = async (address: Address) =>
    client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1") }) });
  const deploy = async (name: string, args: unknown[] = []) => {
    const { abi, bytecode } = artifact(name);
    const { contractAddress } = await client.waitForTransactionReceipt({ hash: await funder.deployContract({ abi, bytecode, args }) });
    return contractAddress!;
  };

  const signedOperation = (account: ToPQSmartAccountReturnType, overrides: Partial<UserOperation<"0.8">> = {}) =>
    signedUserOperation(account, recipient, overrides);

  // Declared verificationGasLimit against MAX_VERIFICATION_GAS, [first operation, steady state], as measured.
  const gasBound: Record<string, [boolean, boolean]> = {
    ecdsa: [true, true],
    webauthn: [true, true],
    mldsa65: [false, false],
    mldsa44: [false, false], // verify alone is above 900,000 (test/verifiers/MLDSA44Verifier.test.ts)
    mldsa87: [false, false], // verify alone is 1.52M (test/verifiers/MLDSA87Verifier.test.ts)
    falcon512: [false, true],
    falcon1024: [false, false],
    ed25519: [false, true],
    mldsa44keccak: [false, false], // verify alone is about 626,000 (test/verifiers/MLDSA44KeccakVerifier.test.ts)
    falcon512keccak: [false, true], // verify alone is about 140,000 (test/verifiers/Falcon512KeccakVerifier.test.ts); creating the account exceeds
  };
  for (const scheme of Object.values(schemes)) {
    it(`${scheme.name}: the first and the steady-state operation pass every rule but the gas bound, which the checker reports`, async () => {
      const expected = gasBound[scheme.name];
      assert.ok(expected, `no measured gas bound for ${scheme.name}: add it to gasBound`);
      const signer = scheme.createSigner(seed(scheme.name));
      await deployExpandedKey({ client, walletClient: funder, signer });
      const account = await toPQSmartAccount({ client, signer });
      await fund(account.address);
      const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
      for (const [index, kind] of ["first", "steady-state"].entries()) {
        const userOperation = await bundler.prepareUserOperation({ calls: [{ to: recipient, value: 1n }] });
        assert.equal(userOperation.factory !== undefined, kind === "first");
        userOperation.signature = await account.signUserOperation(userOperation);
        const result = await checkErc7562({ client, userOperation });
        const fits = userOperation.verificationGasLimit <= maxVerificationGas;
        assert.equal(fits, expected[index], `${kind}: verificationGasLimit ${userOperation.verificationGasLimit}`);
        assert.deepEqual(broken(result), fits ? [] : ["MAX_VERIFICATION_GAS"], `${kind}: ${JSON.stringify(result.verdicts.flatMap((verdict) => verdict.violations))}`);
        assert.equal(result.validation.success, true, result.validation.revertReason);
        assert.equal(result.compliant, fits);
        const hash = await bundler.sendUserOperation(userOperation);
        assert.equal((await bundler.waitForUserOperationReceipt({ hash })).success, true);
      }
    });
  }

  it("falcon512: deployed first with deployAccount (any key pays), its first operation fits the gas bound and passes every rule", async () => {
    const signer = schemes.falcon512!.createSigner(seed("falcon512/deployAccount"));
    await deployExpandedKey({ client, walletClient: funder, signer });
    const account = await toPQSmartAccount({ client, signer });
    await fund(account.address);
    const { transactionHash } = await deployAccount({ client, walletClient: funder, account });
    assert.ok(transactionHash);
    assert.equal((await deployAccount({ client, walletClient: funder, account })).transactionHash, undefined, "idempotent");

    const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });
    const userOperation = await bundler.prepareUserOperation({ calls: [{ to: recipient, value: 1n }] });
    assert.equal(userOperation.factory, undefined);
    assert.ok(userOperation.verificationGasLimit <= maxVerificationGas, `verificationGasLimit ${userOperation.verificationGasLimit}`);
    userOperation.signature = await account.signUserOperation(userOperation);
    const result = await checkErc7562({ client, userOperation });
    assert.equal(result.compliant, true, `${JSON.stringify(broken(result))} ${result.validation.revertReason}`);
    const hash = await bundler.sendUserOperation(userOperation);
    assert.equal((await bundler.waitForUserOperationReceipt({ hash })).success, true);
  });

  describe("an operation breaking a rule: the checker names that rule, and only it", () => {
    let verifier: Address;
    before(async () => {
      verifier = await deploy("ValidationRuleBreakingVerifier");
    });

    /** A funded, not yet deployed account whose only signer is the rule-breaking verifier with `violation` as key. */
    async function ruleBreakingAccount(violation: number, label: string) {
      const key: Hex = `0x${violation.toString(16).padStart(2, "0")}${keccak256(stringToHex(label)).slice(2, 10)}`;
      const signer: PQ4337Signer = {
        scheme: "ecdsa",
        publicKey: key,
        key,
        sign: async () => "0x01",
        getStubSignature: async () => "0x01",
      };
      const account = await toPQSmartAccount({ client, signer, verifiers: { ecdsa: verifier }, allowUnknownVerifier: true });
      await fund(account.address);
      return account;
    }

    const verifierCases: [number, string, string][] = [
      [1, "OP-011", "TIMESTAMP"],
      [2, "OP-012", "GAS not followed by a *CALL"],
      [3, "OP-020", "ran out of gas"],
      [4, "OP-041", "which has no code"],
      [5, "OP-054", "into the EntryPoint"],
      [6, "OP-062", "precompile 0x000000000000000000000000000000000000000b"],
      [7, "OP-080", "BALANCE"],
      [9, "STO-033", "another contract's storage"],
      [10, "STO-033", "transient slot"],
    ];
    for (const [violation, rule, detail] of verifierCases) {
      it(`${rule}: a verifier that breaks it in the account phase (${detail})`, async () => {
        const account = await ruleBreakingAccount(violation, `${rule}/${violation}`);
        const result = await checkErc7562({ client, userOperation: await signedOperation(account) });
        assert.equal(result.validation.success, true, result.validation.revertReason);
        assert.deepEqual(broken(result), [rule]);
        const [found] = result.verdicts.find((verdict) => verdict.rule === rule)!.violations;
        assert.equal(found!.phase, "account");
        assert.match(found!.detail, new RegExp(detail.replace(/[*()]/g, "\\$&")));
      });
    }

    it("STO-022: storage associated with the account, read while an unstaked factory creates it; allowed once it exists (STO-021)", async () => {
      const account = await ruleBreakingAccount(8, "STO-022");
      const creating = await checkErc7562({ client, userOperation: await signedOperation(account) });
      assert.deepEqual(broken(creating), ["STO-022"]);
      assert.equal(creating.verdicts.find((verdict) => verdict.rule === "STO-022")!.violations[0]!.address, verifier);

      await deployAccount({ client, walletClient: funder, account });
      const existing = await checkErc7562({ client, userOperation: await signedOperation(account) });
      assert.equal(existing.compliant, true, JSON.stringify(broken(existing)));
    });

    describe("in the deployment phase, with a factory that breaks it", () => {
      let factory: Address;
      let factoryAbi: Abi;
      before(async () => {
        factory = await deploy("ValidationRuleBreakingFactory", [devnet.contracts.accountFactory]);
        factoryAbi = artifact("ValidationRuleBreakingFactory").abi;
      });

      /** An ECDSA account's first operation, created through the rule-breaking factory with `violation`. */
      async function creatingOperation(violation: number, label: string) {
        const account = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(seed(label)) });
        await fund(account.address);
        const factoryData = encodeFunctionData({
          abi: factoryAbi,
          functionName: "createAccount",
          args: [violation, account.erc7913Signers, 1n, `0x${"00".repeat(32)}`],
        });
        return signedOperation(account, { factory, factoryData });
      }

      const factoryCases: [number, string, string][] = [
        [1, "OP-031", "not the sender"],
        [2, "STO-031", "the unstaked factory's own storage"],
        [3, "STO-032", "associated with neither the sender nor a staked entity"],
      ];
      for (const [violation, rule, detail] of factoryCases) {
        it(`${rule}: ${detail}`, async () => {
          const result = await checkErc7562({ client, userOperation: await creatingOperation(violation, `factory/${rule}`) });
          assert.equal(result.validation.success, true, result.validation.revertReason);
          assert.deepEqual(broken(result), [rule]);
          const [found] = result.verdicts.find((verdict) => verdict.rule === rule)!.violations;
          assert.equal(found!.phase, "factory");
          assert.match(found!.detail, new RegExp(detail));
        });
      }

      it("STO-031: once the factory is staked (1 ETH, one day), its own storage is allowed", async () => {
        const staked = await deploy("ValidationRuleBreakingFactory", [devnet.contracts.accountFactory]);
        await client.waitForTransactionReceipt({
          hash: await funder.writeContract({ address: staked, abi: factoryAbi, functionName: "stake", args: [86_400], value: parseEther("1") }),
        });
        const account = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(seed("factory/staked")) });
        await fund(account.address);
        const factoryData = encodeFunctionData({ abi: factoryAbi, functionName: "createAccount", args: [2, account.erc7913Signers, 1n, `0x${"00".repeat(32)}`] });
        const result = await checkErc7562({ client, userOperation: await signedOperation(account, { factory: staked, factoryData }) });
        assert.equal(result.compliant, true, JSON.stringify(broken(result)));
      });
    });
  });

  describe("an EIP-7702 sender: initCode = the 0x7702 marker ‖ init data, the EntryPoint's first call SenderCreator.initEip7702Sender", () => {
    const marker: Address = "0x7702000000000000000000000000000000000000";
    const initialize = parseAbi(["function initialize(uint8 violation)"]);
    // ValidationRuleBreaking7702Account.Violation
    const violation = { none: 0, timestamp: 1, gasBeforeReturn: 2, revert: 3 } as const;
    let delegate: Address;
    before(async () => {
      delegate = await deploy("ValidationRuleBreaking7702Account");
    });

    /** A fresh EOA, funded, delegated to the mock by a type-4 transaction that its own key authorises. */
    async function delegatedEoa(label: string) {
      const eoa = privateKeyToAccount(seed(`7702/${label}`));
      await fund(eoa.address);
      const authorization = await funder.signAuthorization({ account: eoa, contractAddress: delegate });
      await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: eoa.address, authorizationList: [authorization] }) });
      assert.equal(await client.getCode({ address: eoa.address }), concatHex(["0xef0100", delegate]).toLowerCase());
      return eoa;
    }

    /** The EOA's operation: `init` after the marker (none: the bare marker), `rule` in the signature's first byte. */
    async function operation(eoa: PrivateKeyAccount, { init, rule = violation.none, signer = eoa }: { init?: number; rule?: number; signer?: PrivateKeyAccount }) {
      const userOperation: UserOperation<"0.8"> = {
        sender: eoa.address,
        nonce: await client.readContract({ address: entryPointAddress, abi: entryPoint08Abi, functionName: "getNonce", args: [eoa.address, 0n] }),
        factory: marker,
        factoryData: init === undefined ? undefined : encodeFunctionData({ abi: initialize, functionName: "initialize", args: [init] }),
        callData: "0x",
        callGasLimit: 50_000n,
        verificationGasLimit: 200_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: parseGwei("3"),
        maxPriorityFeePerGas: parseGwei("1"),
        signature: "0x",
      };
      // The EntryPoint's own hash: for a 7702 sender it hashes the delegate in place of the marker.
      const hash = await client.readContract({ address: entryPointAddress, abi: entryPoint08Abi, functionName: "getUserOpHash", args: [toPackedUserOperation(userOperation)] });
      userOperation.signature = concatHex([numberToHex(rule, { size: 1 }), await signer.sign({ hash })]);
      return userOperation;
    }

    /** What the EntryPoint does with the operation when a bundler sends it: the FailedOp reason, or undefined. */
    async function entryPointVerdict(userOperation: UserOperation<"0.8">): Promise<string | undefined> {
      try {
        await client.simulateContract({ account: funder.account, address: entryPointAddress, abi: entryPoint08Abi, functionName: "handleOps", args: [[toPackedUserOperation(userOperation)], funder.account.address] });
        return undefined;
      } catch (error) {
        return String((error as Error).message.match(/AA\d\d[^\n"]*/)?.[0] ?? (error as Error).message);
      }
    }

    it("control: an operation breaking nothing is compliant, and handleOps from an EOA includes it", async () => {
      const eoa = await delegatedEoa("clean");
      const userOperation = await operation(eoa, { init: violation.none });
      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.compliant, true, `${JSON.stringify(result.verdicts.flatMap((verdict) => verdict.violations))} ${result.validation.revertReason}`);
      assert.equal(await entryPointVerdict(userOperation), undefined);
      const receipt = await client.waitForTransactionReceipt({
        hash: await funder.writeContract({ address: entryPointAddress, abi: entryPoint08Abi, functionName: "handleOps", args: [[toPackedUserOperation(userOperation)], funder.account.address] }),
      });
      assert.equal(receipt.status, "success");
    });

    it("OP-011: TIMESTAMP read by the sender's initialisation (initEip7702Sender) is the account phase's", async () => {
      const eoa = await delegatedEoa("init-timestamp");
      const result = await checkErc7562({ client, userOperation: await operation(eoa, { init: violation.timestamp }) });
      assert.equal(result.validation.success, true, result.validation.revertReason);
      assert.deepEqual(broken(result), ["OP-011"]);
      const [found] = result.verdicts.find((verdict) => verdict.rule === "OP-011")!.violations;
      assert.equal(found!.phase, "account");
      assert.equal(found!.address!.toLowerCase(), eoa.address.toLowerCase());
      assert.match(found!.detail, /TIMESTAMP/);
      assert.equal(result.compliant, false);
    });

    it("OP-011: TIMESTAMP read by validateUserOp after the initialisation", async () => {
      const eoa = await delegatedEoa("validate-timestamp");
      const result = await checkErc7562({ client, userOperation: await operation(eoa, { init: violation.none, rule: violation.timestamp }) });
      assert.deepEqual(broken(result), ["OP-011"]);
      assert.equal(result.compliant, false);
    });

    it("AA24: signed by another key, the operation is reported refused, not compliant", async () => {
      const eoa = await delegatedEoa("aa24");
      const userOperation = await operation(eoa, { init: violation.none, signer: privateKeyToAccount(seed("7702/aa24/other")) });
      assert.match((await entryPointVerdict(userOperation))!, /AA24/);
      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.validation.success, false);
      assert.equal(result.validation.reachedExecution, false);
      assert.match(result.validation.revertReason!, /AA24 signature error/);
      assert.equal(result.compliant, false);
    });

    it("AA13: an initialisation that reverts is reported refused, not compliant", async () => {
      const eoa = await delegatedEoa("aa13");
      const userOperation = await operation(eoa, { init: violation.revert });
      assert.match((await entryPointVerdict(userOperation))!, /AA13/);
      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.validation.success, false);
      assert.match(result.validation.revertReason!, /AA13/);
      assert.equal(result.compliant, false);
    });

    it("OP-012 blind spot: the tracer does not report GAS directly before RETURN; the checker finds it in the code", async () => {
      const eoa = await delegatedEoa("gas-before-return");
      const userOperation = await operation(eoa, { init: violation.none, rule: violation.gasBeforeReturn });
      const observer = (await client.readContract({ address: delegate, abi: parseAbi(["function gasObserver() view returns (address)"]), functionName: "gasObserver" })) as Address;
      // The raw trace: the observer's frame ran GAS then RETURN, and its usedOpcodes has no GAS (0x5a).
      const root = (await client.request({
        method: "debug_traceCall" as never,
        params: [
          { from: funder.account.address, to: entryPointAddress, data: encodeFunctionData({ abi: entryPoint08Abi, functionName: "handleOps", args: [[toPackedUserOperation(userOperation)], funder.account.address] }) },
          "latest",
          { tracer: "erc7562Tracer" },
        ] as never,
      })) as { calls?: unknown[] };
      const frames: { to?: string; usedOpcodes: Record<string, number>; calls?: unknown[] }[] = [];
      const collect = (frame: { to?: string; usedOpcodes: Record<string, number>; calls?: unknown[] }) => {
        frames.push(frame);
        for (const call of frame.calls ?? []) collect(call as typeof frame);
      };
      collect(root as (typeof frames)[number]);
      const observed = frames.find((frame) => frame.to?.toLowerCase() === observer.toLowerCase());
      assert.ok(observed, "the observer ran in validation");
      assert.ok(Object.keys(observed.usedOpcodes).includes("0xf3"), "RETURN is listed");
      assert.equal(observed.usedOpcodes["0x5a"], undefined, "GAS before RETURN is not");

      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.validation.success, true, result.validation.revertReason);
      assert.deepEqual(broken(result), ["OP-012"]);
      const [found] = result.verdicts.find((verdict) => verdict.rule === "OP-012")!.violations;
      assert.equal(found!.address!.toLowerCase(), observer.toLowerCase());
      assert.match(found!.detail, /GAS before RETURN at pc \d+: a pair the erc7562Tracer never reports/);
      assert.match(result.blindSpots.join("\n"), /never reports GAS directly before RETURN or REVERT/);
    });

    it("with only a signed authorization (not yet sent), the check traces the sender delegated, as a bundler sends it", async () => {
      const eoa = privateKeyToAccount(seed("7702/authorization-only"));
      await fund(eoa.address);
      const authorization = await funder.signAuthorization({ account: eoa, contractAddress: delegate });
      const userOperation: UserOperation<"0.8"> = {
        sender: eoa.address,
        nonce: 0n,
        factory: marker,
        factoryData: encodeFunctionData({ abi: initialize, functionName: "initialize", args: [violation.timestamp] }),
        callData: "0x",
        callGasLimit: 50_000n,
        verificationGasLimit: 200_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: parseGwei("3"),
        maxPriorityFeePerGas: parseGwei("1"),
        signature: "0x",
        authorization,
      };
      const hash = getUserOperationHash({ chainId: devnet.chain.id, entryPointAddress, entryPointVersion: "0.8", userOperation });
      userOperation.signature = concatHex(["0x00", await eoa.sign({ hash })]);
      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.validation.success, true, result.validation.revertReason);
      assert.deepEqual(broken(result), ["OP-011"]);
    });
  });

  it("AA24: a PQAccount operation signed by another key is reported refused, not compliant", async () => {
    const account = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(seed("aa24/pq")) });
    const other = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(seed("aa24/other")), address: account.address });
    await fund(account.address);
    await deployAccount({ client, walletClient: funder, account });
    const userOperation = await signedOperation(other);
    const result = await checkErc7562({ client, userOperation });
    assert.equal(result.validation.success, false);
    assert.match(result.validation.revertReason!, /AA24/);
    assert.equal(result.compliant, false);
  });

  it("OP-041: a Falcon-512 key neither deployed nor attested (the account cannot be created: AA13)", async () => {
    const signer = schemes.falcon512!.createSigner(seed("falcon512/undeployed"));
    // keyId first reads the key's attestation record, a contract that does not exist: the access OP-041 names.
    const record = getKeyAttestationRecord({
      keyAttestor: getPQ4337Addresses().keyAttestors.falcon512!,
      commitment: schemes.falcon512!.toErc7913Key(signer.publicKey).key.slice(0, 66) as Hex,
    });
    const account = await toPQSmartAccount({ client, signer });
    await fund(account.address);
    const result = await checkErc7562({ client, userOperation: await signedOperation(account) });
    assert.equal(result.validation.success, false);
    assert.match(result.validation.revertReason!, /AA13/);
    assert.deepEqual(broken(result), ["OP-041"]);
    const violations = result.verdicts.find((verdict) => verdict.rule === "OP-041")!.violations;
    assert.ok(violations.every((violation) => violation.phase === "factory" && violation.detail.includes(record.toLowerCase())), JSON.stringify(violations));
  });

  it("MAX_USEROP_SIZE: an operation of more than 8,192 bytes", async () => {
    const account = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(seed("size")) });
    await fund(account.address);
    const callData = await account.encodeCalls([{ to: recipient, data: `0x${"ab".repeat(8_192)}` }]);
    const result = await checkErc7562({ client, userOperation: await signedOperation(account, { callData, callGasLimit: 500_000n }) });
    assert.deepEqual(broken(result), ["MAX_USEROP_SIZE"]);
    assert.ok(result.size > 8_192);
  });
});

describe("ERC-7562 checker on the geth devnet (prague)", () => {
  it("webauthn: P-256 verification calls 0x100, which has no code before Osaka (OP-041)", async () => {
    const devnet = await startDevnet({ node: "geth", hardfork: "prague", bundler: false });
    try {
      const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
      const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
      const account = await toPQSmartAccount({ client, signer: schemes.webauthn!.createSigner(seed("webauthn/prague")) });
      await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }) });
      await deployAccount({ client, walletClient: funder, account });
      const userOperation = await signedUserOperation(account, recipient);
      const result = await checkErc7562({ client, userOperation });
      assert.equal(result.validation.success, true, result.validation.revertReason);
      assert.deepEqual(broken(result), ["OP-041"]);
      assert.match(result.verdicts.find((verdict) => verdict.rule === "OP-041")!.violations[0]!.detail, /0x0000000000000000000000000000000000000100, which has no code/);
    } finally {
      await devnet.stop();
    }
  });
});
