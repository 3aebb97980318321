import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type Address, type Hex, createPublicClient, createWalletClient, http, keccak256, parseEther, stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type Devnet, devnetPrivateKeys, startDevnet } from "@pq4337/devnet";
import { decryptKeyFile, encryptKeyFile, generateKeyFileSecret, keyFileSchemes, toCodeChunks, toPQSmartAccount } from "@pq4337/sdk";

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

type Run = { status: number | null; stdout: string; stderr: string };

/** `pq4337 account …`, asynchronously: the devnet's processes keep being drained meanwhile. */
function account(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { PQ4337_PRIVATE_KEY: _, PQ4337_PASSPHRASE: __, ...inherited } = process.env;
  const child = spawn(process.execPath, [cli, "account", ...args], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}

const line = (output: string, label: string) => output.match(new RegExp(`^${label} (0x[0-9a-fA-F]+)`, "m"))?.[1] as Hex | undefined;

describe("pq4337 account against the devnet", () => {
  let devnet: Devnet;
  let directory: string;
  const passphrase = { PQ4337_PASSPHRASE: "a long passphrase" };

  before(async () => {
    devnet = await startDevnet();
    directory = mkdtempSync(join(tmpdir(), "pq4337-account-"));
  });
  after(async () => {
    await devnet?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  // Half the schemes with encrypted key files, half plaintext: scrypt at its real cost takes 2 s per use.
  const encryptedSchemes = new Set(["ecdsa", "falcon512"]);
  for (const scheme of keyFileSchemes) {
    const encrypted = encryptedSchemes.has(scheme);
    it(`${scheme}: new writes ${encrypted ? "an encrypted" : "a plaintext"} key file; address, deploy-key and send work through the bundler`, async () => {
      const keyFile = join(directory, `${scheme}.key`);
      const created = await account(["new", "--scheme", scheme, "--out", keyFile, ...(encrypted ? [] : ["--insecure-plaintext"])], passphrase);
      assert.equal(created.status, 0, created.stderr);
      assert.equal(statSync(keyFile).mode & 0o777, 0o600);
      const text = readFileSync(keyFile, "utf8");
      assert.equal(JSON.parse(text).crypto.cipher, encrypted ? "aes-256-gcm" : "none");

      // The address printed without the passphrase is the account the decrypted key controls.
      const shown = await account(["address", "--key-file", keyFile]);
      assert.equal(shown.status, 0, shown.stderr);
      const address = shown.stdout.trim() as Address;
      assert.equal(line(created.stdout, "address"), address);
      const { signer, secret } = await decryptKeyFile({ keyFile: text, passphrase: passphrase.PQ4337_PASSPHRASE });
      // An ECDSA key is also the deployer key "pq4337 deploy --keystore" takes: its own address is the one to fund.
      if (scheme === "ecdsa") assert.equal(line(created.stdout, "key address"), privateKeyToAccount(secret).address);
      else assert.equal(line(created.stdout, "key address"), undefined);
      const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
      assert.equal((await toPQSmartAccount({ client, signer })).address, address);

      const rpc = ["--rpc-url", devnet.rpcUrl];
      const deployed = await account(["deploy-key", "--key-file", keyFile, ...rpc], { PQ4337_PRIVATE_KEY: devnet.funderPrivateKey });
      assert.equal(deployed.status, 0, deployed.stderr);
      if (signer.expandedKey === undefined) {
        assert.match(deployed.stdout, /self-contained: nothing to deploy/);
      } else {
        const hashes = [...deployed.stdout.matchAll(/^transaction (0x[0-9a-f]{64}), gas used \d+/gm)].map((match) => match[1] as Hex);
        // One transaction per code chunk (ML-DSA-65's expanded key takes two, ML-DSA-87's three, Falcon's one), then
        // the key's attestation.
        assert.equal(hashes.length, toCodeChunks(signer.expandedKey.bytes).length + 1);
        assert.match(deployed.stdout, /^attestation record 0x[0-9a-fA-F]{40}$/m);
        for (const hash of hashes) assert.equal((await client.getTransactionReceipt({ hash })).status, "success");
        const again = await account(["deploy-key", "--key-file", keyFile, ...rpc], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[2] });
        assert.equal(again.status, 0, again.stderr);
        assert.match(again.stdout, /^Already deployed: nothing sent\.$/m);
        assert.match(again.stdout, /^attestation record 0x[0-9a-fA-F]{40}: already attested, nothing sent$/m);
      }

      const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
      await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1") }) });
      // Every scheme but ECDSA would create its account in an operation above ERC-7562's 500,000 (send refuses
      // that: test/e2e/bundler.e2e.test.ts); `account deploy` creates it first, paid by any funded key.
      if (scheme !== "ecdsa") {
        const created = await account(["deploy", "--key-file", keyFile, ...rpc], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[2] });
        assert.equal(created.status, 0, created.stderr);
        assert.equal(line(created.stdout, "account"), address);
        assert.equal((await client.getTransactionReceipt({ hash: line(created.stdout, "transaction")! })).status, "success");
      }
      const recipient = privateKeyToAccount(keccak256(stringToHex(`account cli/${scheme}`))).address;
      const sent = await account(
        ["send", "--key-file", keyFile, ...rpc, "--bundler-url", devnet.bundlerUrl, "--to", recipient, "--value", "0.25", "--data", "0x1234"],
        passphrase,
      );
      assert.equal(sent.status, 0, sent.stderr);
      assert.equal(line(sent.stdout, "account"), address);
      const transaction = line(sent.stdout, "transaction")!;
      assert.match(line(sent.stdout, "user operation")!, /^0x[0-9a-f]{64}$/);
      const receipt = await client.getTransactionReceipt({ hash: transaction });
      assert.equal(receipt.status, "success");
      assert.match(sent.stdout, /^gas used \d+ \(0\.\d+ ETH\)$/m);
      assert.equal(await client.getBalance({ address: recipient }), parseEther("0.25"));
    });
  }

  it("refuses bad input with one line on stderr and exit code 2, before anything is sent", async () => {
    const plaintext = join(directory, "plain.key");
    const created = await account(["new", "--scheme", "ecdsa", "--out", plaintext, "--insecure-plaintext"]);
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stderr, /^WARNING: .* holds the key unencrypted/);
    const encrypted = join(directory, "cheap.key");
    const cheap = await encryptKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa"), passphrase: "right", scrypt: { n: 2 ** 10, r: 8, p: 1 } });
    writeFileSync(encrypted, JSON.stringify(cheap));
    const wrongPassphrase = join(directory, "wrong.txt");
    writeFileSync(wrongPassphrase, "not it\n");
    const send = ["send", "--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl, "--value", "1"];
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[], {}, /^pq4337: missing subcommand$/],
      [["bogus"], {}, /unknown subcommand "bogus"; expected new, address, deploy-key, deploy, send or rotate/],
      [["rotate", "--key-file", plaintext, "--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl], {}, /^pq4337: missing --to$/],
      [["rotate", "--key-file", plaintext, "--to", plaintext, "--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl], {}, /plain\.key holds the same key as .*plain\.key/],
      [[...send, "--key-file", plaintext, "--to", devnet.entryPoint, "--account", "0xabc"], {}, /--account is not an address: 0xabc/],
      [["new", "--out", join(directory, "x.key")], passphrase, /^pq4337: missing --scheme$/],
      [["new", "--scheme", "rsa", "--out", join(directory, "x.key")], passphrase, /unknown scheme "rsa"; expected one of ecdsa, webauthn, ed25519, mldsa44, mldsa65, mldsa87, falcon512, falcon1024, mldsa44keccak, falcon512keccak/],
      [["new", "--scheme", "ecdsa", "--out", plaintext], passphrase, /plain\.key exists; not overwriting it/],
      [["new", "--scheme", "ecdsa", "--out", join(directory, "x.key")], {}, /no passphrase: give --passphrase-file FILE or PQ4337_PASSPHRASE/],
      [["address", "--key-file", join(directory, "missing.key")], {}, /cannot read the key file .*missing\.key: ENOENT/],
      [["address", "--key-file", wrongPassphrase], {}, /wrong\.txt: Not a valid key file: it is not JSON/],
      [[...send, "--key-file", plaintext, "--to", "0x1234"], {}, /--to is not an address: 0x1234/],
      [[...send, "--key-file", plaintext, "--to", devnet.entryPoint, "--value", "ten"], {}, /--value must be an amount of ETH such as 0\.01/],
      [[...send, "--key-file", plaintext, "--to", devnet.entryPoint, "--data", "0x1"], {}, /--data must be 0x-prefixed hex/],
      [[...send, "--key-file", encrypted, "--to", devnet.entryPoint, "--passphrase-file", wrongPassphrase], {}, /Could not decrypt the key file: wrong passphrase/],
      [["deploy-key", "--key-file", encrypted], {}, /^pq4337: missing --rpc-url$/],
      [["deploy", "--key-file", encrypted, "--rpc-url", devnet.rpcUrl], {}, /^pq4337: no key to pay with/],
    ];
    const blocks = await createPublicClient({ transport: http(devnet.rpcUrl) }).getBlockNumber();
    const runs = await Promise.all(cases.map(([args, env]) => account(args, env)));
    for (const [index, [args, , message]] of cases.entries()) {
      assert.equal(runs[index]!.status, 2, `${args.join(" ")}: ${runs[index]!.stderr}`);
      assert.match(runs[index]!.stderr.split("\n")[0]!, message);
    }
    assert.equal(await createPublicClient({ transport: http(devnet.rpcUrl) }).getBlockNumber(), blocks);
  });

  it("send names the missing step: an undeployed expanded key, an unfunded account", async () => {
    const keyFile = join(directory, "fresh-falcon.key");
    assert.equal((await account(["new", "--scheme", "falcon512", "--out", keyFile, "--insecure-plaintext"])).status, 0);
    const send = ["send", "--key-file", keyFile, "--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl, "--to", devnet.entryPoint, "--value", "0"];
    const undeployed = await account(send);
    assert.equal(undeployed.status, 1);
    assert.match(undeployed.stderr, /^pq4337: the key's expanded public key is not on this chain yet: run "pq4337 account deploy-key --key-file .*fresh-falcon\.key --rpc-url http:\/\/127\.0\.0\.1:\d+" first\n$/);

    assert.equal((await account(["deploy-key", "--key-file", keyFile, "--rpc-url", devnet.rpcUrl], { PQ4337_PRIVATE_KEY: devnet.funderPrivateKey })).status, 0);
    const unfunded = await account(send);
    assert.equal(unfunded.status, 1);
    assert.equal(unfunded.stderr.split("\n").length, 2, "one line");
    assert.match(unfunded.stderr, /AA21/);
  });

  it("send says what the account holds against what the operation needs, and refuses a bundler of another chain or none, before signing", async () => {
    const keyFile = join(directory, "poor.key");
    assert.equal((await account(["new", "--scheme", "ecdsa", "--out", keyFile, "--insecure-plaintext"])).status, 0);
    const address = (await account(["address", "--key-file", keyFile])).stdout.trim() as Address;
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("0.1") }) });
    const send = (bundlerUrl: string, value: string) =>
      account(["send", "--key-file", keyFile, "--rpc-url", devnet.rpcUrl, "--bundler-url", bundlerUrl, "--to", devnet.entryPoint, "--value", value]);

    const tooMuch = await send(devnet.bundlerUrl, "5");
    assert.equal(tooMuch.status, 1);
    assert.equal(tooMuch.stderr, `pq4337: The account ${address} holds 0.1 ETH; this operation needs 5 ETH plus gas.\n`);

    // A port nothing listens on (fetch refuses "bad" ports such as 9 before connecting).
    const server = createServer();
    const closed = await new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
    await new Promise((resolve) => server.close(resolve));
    const unreachable = await send(closed, "0.01");
    assert.equal(unreachable.status, 1);
    assert.equal(unreachable.stderr, `pq4337: cannot reach the bundler at ${closed}: connection refused\n`);

    const other = await startDevnet({ chainId: 1337 });
    try {
      const mismatch = await send(other.bundlerUrl, "0.01");
      assert.equal(mismatch.status, 1);
      assert.equal(
        mismatch.stderr,
        `pq4337: the bundler at ${other.bundlerUrl} serves chain 1337, the RPC at ${devnet.rpcUrl} chain 31337: give a bundler and an RPC of the same chain\n`,
      );
    } finally {
      await other.stop();
    }
    assert.equal(await client.getBytecode({ address }), undefined, "nothing was sent");
  });

  it("rotate replaces an ECDSA account's key by a Falcon-512 key in one user operation; the old key is refused", async () => {
    const oldKey = join(directory, "rotate-ecdsa.key");
    const newKey = join(directory, "rotate-falcon.key");
    assert.equal((await account(["new", "--scheme", "ecdsa", "--out", oldKey, "--insecure-plaintext"])).status, 0);
    assert.equal((await account(["new", "--scheme", "falcon512", "--out", newKey, "--insecure-plaintext"])).status, 0);
    const address = (await account(["address", "--key-file", oldKey])).stdout.trim() as Address;
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther("1") }) });
    const urls = ["--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl];

    // The account does not exist yet: the rotation is its first operation, and it deploys the Falcon key itself.
    const rotated = await account(["rotate", "--key-file", oldKey, "--to", newKey, ...urls]);
    assert.equal(rotated.status, 0, rotated.stderr);
    assert.equal(line(rotated.stdout, "account"), address);
    assert.equal((await client.getTransactionReceipt({ hash: line(rotated.stdout, "transaction")! })).status, "success");
    assert.match(rotated.stdout, new RegExp(`^next: pq4337 account send --key-file \\S+rotate-falcon\\.key --account ${address}`, "m"));

    const recipient = privateKeyToAccount(keccak256(stringToHex("account cli/rotate"))).address;
    const transfer = ["--rpc-url", devnet.rpcUrl, "--bundler-url", devnet.bundlerUrl, "--to", recipient, "--value", "0.1", "--account", address];
    const sent = await account(["send", "--key-file", newKey, ...transfer]);
    assert.equal(sent.status, 0, sent.stderr);
    assert.equal(await client.getBalance({ address: recipient }), parseEther("0.1"));

    const refused = await account(["send", "--key-file", oldKey, ...transfer]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /AA24/);
    assert.equal(await client.getBalance({ address: recipient }), parseEther("0.1"));
  });
});
