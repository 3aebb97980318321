import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createPlaintextKeyFile, decryptKeyFile, generateKeyFileSecret, getSafeOwnerAddress } from "@pq4337/sdk";

const cli = new URL("../bin/pq4337.js", import.meta.url).pathname;
// Any child process makes the command exit with 99; an RPC at port 9 would fail the command with status 1, not 2.
const noChildProcesses = new URL("../../../test/helpers/noChildProcesses.mjs", import.meta.url).href;

const run = (...args: string[]) => {
  const { PQ4337_PRIVATE_KEY: _, PQ4337_PASSPHRASE: __, ...env } = process.env;
  return spawnSync(process.execPath, ["--import", noChildProcesses, cli, "safe", ...args], { encoding: "utf8", env });
};

/** Exit status 2, nothing on stdout, `message` as the one line on stderr (then the synopsis, when `usage`). */
function assertInputError(result: ReturnType<typeof run>, message: RegExp, { usage = false } = {}) {
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stdout, "");
  const [first, ...rest] = result.stderr.trimEnd().split("\n");
  assert.match(first!, message);
  if (usage) assert.match(rest.join("\n"), /^\npq4337 safe owner /);
  else assert.deepEqual(rest, []);
}

const directory = mkdtempSync(join(tmpdir(), "pq4337-safe-"));
const keyFile = (name: string, content: unknown) => {
  writeFileSync(join(directory, name), typeof content === "string" ? content : JSON.stringify(content));
  return join(directory, name);
};
const falconKeyFile = createPlaintextKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512") });
const { signer: falcon } = await decryptKeyFile({ keyFile: falconKeyFile });
const falconFile = keyFile("falcon.key", falconKeyFile);
const ecdsaFile = keyFile("ecdsa.key", createPlaintextKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa") }));
const rsaFile = keyFile("rsa.key", { ...falconKeyFile, scheme: "rsa" });
const safe = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const typo = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267";
const rpc = ["--rpc-url", "http://127.0.0.1:9"];
const payer = ["--private-key", `0x${"11".repeat(32)}`];

describe("pq4337 safe: bad input exits with status 2 and one line on stderr, before any network call", () => {
  it("owner prints the key's ERC7913SafeOwner address offline, as the SDK computes it", () => {
    const result = run("owner", "--key-file", falconFile);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.match(result.stdout, new RegExp(`^owner ${getSafeOwnerAddress({ signer: falcon }).owner}\nsigner 0x[0-9a-fA-F]{40} \\(falcon512 verifier\\) ‖ \\d+-byte key\n$`));
  });

  it("a missing or unknown subcommand, a missing option (with the synopsis), an unknown option", () => {
    assertInputError(run(), /^pq4337: missing subcommand$/, { usage: true });
    assertInputError(run("deploy"), /^pq4337: unknown subcommand "deploy"; expected owner, add-owner or send$/, { usage: true });
    assertInputError(run("owner"), /^pq4337: missing --key-file$/, { usage: true });
    assertInputError(run("add-owner", "--key-file", falconFile, "--threshold", "2", ...rpc), /^pq4337: missing --safe$/, { usage: true });
    assertInputError(run("add-owner", "--safe", safe, "--key-file", falconFile, ...rpc), /^pq4337: missing --threshold$/, { usage: true });
    assertInputError(run("send", "--safe", safe, "--key-file", falconFile, "--value", "1", ...rpc), /^pq4337: missing --to$/, { usage: true });
    assertInputError(run("owner", "--key-file", falconFile, "--bogus"), /^pq4337: Unknown option '--bogus'$/, { usage: true });
  });

  it("key files: unreadable, not a key file, an unknown scheme, an ECDSA key", () => {
    assertInputError(run("owner", "--key-file", join(directory, "missing.key")), /^pq4337: cannot read the key file \S+missing\.key: ENOENT$/);
    assertInputError(run("owner", "--key-file", keyFile("text.key", "not json")), /^pq4337: \S+text\.key: Not a valid key file: it is not JSON/);
    assertInputError(run("owner", "--key-file", rsaFile), /^pq4337: \S+rsa\.key: .*unknown scheme "rsa"; expected one of ecdsa, /);
    assertInputError(run("owner", "--key-file", ecdsaFile), /^pq4337: \S+ecdsa\.key holds an ecdsa key, which owns a Safe as its own address: safe commands take a post-quantum key file/);
    assertInputError(run("add-owner", "--safe", safe, "--key-file", ecdsaFile, "--threshold", "2", ...rpc, ...payer), /holds an ecdsa key/);
  });

  it("addresses, thresholds, values, data and URLs", () => {
    const addOwner = (...args: string[]) => run("add-owner", "--key-file", falconFile, ...rpc, ...payer, ...args);
    assertInputError(addOwner("--safe", "0x1234", "--threshold", "2"), /^pq4337: --safe is not an address: 0x1234$/);
    assertInputError(addOwner("--safe", typo, "--threshold", "2"), new RegExp(`^pq4337: --safe ${typo} fails its EIP-55 checksum`));
    for (const threshold of ["0", "-1", "1.5", "two", ""])
      assertInputError(addOwner("--safe", safe, "--threshold", threshold), threshold === "" ? /^pq4337: missing --threshold$/ : new RegExp(`^pq4337: --threshold must be a whole number from 1, got "${threshold.replace(".", "\\.")}"$`), { usage: threshold === "" });
    assertInputError(run("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "2", "--rpc-url", "localhost:8545"), /^pq4337: --rpc-url must be an http\(s\) URL: localhost:8545$/);
    assertInputError(run("owner", "--key-file", falconFile, "--rpc-url", "ftp://x"), /^pq4337: --rpc-url must be an http\(s\) URL: ftp:\/\/x$/);

    const send = (...args: string[]) => run("send", "--safe", safe, "--key-file", falconFile, ...rpc, ...payer, ...args);
    assertInputError(send("--to", typo, "--value", "1"), /^pq4337: --to \S+ fails its EIP-55 checksum/);
    assertInputError(send("--to", safe, "--value", "-1"), /^pq4337: --value must not be negative, got "-1"$/);
    assertInputError(send("--to", safe, "--value", "1e18"), /^pq4337: --value must be an amount of ETH such as 0\.01/);
    assertInputError(send("--to", safe, "--value", "1", "--data", "0x1"), /^pq4337: --data must be 0x-prefixed hex of whole bytes$/);
  });

  it("the paying key: none, malformed, or both kinds", () => {
    const addOwner = (...args: string[]) => run("add-owner", "--safe", safe, "--key-file", falconFile, "--threshold", "2", ...rpc, ...args);
    assertInputError(addOwner(), /^pq4337: no key to pay with: give --private-key, --keystore FILE or the environment variable PQ4337_PRIVATE_KEY$/, { usage: true });
    assertInputError(addOwner("--private-key", "0x1234"), /^pq4337: --private-key must be a 32-byte 0x-prefixed hex private key$/);
    assertInputError(addOwner("--keystore", falconFile), /^pq4337: \S+falcon\.key holds a falcon512 key; paying for transactions takes an ECDSA key$/);
    assertInputError(addOwner(...payer, "--keystore", ecdsaFile), /^pq4337: give --private-key or --keystore, not both$/);
  });
});
