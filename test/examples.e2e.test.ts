import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { type Address, type Hex, createPublicClient, http, parseEther } from "viem";
import { type Devnet, startDevnet } from "@pq4337/devnet";

const root = new URL("..", import.meta.url).pathname;

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs `examples/<name>.ts` as a user would (tsx), asynchronously so the devnet's output keeps being drained. */
function runExample(name: string, env: Record<string, string>): Promise<Run> {
  const { PQ4337_RPC_URL: _, PQ4337_BUNDLER_URL: __, PQ4337_PRIVATE_KEY: ___, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", `examples/${name}.ts`], { cwd: root, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, stdout, stderr })));
}

describe("examples/ run against the devnet", () => {
  let devnet: Devnet;
  let env: Record<string, string>;
  const client = () => createPublicClient({ transport: http(devnet.rpcUrl) });

  before(async () => {
    devnet = await startDevnet();
    env = { PQ4337_RPC_URL: devnet.rpcUrl, PQ4337_BUNDLER_URL: devnet.bundlerUrl, PQ4337_PRIVATE_KEY: devnet.funderPrivateKey };
  });
  after(async () => {
    await devnet?.stop();
  });

  /** Runs an example, checks it succeeded and that every transaction it names succeeded on chain. */
  async function succeeds(name: string): Promise<string> {
    const run = await runExample(name, env);
    assert.equal(run.status, 0, `${name}: ${run.stderr}\n${run.stdout}`);
    const transactions = [...run.stdout.matchAll(/transaction (0x[0-9a-f]{64})/g)].map((match) => match[1] as Hex);
    assert.ok(transactions.length > 0, run.stdout);
    for (const hash of transactions) assert.equal((await client().getTransactionReceipt({ hash })).status, "success", hash);
    return run.stdout;
  }

  /** The ETH balance an example reports for a recipient, checked on chain. */
  async function recipientHas(stdout: string, ether: string) {
    const recipients = [...stdout.matchAll(/^recipient (0x[0-9a-fA-F]{40}) has ([\d.]+) ETH$/gm)];
    const match = recipients.find((candidate) => candidate[2] === ether);
    assert.ok(match, `a recipient with ${ether} ETH in:\n${stdout}`);
    assert.equal(await client().getBalance({ address: match[1] as Address }), parseEther(ether));
  }

  it("the README's first operation: a Falcon-512 account sends ETH through the bundler", async () => {
    const stdout = await succeeds("first-operation");
    assert.match(stdout, /^account 0x[0-9a-fA-F]{40}: user operation 0x[0-9a-f]{64}, transaction 0x[0-9a-f]{64}$/m);
  });

  it("(a) quickstart: an ECDSA account is funded and sends ETH", async () => {
    const stdout = await succeeds("quickstart");
    assert.match(stdout, /^user operation 0x[0-9a-f]{64}$/m);
    await recipientHas(stdout, "0.01");
  });

  it("(b) mldsa65: the expanded key is deployed and checked against the public key, then the account sends ETH", async () => {
    const stdout = await succeeds("mldsa65");
    assert.equal(stdout.match(/^expanded key chunk: transaction /gm)?.length, 2);
    assert.match(stdout, /^expanded key attestation: transaction 0x[0-9a-f]{64}$/m);
    assert.match(stdout, /^expanded key verified at 0x[0-9a-fA-F]{40}, 0x[0-9a-fA-F]{40}$/m);
    await recipientHas(stdout, "0.01");
  });

  it("(c) falcon512: a Falcon-512 account sends a batch", async () => {
    const stdout = await succeeds("falcon512");
    await recipientHas(stdout, "0.01");
    await recipientHas(stdout, "0.02");
  });

  it("(d) migration, step by step: an ECDSA account becomes ECDSA + Falcon-512, then Falcon-512 only, and the ECDSA key is refused", async () => {
    const stdout = await succeeds("migration");
    for (const step of ["ecdsa", "add falcon512, threshold 2", "ecdsa + falcon512", "remove ecdsa, threshold 1", "falcon512"])
      assert.match(stdout, new RegExp(`^${step.replace(/[+]/g, "\\+")}: user operation 0x[0-9a-f]{64}, transaction`, "m"));
    assert.match(stdout, /^the removed ECDSA key is refused: AA24$/m);
    assert.match(stdout, /: 1 signer \(the Falcon-512 key: true\), threshold 1$/m);
    await recipientHas(stdout, "0.03");
  });

  it("(d) upgrade: one user operation signed by the ECDSA key makes the account Falcon-512, which then signs", async () => {
    const stdout = await succeeds("upgrade");
    assert.match(stdout, /^upgrade \(4 calls\): user operation 0x[0-9a-f]{64}, transaction 0x[0-9a-f]{64}, gas used \d+$/m);
    assert.match(stdout, /^falcon512: transaction 0x[0-9a-f]{64}$/m);
    await recipientHas(stdout, "0.02");
  });

  it("(e) erc1271: a dapp contract accepts the account's message and typed-data signatures, and rejects a changed message", async () => {
    const stdout = await succeeds("erc1271");
    assert.match(stdout, /^message signature \(\d+ bytes\): valid true; for another message: valid false$/m);
    const [, author] = stdout.match(/^entry of (0x[0-9a-fA-F]{40}): Hello from a post-quantum account$/m) ?? [];
    const [, guestBook] = stdout.match(/^dapp GuestBook at (0x[0-9a-fA-F]{40})/m) ?? [];
    const { abi } = JSON.parse(readFileSync(new URL("../artifacts/contracts/examples/GuestBook.sol/GuestBook.json", import.meta.url), "utf8"));
    const entry = await client().readContract({ address: guestBook as Address, abi, functionName: "entries", args: [author] });
    assert.equal(entry, "Hello from a post-quantum account");
  });

  it("(f) vault: an integrator's contract pays out on a Falcon-512 signature through ERC-7913, and refuses its replay", async () => {
    const stdout = await succeeds("vault");
    await recipientHas(stdout, "0.02");
    assert.match(stdout, /^the key's balance in the vault: 0\.03 ETH$/m);
    assert.match(stdout, /^replay refused: PQVaultInvalidSignature$/m);
  });

  it("(g) erc7579: an ECDSA-owned ERC-7579 account installs PQValidatorModule, then sends ETH signed by Falcon-512", async () => {
    const stdout = await succeeds("erc7579");
    assert.match(stdout, /^install \(ECDSA owner\): user operation 0x[0-9a-f]{64}, transaction 0x[0-9a-f]{64}$/m);
    assert.match(stdout, /^falcon512 through the module: user operation 0x[0-9a-f]{64}, transaction 0x[0-9a-f]{64}, gas used \d+$/m);
    await recipientHas(stdout, "0.01");
  });

  it("(h) safe: an ECDSA Safe adds a Falcon-512 owner and threshold 2 in one transaction, then transfers signed by both", async () => {
    const stdout = await succeeds("safe");
    assert.match(stdout, /^add falcon512 owner, threshold 2: transaction 0x[0-9a-f]{64}$/m);
    assert.match(stdout, /, threshold 2$/m);
    assert.match(stdout, /^ecdsa \+ falcon512 transfer: transaction 0x[0-9a-f]{64}, gas used \d+$/m);
    await recipientHas(stdout, "0.01");
  });

  it("an example without its environment says what to set, in one line", async () => {
    const run = await runExample("quickstart", {});
    assert.equal(run.status, 1);
    assert.equal(run.stderr, "Set PQ4337_RPC_URL to the chain's RPC URL; pq4337 devnet prints it.\n");
    const badKey = await runExample("vault", { ...env, PQ4337_PRIVATE_KEY: "0x1234" });
    assert.equal(badKey.status, 1);
    assert.equal(badKey.stderr, "Set PQ4337_PRIVATE_KEY to a funded private key; pq4337 devnet prints it.\n");
  });

  it("an example whose RPC or bundler refuses the connection says so in one line naming the URL, not a stack trace", async () => {
    // A port nothing listens on (fetch refuses "bad" ports such as 9 before connecting).
    const server = createServer();
    const closed = await new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
    await new Promise((resolve) => server.close(resolve));
    const rpcRefused = await runExample("quickstart", { ...env, PQ4337_RPC_URL: closed });
    assert.equal(rpcRefused.status, 1);
    assert.equal(rpcRefused.stderr, `Cannot reach ${closed}: connection refused. Is it running, and is the URL right?\n`);
    const bundlerRefused = await runExample("falcon512", { ...env, PQ4337_BUNDLER_URL: closed });
    assert.equal(bundlerRefused.status, 1);
    assert.equal(bundlerRefused.stderr, `Cannot reach ${closed}: connection refused. Is it running, and is the URL right?\n`);
  });
});
