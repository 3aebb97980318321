import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { keccak256, stringToHex } from "viem";
import { ecdsaSigner, mldsa65Signer, schemes } from "@pq4337/sdk";

const cli = new URL("../bin/pq4337.js", import.meta.url).pathname;
// Any child process (anvil, Alto) makes the command exit with 99: input errors must be answered before.
const noChildProcesses = new URL("../../../test/helpers/noChildProcesses.mjs", import.meta.url).href;

const run = (...args: string[]) => spawnSync(process.execPath, ["--import", noChildProcesses, cli, ...args], { encoding: "utf8" });

/** Exit status 2, nothing on stdout, and `message` as the one line on stderr (before the usage, if any). */
function assertUsageError(result: ReturnType<typeof run>, message: RegExp, { usage = false } = {}) {
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stdout, "");
  const [first, ...rest] = result.stderr.trimEnd().split("\n");
  assert.match(first!, message);
  if (usage) assert.match(rest.join("\n"), /^\npq4337 \w+ /);
  else assert.deepEqual(rest, []);
}

const signer = ecdsaSigner();
const message = keccak256(stringToHex("cli"));
const signature = await signer.sign({ hash: message });
const valid = ["--scheme", "ecdsa", "--public-key", signer.key, "--message", message, "--signature", signature];
const without = (flag: string) => valid.filter((_, index) => valid[index] !== flag && valid[index - 1] !== flag);
const replacing = (flag: string, value: string) => valid.map((arg, index) => (valid[index - 1] === flag ? value : arg));

