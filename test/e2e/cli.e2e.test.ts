import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, it } from "node:test";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import { bytesToHex, createPublicClient, createWalletClient, http, keccak256, parseEther, stringToHex } from "viem";
import { createBundlerClient } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { devnetPrivateKeys } from "@pq4337/devnet";
import { isRunning, listeningAddresses } from "../helpers/processes.js";
import { ecdsaSigner, getPQ4337Addresses, sendUserOperation, toPQSmartAccount } from "@pq4337/sdk";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

describe("pq4337 CLI", () => {
  it("devnet --json serves, on 127.0.0.1 only, a bundler that mines an SDK user operation paid from its reserved key, and SIGTERM stops every process it started", async () => {
    const child = spawn(process.execPath, [cli, "devnet", "--json", "--port", "18545", "--bundler-port", "14337"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`devnet exited early with ${code}`)));
    });
    const info = JSON.parse(firstLine) as {
      rpcUrl: string;
      bundlerUrl: string;
      chainId: number;
      entryPoint: string;
      contracts: { accountFactory: string };
      funderPrivateKey: `0x${string}`;
    };
    assert.equal(info.chainId, 31337);
    assert.deepEqual(listeningAddresses(18545), ["127.0.0.1"], "anvil listens on the loopback address only");
    assert.deepEqual(listeningAddresses(14337), ["127.0.0.1"], "Alto listens on the loopback address only");
    // The deployer's and Alto's executor and utility keys are anvil's first three; the user's key is another one.
    assert.ok(!devnetPrivateKeys.slice(0, 3).includes(info.funderPrivateKey as (typeof devnetPrivateKeys)[number]));
    assert.equal(info.entryPoint, "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108");
    assert.equal(info.contracts.accountFactory, getPQ4337Addresses().accountFactory);

    const client = createPublicClient({ transport: http(info.rpcUrl), pollingInterval: 100 });
    const chain = { id: info.chainId, name: "devnet", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [info.rpcUrl] } } } as const;
    const chainClient = createPublicClient({ chain, transport: http(info.rpcUrl), pollingInterval: 100 });
    const account = await toPQSmartAccount({ client: chainClient, signer: ecdsaSigner() });
    const funder = createWalletClient({ chain, transport: http(info.rpcUrl), account: privateKeyToAccount(info.funderPrivateKey) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }) });
    const bundler = createBundlerClient({ account, client: chainClient, transport: http(info.bundlerUrl), pollingInterval: 100 });
    const hash = await sendUserOperation(bundler, { calls: [{ to: funder.account.address, value: 1n }] });
    assert.equal((await bundler.waitForUserOperationReceipt({ hash })).success, true);

    const pids = spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean).map(Number);
    assert.equal(pids.length, 3, "anvil, Alto and the reaper run as the CLI's children");
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
    // anvil and Alto have stopped; the reaper exits as soon as it sees the CLI gone.
    for (let waited = 0; pids.some(isRunning) && waited < 2_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const pid of pids) assert.equal(isRunning(pid), false, `process ${pid} still running`);
  });

  it("devnet prints export lines a shell takes whole: the RPC, the bundler and the reserved funded key the examples read", async () => {
    const child = spawn(process.execPath, [cli, "devnet", "--port", "18645", "--bundler-port", "14437"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      let stdout = "";
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk) => (stdout += chunk) && stdout.includes("# Ctrl-C to stop.\n") && resolve());
        child.once("exit", (code) => reject(new Error(`devnet exited early with ${code}`)));
      });
      assert.match(stdout, /^export PQ4337_RPC_URL=http:\/\/127\.0\.0\.1:18645\nexport PQ4337_BUNDLER_URL=http:\/\/127\.0\.0\.1:14437\nexport PQ4337_PRIVATE_KEY=0x[0-9a-f]{64}\n(# .*\n)+$/);
      // Pasted into a shell, the output sets the three variables and nothing else fails.
      const shell = spawnSync("sh", ["-c", `${stdout}printf '%s\\n%s\\n%s' "$PQ4337_RPC_URL" "$PQ4337_BUNDLER_URL" "$PQ4337_PRIVATE_KEY"`], { encoding: "utf8" });
      assert.equal(shell.status, 0, shell.stderr);
      const [rpcUrl, bundlerUrl, privateKey] = shell.stdout.split("\n") as [string, string, `0x${string}`];
      assert.deepEqual([rpcUrl, bundlerUrl], ["http://127.0.0.1:18645", "http://127.0.0.1:14437"]);
      const balance = await createPublicClient({ transport: http(rpcUrl) }).getBalance({ address: privateKeyToAccount(privateKey).address });
      assert.equal(balance, parseEther("10000"));
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
  });

  it("verify prints {valid, gas} for one signature and one JSON line per vector", async () => {
    const signer = ecdsaSigner();
    const message = keccak256(stringToHex("cli"));
    const signature = await signer.sign({ hash: message });
    const run = (args: string[]) => spawnSync(process.execPath, [cli, "verify", ...args], { encoding: "utf8" });

    const single = run(["--scheme", "ecdsa", "--public-key", signer.key, "--message", message, "--signature", signature]);
    assert.equal(single.status, 0, single.stderr);
    const result = JSON.parse(single.stdout) as { valid: boolean; gas: number };
    assert.equal(result.valid, true);
    assert.ok(result.gas > 3000 && result.gas < 50_000, `gas ${result.gas}`);

    const wrong = JSON.parse(run(["--scheme", "ecdsa", "--public-key", signer.key, "--message", keccak256("0x00"), "--signature", signature]).stdout);
    assert.equal(wrong.valid, false);
    const bad = run(["--scheme", "ecdsa", "--public-key", signer.key, "--message", "0x1234", "--signature", signature]);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /32-byte hash/);
  });

  it("verify --scheme ed25519 takes RFC 8032's messages of any length, one and in --vectors, and refuses their mutations", () => {
    const vectors = JSON.parse(readFileSync(new URL("../fixtures/ed25519-rfc8032.json", import.meta.url), "utf8")) as { publicKey: string; message: string; signature: string }[];
    const lines = vectors.map(({ publicKey, message, signature }) => ({ scheme: "ed25519", publicKey: `0x${publicKey}`, message: `0x${message}`, signature: `0x${signature}` }));
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-vectors-")), "ed25519.jsonl");
    const appended = { ...lines[2]!, message: `${lines[2]!.message}00` };
    writeFileSync(file, [...lines, appended].map((line) => JSON.stringify(line)).join("\n"));
    const run = spawnSync(process.execPath, [cli, "verify", "--vectors", file], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const results = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { message: string; valid: boolean; gas: number });
    assert.deepEqual(results.map((result) => result.valid), [...lines.map(() => true), false]);
    assert.ok(results.some((result) => result.message === "0x") && results.some((result) => result.message.length > 2000), "empty and 1,023-byte messages");
    for (const result of results) assert.ok(result.gas > 100_000 && result.gas < 5_000_000, `gas ${result.gas}`);

    const single = spawnSync(process.execPath, [cli, "verify", "--scheme", "ed25519", "--public-key", lines[1]!.publicKey, "--message", lines[1]!.message, "--signature", lines[1]!.signature], { encoding: "utf8" });
    assert.equal(single.status, 0, single.stderr);
    assert.equal((JSON.parse(single.stdout) as { valid: boolean }).valid, true);
  });

  it("verify --scheme mldsa65 takes FIPS 204 messages of any length and contexts, one and in --vectors", () => {
    const { publicKey, secretKey } = ml_dsa65.keygen(randomBytes(32));
    const line = (messageLength: number, contextLength: number) => {
      const message = randomBytes(messageLength);
      const context = randomBytes(contextLength);
      const signature = ml_dsa65.sign(message, secretKey, { context });
      return { scheme: "mldsa65", publicKey: bytesToHex(publicKey), message: bytesToHex(message), context: bytesToHex(context), signature: bytesToHex(signature) };
    };
    const lines = [line(0, 0), line(100, 1), line(32, 255), line(1000, 16)];
    const otherContext = { ...lines[1]!, context: "0x00" };
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-vectors-")), "mldsa65.jsonl");
    writeFileSync(file, [...lines, otherContext].map((entry) => JSON.stringify(entry)).join("\n"));
    const run = spawnSync(process.execPath, [cli, "verify", "--vectors", file], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const results = run.stdout.trim().split("\n").map((output) => JSON.parse(output) as { valid: boolean; gas: number });
    assert.deepEqual(results.map((result) => result.valid), [true, true, true, true, false]);
    for (const result of results) assert.ok(result.gas > 500_000, `gas ${result.gas}`);

    const { scheme, publicKey: key, message, context, signature } = lines[3]!;
    const single = spawnSync(process.execPath, [cli, "verify", "--scheme", scheme, "--public-key", key, "--message", message, "--context", context, "--signature", signature], { encoding: "utf8" });
    assert.equal(single.status, 0, single.stderr);
    assert.equal((JSON.parse(single.stdout) as { valid: boolean }).valid, true);
  });

  it("verify --vectors checks independent implementations' ML-DSA-65 and Falcon signatures on-chain, one devnet for the file, and fails for a bad line", () => {
    const files = ["mldsa65-pqclean.jsonl", "mldsa65-dilithium-py.jsonl", "falcon512-pqclean.jsonl", "falcon1024-pqclean.jsonl"];
    const fixtures = files.flatMap((file) =>
      readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8").trim().split("\n"),
    );
    const mutated = JSON.parse(fixtures[0]!) as { signature: string };
    mutated.signature = `${mutated.signature.slice(0, 20)}${mutated.signature[20] === "0" ? "1" : "0"}${mutated.signature.slice(21)}`;
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-vectors-")), "vectors.jsonl");
    writeFileSync(file, [...fixtures, JSON.stringify(mutated), "not json"].join("\n"));
    const run = spawnSync(process.execPath, [cli, "verify", "--vectors", file], { encoding: "utf8" });
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr, `pq4337 verify: 1 of ${fixtures.length + 2} vectors could not be checked\n`);
    const results = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { valid?: boolean; gas?: number; error?: string });
    assert.equal(results.length, fixtures.length + 2);
    for (const result of results.slice(0, fixtures.length)) {
      assert.equal(result.valid, true);
      assert.ok(result.gas! > 100_000);
    }
    assert.equal(results[fixtures.length]!.valid, false);
    assert.match(results[fixtures.length + 1]!.error!, /not JSON/);
  });
});
