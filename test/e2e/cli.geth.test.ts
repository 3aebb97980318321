import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";
import {
  type Abi,
  type Hex,
  concatHex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  keccak256,
  parseAbi,
  parseEther,
  parseGwei,
  stringToHex,
} from "viem";
import { type UserOperation, entryPoint08Abi, formatUserOperationRequest, getUserOperationHash, toPackedUserOperation } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { devnetPrivateKeys } from "@pq4337/devnet";
import { entryPointAddress, schemes, toPQSmartAccount } from "@pq4337/sdk";
import { signedUserOperation } from "../helpers/userOperation.js";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("pq4337 CLI on geth", () => {
  it("devnet --node geth --json serves a chain whose operations check-7562 --user-operation judges; SIGTERM stops geth and Alto", async () => {
    const child = spawn(process.execPath, [cli, "devnet", "--node", "geth", "--json"], { stdio: ["ignore", "pipe", "inherit"] });
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`devnet exited early with ${code}`)));
    });
    const info = JSON.parse(firstLine) as { rpcUrl: string; chainId: number };
    const chain = defineChain({ id: info.chainId, name: "geth devnet", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [info.rpcUrl] } } });
    const client = createPublicClient({ chain, transport: http(info.rpcUrl), pollingInterval: 100 });
    assert.match(await client.request({ method: "web3_clientVersion" }), /^Geth\/v1\.17\.10/);

    // An ECDSA account's first operation, signed, in the eth_sendUserOperation JSON form.
    const account = await toPQSmartAccount({ client, signer: schemes.ecdsa!.createSigner(keccak256(stringToHex("cli.geth/ecdsa"))) });
    const funder = createWalletClient({ chain, transport: http(info.rpcUrl), account: privateKeyToAccount(devnetPrivateKeys[3]) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }) });
    const userOperation = await signedUserOperation(account, funder.account.address);
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-userop-")), "op.json");
    writeFileSync(file, JSON.stringify(formatUserOperationRequest(userOperation)));
    const check = spawnSync(process.execPath, [cli, "check-7562", "--user-operation", file, "--rpc-url", info.rpcUrl], { encoding: "utf8" });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /validation accepted/);
    for (const rule of ["OP-011", "OP-041", "STO-033", "MAX_VERIFICATION_GAS", "MAX_USEROP_SIZE"]) assert.match(check.stdout, new RegExp(`${rule}\\s+pass`));
    assert.match(check.stdout, /blind spot: geth v1\.17\.10's erc7562Tracer never reports GAS directly before RETURN or REVERT \(OP-012\)/);

    // An EIP-7702 sender's operation (initCode = 0x7702 marker ‖ init data) that the EntryPoint refuses with AA24:
    // reported refused, exit 1.
    const mock = JSON.parse(readFileSync(new URL("../../artifacts/contracts/mocks/ValidationRuleBreaking7702Account.sol/ValidationRuleBreaking7702Account.json", import.meta.url), "utf8")) as { abi: Abi; bytecode: Hex };
    const { contractAddress: delegate } = await client.waitForTransactionReceipt({ hash: await funder.deployContract({ abi: mock.abi, bytecode: mock.bytecode }) });
    const eoa = privateKeyToAccount(keccak256(stringToHex("cli.geth/7702")));
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: eoa.address, value: parseEther("1") }) });
    const authorization = await funder.signAuthorization({ account: eoa, contractAddress: delegate! });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: eoa.address, authorizationList: [authorization] }) });
    const refused: UserOperation<"0.8"> = {
      sender: eoa.address,
      nonce: 0n,
      factory: "0x7702000000000000000000000000000000000000",
      factoryData: encodeFunctionData({ abi: parseAbi(["function initialize(uint8)"]), functionName: "initialize", args: [0] }),
      callData: "0x",
      callGasLimit: 50_000n,
      verificationGasLimit: 200_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: parseGwei("3"),
      maxPriorityFeePerGas: parseGwei("1"),
      signature: "0x",
    };
    const hash = await client.readContract({ address: entryPointAddress, abi: entryPoint08Abi, functionName: "getUserOpHash", args: [toPackedUserOperation(refused)] });
    refused.signature = concatHex(["0x00", await privateKeyToAccount(keccak256(stringToHex("cli.geth/7702/other"))).sign({ hash })]);
    const refusedFile = join(mkdtempSync(join(tmpdir(), "pq4337-userop-")), "op.json");
    writeFileSync(refusedFile, JSON.stringify(formatUserOperationRequest(refused)));
    const refusedCheck = spawnSync(process.execPath, [cli, "check-7562", "--user-operation", refusedFile, "--rpc-url", info.rpcUrl], { encoding: "utf8" });
    assert.equal(refusedCheck.status, 1, refusedCheck.stdout + refusedCheck.stderr);
    assert.match(refusedCheck.stdout, /validation REFUSED by the EntryPoint: AA24 signature error/);
    assert.doesNotMatch(refusedCheck.stdout, /validation accepted/);

    // An EOA not delegated yet, whose operation carries its authorization (eip7702Auth) and init data that reads
    // TIMESTAMP: traced delegated, accepted by the EntryPoint, OP-011 in the account phase, exit 1.
    const fresh = privateKeyToAccount(keccak256(stringToHex("cli.geth/7702/fresh")));
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: fresh.address, value: parseEther("1") }) });
    const authorized: UserOperation<"0.8"> = {
      ...refused,
      sender: fresh.address,
      factoryData: encodeFunctionData({ abi: parseAbi(["function initialize(uint8)"]), functionName: "initialize", args: [1] }),
      authorization: await funder.signAuthorization({ account: fresh, contractAddress: delegate! }),
    };
    authorized.signature = concatHex(["0x00", await fresh.sign({ hash: getUserOperationHash({ chainId: info.chainId, entryPointAddress, entryPointVersion: "0.8", userOperation: authorized }) })]);
    const authorizedFile = join(mkdtempSync(join(tmpdir(), "pq4337-userop-")), "op.json");
    writeFileSync(authorizedFile, JSON.stringify(formatUserOperationRequest(authorized)));
    const authorizedCheck = spawnSync(process.execPath, [cli, "check-7562", "--user-operation", authorizedFile, "--rpc-url", info.rpcUrl], { encoding: "utf8" });
    assert.equal(authorizedCheck.status, 1, authorizedCheck.stdout + authorizedCheck.stderr);
    assert.match(authorizedCheck.stdout, /validation accepted/);
    assert.match(authorizedCheck.stdout, /OP-011\s+FAIL/);
    assert.match(authorizedCheck.stdout, /account phase, .*TIMESTAMP/);

    // The CLI's children: geth, Alto and the reaper that watches them (see packages/devnet/src/reaper.ts).
    const children = spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" }).stdout.trim().split("\n").map(Number);
    const commandOf = (pid: number) => spawnSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).stdout;
    const gethPid = children.find((pid) => /\/geth --dev /.test(commandOf(pid)));
    const altoPid = children.find((pid) => /alto/.test(commandOf(pid)));
    assert.ok(gethPid && altoPid, "geth and alto run as the CLI's children");
    const dataDir = spawnSync("ps", ["-o", "args=", "-p", String(gethPid)], { encoding: "utf8" }).stdout.match(/--datadir (\S+)/)![1]!;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    for (const pid of [gethPid, altoPid]) assert.equal(isRunning(pid), false, `process ${pid} still running`);
    assert.equal(existsSync(dataDir), false, "geth's data folder is removed");
  });

  it("check-7562 --scheme falcon512 prints every rule's verdict: the first operation breaks only MAX_VERIFICATION_GAS, the next one nothing", () => {
    const run = spawnSync(process.execPath, [cli, "check-7562", "--scheme", "falcon512"], { encoding: "utf8" });
    assert.equal(run.status, 1, run.stderr);
    const [first, next] = run.stdout.split(/^(?=falcon512: )/m);
    assert.match(first!, /first operation \(creates the account\)/);
    assert.match(first!, /MAX_VERIFICATION_GAS FAIL/);
    assert.equal(first!.match(/ FAIL /g)!.length, 1);
    assert.match(next!, /next operation \(steady state\)/);
    assert.doesNotMatch(next!, / FAIL /);
    assert.equal(next!.match(/ pass /g)!.length, 15);
    for (const operation of [first!, next!]) assert.match(operation, /blind spot: geth v1\.17\.10's erc7562Tracer never reports GAS directly before RETURN or REVERT/);
  });
});