describe("pq4337 CLI input errors: status 2, one line on stderr, nothing started", () => {
  it("the test's guard catches a command that starts the devnet", () => {
    const result = run("verify", ...valid);
    assert.equal(result.status, 99);
    assert.match(result.stderr, /child process started: .*anvil/);
  });

  it("no arguments print the usage on stderr; --help prints it on stdout", () => {
    const none = run();
    assert.equal(none.status, 2);
    assert.equal(none.stdout, "");
    assert.match(none.stderr, /^pq4337 <command> \[options\]\n\nCommands:\n {2}account /);
    const help = run("--help");
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^pq4337 <command> \[options\]/);
  });

  it("an unknown command", () => {
    const result = run("bogus");
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^pq4337: unknown command "bogus"\npq4337 <command>/);
  });

  it("devnet: unknown options, stray arguments and bad ports", () => {
    assertUsageError(run("devnet", "--bogus"), /^pq4337 devnet: Unknown option '--bogus'$/);
    assertUsageError(run("devnet", "now"), /^pq4337 devnet: Unexpected argument 'now'/);
    assertUsageError(run("devnet", "--port"), /^pq4337 devnet: Option '--port <value>' argument missing$/);
    for (const port of ["abc", "0", "65536", "85.45"])
      assertUsageError(run("devnet", "--port", port), new RegExp(`^pq4337 devnet: --port must be a port number from 1 to 65535, got "${port}"$`));
    assertUsageError(run("devnet", "--bundler-port", "4337x"), /^pq4337 devnet: --bundler-port must be a port number/);
    assertUsageError(run("devnet", "--port", "-1"), /^pq4337 devnet: --port must be a port number from 1 to 65535, got "-1"$/);
    assertUsageError(run("devnet", "--port", "--json"), /^pq4337 devnet: Option '--port <value>' argument missing$/);
    assertUsageError(run("devnet", "--rpc-url", "http://127.0.0.1:8545"), /^pq4337 devnet: devnet starts a chain of its own; for a bundler on the chain at --rpc-url run "pq4337 bundler --rpc-url URL"$/);
  });

  it("devnet: a busy port given explicitly is refused, not replaced", async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
    try {
      for (const flag of ["--port", "--bundler-port"]) {
        const result = run("devnet", flag, String(port));
        assert.equal(result.status, 1, result.stderr);
        assert.equal(result.stdout, "");
        assert.match(result.stderr, new RegExp(`^pq4337 devnet: (anvil|bundler) port ${port} is in use on 127\\.0\\.0\\.1\n$`));
      }
    } finally {
      server.close();
    }
  });

  it("verify: missing arguments, with the usage", () => {
    assertUsageError(run("verify"), /^pq4337 verify: missing --scheme, --public-key, --message, --signature$/, { usage: true });
    assertUsageError(run("verify", ...without("--signature")), /^pq4337 verify: missing --signature$/, { usage: true });
  });

  it("verify: unknown scheme, bad hex, wrong-length key, wrong-length message, unknown option", () => {
    assertUsageError(run("verify", ...replacing("--scheme", "rsa")), new RegExp(`^pq4337 verify: unknown --scheme "rsa"; expected one of ${Object.keys(schemes).join(", ")}$`));
    assertUsageError(run("verify", ...replacing("--signature", "0xzz")), /^pq4337 verify: --signature must be 0x-prefixed hex of whole bytes, got "0xzz"$/);
    assertUsageError(run("verify", ...replacing("--public-key", "0x123")), /^pq4337 verify: --public-key must be 0x-prefixed hex/);
    assertUsageError(run("verify", ...replacing("--public-key", `${signer.key}00`)), /^pq4337 verify: Expected a 20-, 33- or 65-byte ECDSA public key, got 21 bytes\.$/);
    const mldsa = mldsa65Signer({ seed: `0x${"01".repeat(32)}` }).publicKey;
    assertUsageError(
      run("verify", ...replacing("--scheme", "mldsa65").map((arg) => (arg === signer.key ? mldsa.slice(0, -2) : arg))),
      /^pq4337 verify: Expected a 1952-byte ML-DSA-65 public key, got 1951 bytes\.$/,
    );
    assertUsageError(run("verify", ...replacing("--message", "0x1234")), /^pq4337 verify: --message must be the 32-byte hash for ecdsa, got 2 bytes \(messages of any length: ed25519, mldsa44, mldsa65, mldsa87, mldsa44keccak, falcon512keccak\)$/);
    assertUsageError(run("verify", ...valid, "--bogus"), /^pq4337 verify: Unknown option '--bogus'$/);
    assertUsageError(run("verify", ...valid, "--context", "0x01"), /^pq4337 verify: --context is for mldsa44, mldsa65, mldsa87, mldsa44keccak; ecdsa takes none$/);
    const mldsaArgs = ["--scheme", "mldsa65", "--public-key", mldsa, "--message", "0x", "--signature", `0x${"00".repeat(3309)}`];
    assertUsageError(run("verify", ...mldsaArgs, "--context", `0x${"00".repeat(256)}`), /^pq4337 verify: --context must be at most 255 bytes \(FIPS 204\), got 256$/);
    assertUsageError(run("verify", "--rpc-url", "localhost:8545", ...valid), /^pq4337 verify: --rpc-url must be an http\(s\) URL/);
  });

  it("verify: an unreadable --vectors file, or --vectors with single-signature options", () => {
    assertUsageError(run("verify", "--vectors", "/nonexistent/vectors.jsonl"), /^pq4337 verify: cannot read --vectors \/nonexistent\/vectors\.jsonl: ENOENT$/);
    assertUsageError(run("verify", "--vectors", cli, "--scheme", "ecdsa"), /^pq4337 verify: --vectors cannot be combined with --scheme$/);
  });

  it("deploy: a --precompiles file that is unreadable, not JSON, or names an unknown precompile or a non-precompile address", () => {
    const directory = mkdtempSync(join(tmpdir(), "pq4337-precompiles-"));
    const file = (name: string, content: string) => {
      writeFileSync(join(directory, name), content);
      return join(directory, name);
    };
    const deploy = (precompiles: string) => run("deploy", "--rpc-url", "http://127.0.0.1:9", "--out", directory, "--precompiles", precompiles);
    assertUsageError(deploy(join(directory, "missing.json")), /^pq4337: --precompiles \S+missing\.json: ENOENT/);
    assertUsageError(deploy(file("text.json", "not json")), /^pq4337: --precompiles \S+: Unexpected token/);
    assertUsageError(deploy(file("chain.json", '{"mainnet": {}}')), /"mainnet" is not a chain id$/);
    assertUsageError(deploy(file("name.json", '{"1": {"VERIFY_SLHDSA": "0x0000000000000000000000000000000000000013"}}')), /unknown precompile VERIFY_SLHDSA/);
    assertUsageError(
      deploy(file("range.json", '{"1": {"VERIFY_MLDSA65": "0x0000000000000000000000000000000000010013"}}')),
      /VERIFY_MLDSA65 must be an address in 0x0001–0xffff \(EIP-1352\), got 0x0000000000000000000000000000000000010013$/,
    );
  });

  it("bundler: missing --rpc-url (with the usage), a bad URL or port, no paying key", () => {
    assertUsageError(run("bundler"), /^pq4337: missing --rpc-url$/, { usage: true });
    assertUsageError(run("bundler", "--rpc-url", "ftp://x"), /^pq4337: --rpc-url must be an http\(s\) URL: ftp:\/\/x$/);
    assertUsageError(run("bundler", "--rpc-url", "http://127.0.0.1:9", "--port", "-5", "--private-key", `0x${"11".repeat(32)}`), /^pq4337: --port must be a port number from 1 to 65535, got "-5"$/);
    const env = { ...process.env, PQ4337_PRIVATE_KEY: "" };
    const noKey = spawnSync(process.execPath, ["--import", noChildProcesses, cli, "bundler", "--rpc-url", "http://127.0.0.1:9"], { encoding: "utf8", env });
    assertUsageError(noKey, /^pq4337: no key to pay with: give --private-key, --keystore FILE or the environment variable PQ4337_PRIVATE_KEY$/, { usage: true });
  });

  it("account send: addresses, checksums and values are checked before the key file is read or any network call", () => {
    const send = (...args: string[]) =>
      run("account", "send", "--key-file", "/nonexistent.key", "--rpc-url", "http://127.0.0.1:9", "--bundler-url", "http://127.0.0.1:9", ...args);
    const to = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    const typo = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267";
    assertUsageError(send("--to", typo, "--value", "1"), new RegExp(`^pq4337: --to ${typo} fails its EIP-55 checksum: check it for a typo \\(or give it all in lower case to skip the check\\)$`));
    assertUsageError(send("--to", "0x1234", "--value", "1"), /^pq4337: --to is not an address: 0x1234$/);
    assertUsageError(send("--to", to, "--value", "-1"), /^pq4337: --value must not be negative, got "-1"$/);
    assertUsageError(send("--to", to, "--value", "1e18"), /^pq4337: --value must be an amount of ETH such as 0\.01 \(at most 18 decimals\), got "1e18"$/);
    assertUsageError(send("--to", to, "--value", "0.0000000000000000001"), /at most 18 decimals/);
    assertUsageError(send("--to", to, "--value", "1".repeat(70)), /^pq4337: --value 1{70} ETH is more than any account can hold \(2\^256 − 1 wei\)$/);
    assertUsageError(send("--to", to, "--value", "1", "--account", typo), /^pq4337: --account \S+ fails its EIP-55 checksum/);
    // Lower case skips the checksum, as wallets allow; the command then goes on to read the key file.
    assertUsageError(send("--to", to.toLowerCase(), "--value", "1"), /^pq4337: cannot read the key file \/nonexistent\.key: ENOENT$/);
  });
});
