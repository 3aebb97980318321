import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { type Hex, createPublicClient, createTestClient, http, padHex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { Wallet, encryptKeystoreJsonSync } from "ethers";
import { devnetPrivateKeys } from "@pq4337/devnet";
import { create2DeployerAddress, create2DeployerRuntimeCode, entryPointAddress, getPQ4337Addresses, getPQ4337Contracts, schemes } from "@pq4337/sdk";
import { type BareChain, startBareChain } from "../helpers/bareChain.js";
import { inverseNttCode } from "../../scripts/inverse-ntt-code.mjs";

/**
 * The key attestors deployPQ4337 deploys besides the CREATE2 deployer, EntryPoint, the two factories (PQAccount, Safe
 * owner), ML-DSA's inverse NTT and the verifiers.
 */
const keyAttestorCount = new Set(Object.values(getPQ4337Addresses().keyAttestors)).size;

const cli = new URL("../../packages/cli/bin/pq4337.js", import.meta.url).pathname;

/** `pq4337 deploy …` with the given environment; the record directory is a temporary one. */
function deploy(args: string[], env: Record<string, string> = {}) {
  const { PQ4337_PRIVATE_KEY: _, PQ4337_PASSPHRASE: __, ...inherited } = process.env;
  return spawnSync(process.execPath, [cli, "deploy", ...args], { encoding: "utf8", env: { ...inherited, ...env } });
}

describe("pq4337 deploy on a bare chain (anvil, chain id 11155111, no CREATE2 deployer)", () => {
  let chain: BareChain;
  let rpcUrl: string;
  let out: string;
  const client = () => createPublicClient({ transport: http(rpcUrl) });
  const blockNumber = () => client().getBlockNumber();

  before(async () => {
    out = mkdtempSync(join(tmpdir(), "pq4337-deploy-"));
    chain = await startBareChain();
    ({ rpcUrl } = chain);
  });
  after(async () => {
    await chain?.stop();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("refuses bad input with one line on stderr and exit code 2, before touching the chain", async () => {
    const cases: [string[], RegExp][] = [
      [[], /^pq4337: missing --rpc-url$/m],
      [["--rpc-url", "ftp://x"], /must be an http\(s\) URL/],
      [["--rpc-url", rpcUrl, "--private-key", "0x12"], /--private-key must be a 32-byte/],
      [["--rpc-url", rpcUrl, "--private-key", devnetPrivateKeys[0], "--keystore", "k.json"], /not both/],
      [["--rpc-url", rpcUrl, "--keystore", "/nonexistent.json"], /cannot read the key file \/nonexistent.json: ENOENT/],
      [["--rpc-url", rpcUrl, "--private-key", devnetPrivateKeys[0], "--verify"], /ETHERSCAN_API_KEY/],
      [["--rpc-url", rpcUrl, "--bogus"], /Unknown option '--bogus'/],
    ];
    const before = await blockNumber();
    for (const [args, message] of cases) {
      const run = deploy(args);
      assert.equal(run.status, 2, `${args.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr.split("\n")[0]!, message);
      assert.equal(run.stdout, "");
    }
    assert.equal(await blockNumber(), before);
  });

  it("tells an underfunded deployer so before any transaction", async () => {
    const poor = generatePrivateKey();
    await createTestClient({ mode: "anvil", transport: http(rpcUrl) }).setBalance({ address: privateKeyToAccount(poor).address, value: parseEther("0.001") });
    const before = await blockNumber();
    const run = deploy(["--rpc-url", rpcUrl, "--out", out], { PQ4337_PRIVATE_KEY: poor });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^pq4337: The deployer 0x[0-9a-fA-F]{40} has 0\.001 ETH; the deployment needs up to 0\.\d+ ETH at the chain's current fees\. Nothing was sent\.\n$/);
    assert.equal(await blockNumber(), before);
  });

  it("--dry-run lists every contract as missing with its gas and cost, and sends nothing", async () => {
    const before = await blockNumber();
    const run = deploy(["--rpc-url", rpcUrl, "--dry-run", "--private-key", devnetPrivateKeys[0]]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^CREATE2 deployer +0x4e59b44847b379578588920cA78FbF26c0B4956C +missing +100,000 gas, presigned at 100 gwei: funds its signer with 0\.01 ETH$/m);
    for (const { name, address } of getPQ4337Contracts())
      assert.match(run.stdout, new RegExp(`^${name} +${address} +missing +[\\d,]+ gas, up to 0\\.\\d+ ETH$`, "m"));
    assert.match(run.stdout, /^total: \d+ to deploy, up to 0\.\d+ ETH\nDry run: nothing sent\.$/m);
    assert.equal(await blockNumber(), before);
  });

  it("--dry-run warns on stderr when the deployer cannot pay, naming its address and the shortfall", async () => {
    const poor = generatePrivateKey();
    const address = privateKeyToAccount(poor).address;
    await createTestClient({ mode: "anvil", transport: http(rpcUrl) }).setBalance({ address, value: parseEther("0.001") });
    const run = deploy(["--rpc-url", rpcUrl, "--dry-run"], { PQ4337_PRIVATE_KEY: poor });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Dry run: nothing sent\.$/m);
    assert.match(run.stderr, new RegExp(`^pq4337: warning: the deployer ${address} holds 0\\.001 ETH; the deployment needs up to 0\\.\\d+ ETH: send it 0\\.\\d+ ETH or more before deploying\n$`));
    const funded = deploy(["--rpc-url", rpcUrl, "--dry-run", "--private-key", devnetPrivateKeys[0]]);
    assert.equal(funded.stderr, "");
  });

  it("--precompiles: the verifiers of a listed chain are planned at their own addresses; other chains keep the defaults", async () => {
    const precompiles = { VERIFY_MLDSA65: padHex("0x13", { size: 20 }), FALCON_HASH_TO_POINT_SHAKE256: padHex("0x8052", { size: 20 }), FALCON_CORE: padHex("0x8053", { size: 20 }) };
    const file = join(mkdtempSync(join(tmpdir(), "pq4337-precompiles-")), "precompiles.json");
    writeFileSync(file, JSON.stringify({ "11155111": precompiles, "1": { VERIFY_MLDSA44: padHex("0x12", { size: 20 }) } }));
    const run = deploy(["--rpc-url", rpcUrl, "--dry-run", "--precompiles", file, "--private-key", devnetPrivateKeys[0]]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^chain 11155111's precompiles: VERIFY_MLDSA65 0x0+13, FALCON_HASH_TO_POINT_SHAKE256 0x0+8052, FALCON_CORE 0x0+8053$/m);
    const defaults = getPQ4337Addresses().verifiers;
    for (const { name, address } of getPQ4337Contracts({ precompiles })) {
      assert.match(run.stdout, new RegExp(`^${name} +${address} +missing`, "m"));
      const moved = name === "MLDSA65Verifier" || name === "Falcon512Verifier";
      if (name.endsWith("Verifier")) assert.equal(Object.values(defaults).includes(address), !moved, name);
    }
    // An existing precompile's address (0x04, identity; 0x100, P256VERIFY) is refused before anything starts.
    for (const taken of ["0x04", "0x0100"] as const) {
      writeFileSync(file, JSON.stringify({ "11155111": { VERIFY_MLDSA65: padHex(taken, { size: 20 }) } }));
      const refused = deploy(["--rpc-url", rpcUrl, "--dry-run", "--precompiles", file, "--private-key", devnetPrivateKeys[0]]);
      assert.equal(refused.status, 2, refused.stderr);
      assert.match(refused.stderr.split("\n")[0]!, /VERIFY_MLDSA65 at 0x0+(4|100) is an existing precompile's address/);
    }
  });

  it("installs the CREATE2 deployer, EntryPoint v0.8 and the kit at getPQ4337Addresses(), paid from a V3 keystore; writes the record", async () => {
    const wallet = new Wallet(devnetPrivateKeys[0]);
    const keystore = join(out, "deployer.json");
    writeFileSync(keystore, encryptKeystoreJsonSync(wallet, "deployer passphrase", { scrypt: { N: 2 ** 10 } }));
    const run = deploy(["--rpc-url", rpcUrl, "--keystore", keystore, "--out", out], { PQ4337_PASSPHRASE: "deployer passphrase" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.match(/^deployed /gm)?.length, Object.keys(schemes).length + 5 + keyAttestorCount, run.stdout);

    const chain = client();
    assert.equal(await chain.getCode({ address: create2DeployerAddress }), create2DeployerRuntimeCode);
    assert.notEqual(await chain.getCode({ address: entryPointAddress }), undefined);
    const addresses = getPQ4337Addresses();
    for (const address of [addresses.accountFactory, addresses.accountImplementation, ...Object.values(addresses.verifiers)])
      assert.notEqual(await chain.getCode({ address }), undefined, address);
    // ML-DSA's inverse NTT, through the CREATE2 deployer: the code the in-process chains of the other tests are given.
    assert.equal(await chain.getCode({ address: addresses.mldsaInverseNtt }), inverseNttCode().runtimeCode);

    const record = JSON.parse(readFileSync(join(out, "11155111.json"), "utf8")) as {
      chainId: number;
      commit: string;
      contracts: Record<string, { address: string; transactionHash: Hex; blockNumber: number; source: string; standardJsonInput?: string; compiler?: { version: string } }>;
    };
    assert.equal(record.chainId, 11155111);
    assert.match(record.commit, /^[0-9a-f]{40}(\+dirty)?$/);
    assert.equal(record.contracts["PQAccountFactory"]!.address, addresses.accountFactory);
    assert.equal(record.contracts["EntryPoint"]!.address, entryPointAddress);
    for (const scheme of Object.keys(addresses.verifiers)) assert.ok(Object.values(record.contracts).some(({ address }) => address === addresses.verifiers[scheme as "ecdsa"]));
    for (const [name, entry] of Object.entries(record.contracts)) {
      const receipt = await chain.getTransactionReceipt({ hash: entry.transactionHash });
      assert.equal(receipt.status, "success", name);
      assert.equal(Number(receipt.blockNumber), entry.blockNumber, name);
      if (name === "CREATE2 deployer" || name === "EntryPoint") continue;
      // Bytecode its generator writes, not solc's: no compiler input to describe it.
      if (name === "MLDSAInverseNTT") {
        assert.equal(entry.address, addresses.mldsaInverseNtt);
        assert.match(entry.source, /^scripts\/codegen\/mldsa-inverse-ntt\.mjs/);
        assert.equal(entry.compiler, undefined);
        continue;
      }
      assert.equal(entry.compiler?.version, "v0.8.30+commit.73712a01");
      const input = JSON.parse(readFileSync(join(out, entry.standardJsonInput!), "utf8")) as { language: string; sources: Record<string, unknown> };
      assert.equal(input.language, "Solidity");
      assert.ok(entry.source.split(":")[0]! in input.sources, `${name}'s source is in its standard-JSON input`);
    }
  });

  it("a second run sends nothing, says so and leaves the record as it was", async () => {
    const recordBefore = readFileSync(join(out, "11155111.json"), "utf8");
    const before = await blockNumber();
    const run = deploy(["--rpc-url", rpcUrl, "--out", out], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Nothing to deploy: every contract is already at its address on chain 11155111\.$/m);
    assert.equal(run.stdout.match(/ present$/gm)?.length, Object.keys(schemes).length + 5 + keyAttestorCount);
    assert.equal(await blockNumber(), before);
    assert.equal(readFileSync(join(out, "11155111.json"), "utf8"), recordBefore);
  });

  it("refuses a chain where an expected address holds other code, naming the contract, before any transaction", async () => {
    const verifier = getPQ4337Addresses().verifiers.falcon512!;
    await createTestClient({ mode: "anvil", transport: http(rpcUrl) }).setCode({ address: verifier, bytecode: "0x6000" });
    const before = await blockNumber();
    const run = deploy(["--rpc-url", rpcUrl, "--out", out], { PQ4337_PRIVATE_KEY: devnetPrivateKeys[1] });
    assert.equal(run.status, 1);
    assert.equal(run.stderr, `pq4337: ${verifier}, the address of Falcon512Verifier, holds different code: it is not Falcon512Verifier.\n`);
    assert.equal(await blockNumber(), before);
  });
});
