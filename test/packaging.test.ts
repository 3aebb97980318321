import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { packPackage, publishedPackages } from "../scripts/pack.mjs";

const root = new URL("..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "pq4337-pack-"));
after(() => rmSync(work, { recursive: true, force: true }));

const packed = new Map<string, string>();
/** The package's tarball as `pnpm tarballs` packs it (once per run). */
const pack = (name: string) => {
  if (!packed.has(name)) packed.set(name, packPackage(name, work));
  return packed.get(name)!;
};
const manifestOf = (tarball: string) => JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
const listing = (tarball: string) => execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");

describe("npm packages", () => {
  it("every published package passes npm publish --dry-run with its metadata, and names versions, not workspace:, for its own packages", () => {
    assert.deepEqual(publishedPackages().sort(), ["cli", "contracts", "devnet", "sdk"]);
    for (const name of publishedPackages()) {
      const tarball = pack(name);
      const manifest = manifestOf(tarball);
      assert.equal(manifest.name, `@pq4337/${name}`);
      assert.match(manifest.version, /^\d+\.\d+\.\d+/);
      for (const field of ["description", "license", "repository", "homepage", "bugs", "files", "exports", "engines"])
        assert.ok(manifest[field], `${name}: ${field}`);
      assert.equal(manifest.license, "MIT");
      assert.equal(manifest.repository.directory, `packages/${name}`);
      assert.equal(manifest.sideEffects, false, `${name}: sideEffects`);
      assert.equal(manifest.publishConfig?.access, "public", `${name}: a scoped package is published public`);
      if (manifest.main || name === "sdk") assert.ok(manifest.types, `${name}: types`);
      for (const [dependency, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }))
        assert.doesNotMatch(String(range), /^(workspace|file|link):/, `${name}: ${dependency}@${range}`);
      const dryRun = execFileSync("npm", ["publish", "--dry-run", "--ignore-scripts", tarball], { cwd: work, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      assert.match(dryRun, new RegExp(`^\\+ @pq4337/${name}@`, "m"), dryRun);
    }
    // One copy of viem: the SDK leaves viem to the application (TS2322 otherwise, with two copies' types).
    const sdk = manifestOf(pack("sdk"));
    assert.ok(sdk.peerDependencies.viem && !sdk.dependencies.viem);
    assert.deepEqual(Object.keys(manifestOf(pack("cli")).dependencies).sort(), ["@pq4337/devnet", "@pq4337/sdk", "viem"]);
  });

  for (const moduleResolution of ["nodenext", "bundler"] as const)
    it(`the SDK's tarball installs into an empty folder with viem from the registry, type-checks (moduleResolution ${moduleResolution}) and runs`, () => {
      const app = join(work, `app-${moduleResolution}`);
      mkdirSync(app, { recursive: true });
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
      // As the README says: the tarball, and viem from the registry (the SDK's peer dependency).
      execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", pack("sdk"), "viem@2", "typescript@5.9.3", "@types/node@22"], { cwd: app, stdio: "ignore" });
      writeFileSync(
        join(app, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            target: "ES2022",
            module: moduleResolution === "bundler" ? "ESNext" : "NodeNext",
            moduleResolution,
            strict: true,
            noEmit: true,
            types: ["node"],
          },
          files: ["index.ts"],
        }),
      );
      // An account on a chain from viem's own types: with two copies of viem, the client's type would not be assignable.
      writeFileSync(
        join(app, "index.ts"),
        `import { createPublicClient, http, type Hex } from "viem";
import { sepolia } from "viem/chains";
import { ecdsaSigner, mldsa65Signer, toPQSmartAccount, getPQ4337Addresses } from "@pq4337/sdk";
import { expandPublicKey } from "@pq4337/sdk/mldsa65";

const client = createPublicClient({ chain: sepolia, transport: http("http://127.0.0.1:1") });
const signer = mldsa65Signer();
const key: Hex = signer.key;
const account = await toPQSmartAccount({ client, signer });
console.log(JSON.stringify({ account: account.address, key: key.length, ecdsa: ecdsaSigner().key.length, expanded: expandPublicKey(signer.publicKey).bytes.length, factory: getPQ4337Addresses().accountFactory }));
`,
      );
      const tsc = spawnSync(process.execPath, [join(app, "node_modules/typescript/bin/tsc"), "-p", app], { encoding: "utf8" });
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
      const copies = execFileSync("npm", ["ls", "viem", "--all", "--parseable"], { cwd: app, encoding: "utf8" }).split("\n").filter(Boolean);
      assert.equal(copies.length, 1, `one viem: ${copies.join(", ")}`);
      // Node 22 runs the same file with its types stripped.
      const run = spawnSync(process.execPath, ["--experimental-strip-types", "--no-warnings", "index.ts"], { cwd: app, encoding: "utf8" });
      assert.equal(run.status, 0, run.stderr);
      const output = JSON.parse(run.stdout);
      assert.match(output.account, /^0x[0-9a-fA-F]{40}$/, "the counterfactual address, computed offline");
      assert.equal(output.key, 2 + 2 * 72);
      assert.equal(output.expanded, 2 + 2 * (36_928 + 1_952));
      assert.match(output.factory, /^0x[0-9a-fA-F]{40}$/);
    });

  it("@pq4337/sdk and @pq4337/contracts install from their tarballs and import like published packages", () => {
    const sdk = pack("sdk");
    const contracts = pack("contracts");
    const sdkFiles = listing(sdk);
    assert.ok(sdkFiles.includes("package/dist/index.js") && sdkFiles.includes("package/dist/index.d.ts"));
    assert.ok(!sdkFiles.some((file) => file.includes(".test.")), "tests are not published");
    assert.ok(listing(contracts).includes("package/verifiers/ECDSAVerifier.sol"));
    assert.ok(listing(contracts).includes("package/ethers/pq4337.d.ts"), "ethers-v6 TypeChain bindings");

    const app = join(work, "app");
    execFileSync("mkdir", ["-p", app]);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", sdk, contracts, "viem@2.57.20", "ethers@6"], { cwd: app, stdio: "ignore" });
    const probe = `
      import { toPQSmartAccount, ecdsaSigner, mldsa65Signer, expandPublicKey, getPQ4337Addresses } from "@pq4337/sdk";
      const signer = mldsa65Signer();
      console.log(JSON.stringify({
        account: typeof toPQSmartAccount,
        ecdsaKey: ecdsaSigner().key.length,
        mldsaKey: signer.key.length,
        expanded: expandPublicKey(signer.publicKey).bytes.length,
        factory: getPQ4337Addresses().accountFactory,
      }));`;
    const output = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: app, encoding: "utf8" }));
    assert.deepEqual(output, {
      account: "function",
      ecdsaKey: 42,
      mldsaKey: 2 + 2 * 72,
      expanded: 2 + 2 * (36_928 + 1_952), // E ‖ pk
      factory: output.factory,
    });
    assert.match(output.factory, /^0x[0-9a-fA-F]{40}$/);
    // ESM-only, as the SDK's README says: CommonJS loads it with import(), and require() is refused.
    const commonjs = `
      try { require("@pq4337/sdk"); } catch (error) { console.log(error.code); }
      import("@pq4337/sdk").then((sdk) => console.log(typeof sdk.toPQSmartAccount));`;
    assert.equal(execFileSync(process.execPath, ["-e", commonjs], { cwd: app, encoding: "utf8" }), "ERR_PACKAGE_PATH_NOT_EXPORTED\nfunction\n");
    assert.ok(existsSync(join(app, "node_modules/@pq4337/contracts/accounts/PQAccount.sol")));
    assert.ok(existsSync(join(app, "node_modules/@pq4337/contracts/abi/PQAccount.json")));
    const ethersProbe = `const { PQAccountFactory__factory } = require("@pq4337/contracts/ethers"); console.log(typeof PQAccountFactory__factory.connect);`;
    assert.equal(execFileSync(process.execPath, ["-e", ethersProbe], { cwd: app, encoding: "utf8" }).trim(), "function");
  });

  it("the CLI installs from its tarball with the devnet's and the SDK's (as the README shows) and answers --help", () => {
    const prefix = join(work, "global");
    execFileSync("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error", pack("cli"), pack("devnet"), pack("sdk")], { cwd: work, stdio: "ignore" });
    const help = spawnSync(join(prefix, "bin/pq4337"), ["--help"], { encoding: "utf8" });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^pq4337 <command> \[options\]/);
    for (const command of ["account", "deploy", "devnet", "verify"]) assert.match(help.stdout, new RegExp(`^  ${command} `, "m"));
  });

  it("@pq4337/cli and @pq4337/devnet pack their bins and builds", () => {
    const cli = listing(pack("cli"));
    assert.ok(cli.includes("package/bin/pq4337.js") && cli.includes("package/dist/cli.js"));
    const devnet = listing(pack("devnet"));
    assert.ok(devnet.includes("package/dist/index.js") && devnet.includes("package/dist/index.d.ts"));
  });

  it("every package ships its LICENSE, every source and declaration map resolves to a file it ships, and no package but the bench holds the gas suite's instruments", () => {
    for (const name of ["sdk", "cli", "devnet", "contracts"]) {
      const tarball = pack(name);
      const files = listing(tarball).filter(Boolean);
      assert.ok(files.includes("package/LICENSE"), `${name}: LICENSE`);
      const unpacked = join(work, `unpacked-${name}`);
      mkdirSync(unpacked, { recursive: true });
      execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
      const maps = files.filter((file) => file.endsWith(".map"));
      for (const map of maps) {
        const { sources } = JSON.parse(readFileSync(join(unpacked, map), "utf8")) as { sources: string[] };
        for (const source of sources) assert.ok(existsSync(join(unpacked, dirname(map), source)), `${name}: ${map} → ${source}`);
      }
      if (name !== "contracts") assert.ok(maps.length > 0, `${name} ships maps`);
      // The gas suite's profilers and meters are the bench package's: no integrator ships them.
      const instruments = /Profiler|keccakF1600Meter|KeccakF1600Meter/;
      if (name === "sdk") assert.doesNotMatch(readFileSync(join(unpacked, "package/dist/generated/contracts.js"), "utf8"), instruments);
      assert.ok(!files.some((file) => instruments.test(file) || /\/mocks\//.test(file)), `${name}: no profiler, meter or mock files`);
    }
  });
});
