import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type Address, type Hex, type PublicClient, createPublicClient, createWalletClient, http, keccak256, parseEther, stringToHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type SafeContracts, createSafe, deploySafeContracts } from "@pq4337/bench";
import { type Devnet, devnetPrivateKeys, startDevnet } from "@pq4337/devnet";
import { type KeyFile, createPlaintextKeyFile, decryptKeyFile, encryptKeyFile, generateKeyFileSecret, getSafeOwnerAddress, safeAbi } from "@pq4337/sdk";

const cli = new URL("../bin/pq4337.js", import.meta.url).pathname;

type Run = { status: number | null; stdout: string; stderr: string };

/** `pq4337 safe …`, asynchronously (the devnet keeps being drained meanwhile), without the caller's key variables. */
function safeCli(...args: string[]): Promise<Run> {
  const { PQ4337_PRIVATE_KEY: _, PQ4337_PASSPHRASE: __, ...env } = process.env;
  const child = spawn(process.execPath, [cli, "safe", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}

const line = (output: string, label: string) => output.match(new RegExp(`^${label} (0x[0-9a-fA-F]+)`, "m"))?.[1] as Hex | undefined;

/** Status 1 or 2 as given, one line on stderr matching `message`, nothing on stdout. */
function assertRefused(result: Run, status: number, message: RegExp) {
  assert.equal(result.status, status, result.stderr);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr.split("\n").length, 2, `one line: ${result.stderr}`);
  assert.match(result.stderr.trimEnd(), message);
}

async function freePort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("pq4337 safe against the devnet, with Safe 1.4.1 from its npm artifacts", () => {
  let devnet: Devnet;
  let directory: string;
  let client: PublicClient;
  let contracts: SafeContracts;
  const funder = () => createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
  const fund = async (to: Address, value: string) => client.waitForTransactionReceipt({ hash: await funder().sendTransaction({ to, value: parseEther(value) }) });
  const rpc = () => ["--rpc-url", devnet.rpcUrl];
  const owners = (safe: Address) => client.readContract({ address: safe, abi: safeAbi, functionName: "getOwners" });
  const threshold = (safe: Address) => client.readContract({ address: safe, abi: safeAbi, functionName: "getThreshold" });
  // What the CLI's paying keys have sent: the block number would also count other users of a shared port.
  const sentBy = (...addresses: Address[]) => Promise.all(addresses.map((address) => client.getTransactionCount({ address })));
  const write = (name: string, keyFile: KeyFile | string) => {
    writeFileSync(join(directory, name), typeof keyFile === "string" ? keyFile : JSON.stringify(keyFile));
    return join(directory, name);
  };

  /** A funded 1-of-1 Safe of a fresh ECDSA key, and that key as a plaintext key file (the paying --keystore). */
  async function ecdsaSafe(label: string): Promise<{ safe: Address; ecdsaFile: string; ecdsa: Address }> {
    const secret = generateKeyFileSecret("ecdsa");
    const ecdsa = privateKeyToAccount(secret).address;
    await fund(ecdsa, "1");
    const safe = await createSafe({ client, walletClient: funder(), contracts, owners: [ecdsa], threshold: 1n, saltNonce: BigInt(keccak256(stringToHex(label))) });
    await fund(safe, "1");
    return { safe, ecdsa, ecdsaFile: write(`${label}-ecdsa.key`, createPlaintextKeyFile({ scheme: "ecdsa", secret })) };
  }

  before(async () => {
    // A port of its own rather than 8545, where other tests on this machine may look for their devnet.
    devnet = await startDevnet({ bundler: false, port: await freePort() });
    directory = mkdtempSync(join(tmpdir(), "pq4337-safe-e2e-"));
    client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    contracts = await deploySafeContracts({ client, walletClient: funder() });
  });
  after(async () => {
    await devnet?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("an ECDSA Safe adds a Falcon-512 owner with threshold 2 (hybrid), then transfers signed by both; what cannot reach the threshold is refused before sending", async () => {
    const { safe, ecdsa, ecdsaFile } = await ecdsaSafe("hybrid");
    // An encrypted Falcon key file (scrypt made cheap for the test): send decrypts it with --passphrase-file.
    const falconKeyFile = await encryptKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512"), passphrase: "falcon", scrypt: { n: 2 ** 10, r: 8, p: 1 } });
    const falconFile = write("falcon.key", falconKeyFile);
    const passphraseFile = write("passphrase.txt", "falcon\n");
    const { signer: falcon } = await decryptKeyFile({ keyFile: falconKeyFile, passphrase: "falcon" });
    const { owner } = getSafeOwnerAddress({ signer: falcon });

    const before = await safeCli("owner", "--key-file", falconFile, ...rpc());
    assert.equal(before.status, 0, before.stderr);
    assert.equal(line(before.stdout, "owner"), owner);
    assert.match(before.stdout, /^deployed no \(chain 31337\)$/m);

    const added = await safeCli("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "2", ...rpc(), "--keystore", ecdsaFile);
    assert.equal(added.status, 0, added.stderr);
    // The expanded key's chunk and attestation, the owner contract, then the Safe transaction.
    assert.match(added.stdout, /^expanded key: \d+ bytes in 1 code chunk\(s\) at 0x/m);
    assert.match(added.stdout, /^attestation record 0x[0-9a-fA-F]{40}$/m);
    assert.match(added.stdout, new RegExp(`^owner ${owner}: deployed in transaction 0x[0-9a-f]{64}$`, "m"));
    assert.match(added.stdout, new RegExp(`^safe transaction 0x[0-9a-f]{64} \\(nonce 0\\), signed by ECDSA owner ${ecdsa}$`, "m"));
    assert.equal((await client.getTransactionReceipt({ hash: line(added.stdout, "transaction")! })).status, "success");
    assert.deepEqual(new Set(await owners(safe)), new Set([ecdsa, owner]));
    assert.equal(await threshold(safe), 2n);
    const deployed = await safeCli("owner", "--key-file", falconFile, ...rpc());
    assert.match(deployed.stdout, /^deployed yes/m);

    const strangerKey = generatePrivateKey();
    const stranger = privateKeyToAccount(strangerKey);
    const sentBefore = await sentBy(ecdsa, stranger.address);
    const again = await safeCli("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "2", ...rpc(), "--keystore", ecdsaFile);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout, `owner ${owner} already owns the Safe ${safe}, threshold 2: nothing more to send\n`);
    // A 2-of-2 Safe needs both signatures to add a third owner: add-owner has one, and says so.
    const otherFalcon = write("other-falcon.key", createPlaintextKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512") }));
    assertRefused(
      await safeCli("add-owner", "--safe", safe, "--key-file", otherFalcon, "--threshold", "2", ...rpc(), "--keystore", ecdsaFile),
      2,
      new RegExp(`^pq4337: the Safe ${safe} needs 2 signatures to add an owner; add-owner signs with one owner key \\(${ecdsa}\\)`),
    );
    const transfer = (keyFile: string, value: string, ...payer: string[]) =>
      safeCli("send", "--safe", safe, "--key-file", keyFile, "--to", recipient, "--value", value, ...rpc(), "--passphrase-file", passphraseFile, ...payer);
    const recipient = privateKeyToAccount(keccak256(stringToHex("safe cli/recipient"))).address;
    // A payer that is not an owner cannot supply the ECDSA half; a key that is not an owner cannot sign at all.
    assertRefused(
      await transfer(falconFile, "0.25", "--private-key", strangerKey),
      2,
      new RegExp(`^pq4337: the Safe ${safe} needs 2 signatures; \\S+falcon\\.key's owner gives 1 \\(the paying key ${stranger.address} is not an owner\\)$`),
    );
    assertRefused(await transfer(otherFalcon, "0.25", "--keystore", ecdsaFile), 2, /other-falcon\.key's Safe owner 0x[0-9a-fA-F]{40} is not an owner of the Safe .*: run "pq4337 safe add-owner" first$/);
    assertRefused(await transfer(falconFile, "5", "--keystore", ecdsaFile), 1, new RegExp(`^pq4337: the Safe ${safe} holds 1 ETH; this transfer needs 5 ETH$`));
    assert.deepEqual(await sentBy(ecdsa, stranger.address), sentBefore, "nothing was sent");

    const sent = await transfer(falconFile, "0.25", "--keystore", ecdsaFile);
    assert.equal(sent.status, 0, sent.stderr);
    assert.match(sent.stdout, new RegExp(`^safe transaction 0x[0-9a-f]{64} \\(nonce 1\\), signed by falcon512 owner ${owner} \\+ ECDSA owner ${ecdsa}$`, "m"));
    assert.match(sent.stdout, /^transaction 0x[0-9a-f]{64}, gas used \d+ \(0\.\d+ ETH\)$/m);
    assert.equal(await client.getBalance({ address: recipient }), parseEther("0.25"));
    assert.equal(await client.getBalance({ address: safe }), parseEther("0.75"));
  });

  it("an ML-DSA-65 owner added at threshold 1 transfers alone, paid by a key that owns nothing", async () => {
    const { safe, ecdsa, ecdsaFile } = await ecdsaSafe("mldsa");
    const mldsaFile = write("mldsa65.key", createPlaintextKeyFile({ scheme: "mldsa65", secret: generateKeyFileSecret("mldsa65") }));
    const added = await safeCli("add-owner", "--safe", safe, "--key-file", mldsaFile, "--threshold", "1", ...rpc(), "--keystore", ecdsaFile);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /^expanded key: \d+ bytes in 2 code chunk\(s\)/m);
    const owner = line(added.stdout, "owner")!;
    assert.deepEqual(new Set(await owners(safe)), new Set([ecdsa, owner]));
    assert.equal(await threshold(safe), 1n);

    const recipient = privateKeyToAccount(keccak256(stringToHex("safe cli/mldsa recipient"))).address;
    const sent = await safeCli("send", "--safe", safe, "--key-file", mldsaFile, "--to", recipient, "--value", "0.5", "--data", "0x", ...rpc(), "--private-key", devnetPrivateKeys[3]);
    assert.equal(sent.status, 0, sent.stderr);
    assert.match(sent.stdout, new RegExp(`signed by mldsa65 owner ${owner}$`, "m"));
    assert.equal(await client.getBalance({ address: recipient }), parseEther("0.5"));
  });

  it("an owner added before it was deployed: send says so, add-owner deploys it, then it signs", async () => {
    const secret = generateKeyFileSecret("ecdsa");
    const ecdsa = privateKeyToAccount(secret).address;
    await fund(ecdsa, "1");
    const falconKeyFile = createPlaintextKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512") });
    const falconFile = write("counterfactual-falcon.key", falconKeyFile);
    const ecdsaFile = write("counterfactual-ecdsa.key", createPlaintextKeyFile({ scheme: "ecdsa", secret }));
    const { owner } = getSafeOwnerAddress({ signer: (await decryptKeyFile({ keyFile: falconKeyFile })).signer });
    const safe = await createSafe({ client, walletClient: funder(), contracts, owners: [ecdsa, owner], threshold: 1n, saltNonce: 7n });
    await fund(safe, "1");
    const recipient = privateKeyToAccount(keccak256(stringToHex("safe cli/counterfactual recipient"))).address;
    const send = () => safeCli("send", "--safe", safe, "--key-file", falconFile, "--to", recipient, "--value", "0.1", ...rpc(), "--keystore", ecdsaFile);

    assertRefused(await send(), 1, new RegExp(`Safe owner ${owner} owns the Safe but is not deployed on chain 31337: run "pq4337 safe add-owner" with it and the Safe's threshold to deploy it$`));
    const deployed = await safeCli("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "1", ...rpc(), "--keystore", ecdsaFile);
    assert.equal(deployed.status, 0, deployed.stderr);
    assert.match(deployed.stdout, new RegExp(`^owner ${owner}: deployed in transaction 0x[0-9a-f]{64}\nowner ${owner} already owns the Safe ${safe}, threshold 1: nothing more to send\n$`, "m"));
    const sent = await send();
    assert.equal(sent.status, 0, sent.stderr);
    assert.equal(await client.getBalance({ address: recipient }), parseEther("0.1"));
  });

  it("refuses an address that is not a Safe and a threshold above the owners, before sending anything", async () => {
    const { safe, ecdsa, ecdsaFile } = await ecdsaSafe("refusals");
    const falconFile = write("refusals-falcon.key", createPlaintextKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512") }));
    const strangerKey = generatePrivateKey();
    const stranger = privateKeyToAccount(strangerKey).address;
    const sentBefore = await sentBy(ecdsa, stranger);
    for (const notSafe of [ecdsa, devnet.entryPoint])
      assertRefused(
        await safeCli("add-owner", "--safe", notSafe, "--key-file", falconFile, "--threshold", "2", ...rpc(), "--keystore", ecdsaFile),
        2,
        new RegExp(`^pq4337: --safe: ${notSafe} is not a Safe: it does not answer VERSION\\(\\)\\. Supported Safe versions: 1\\.4\\.1, 1\\.5\\.0\\.$`),
      );
    assertRefused(
      await safeCli("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "3", ...rpc(), "--keystore", ecdsaFile),
      2,
      /^pq4337: --threshold 3 is more than the 2 owners the Safe would have$/,
    );
    assertRefused(
      await safeCli("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "2", ...rpc(), "--private-key", strangerKey),
      2,
      new RegExp(`^pq4337: the paying key ${stranger} is not an owner of the Safe ${safe}`),
    );
    assert.deepEqual(await sentBy(ecdsa, stranger), sentBefore, "nothing was sent");
  });
});
