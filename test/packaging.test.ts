import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";

const root = new URL("..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "pq4337-pack-"));
after(() => rmSync(work, { recursive: true, force: true }));

const pack = (name: string) => {
  execFileSync("pnpm", ["pack", "--pack-destination", work], { cwd: join(root, "packages", name), stdio: "ignore" });
  return join(work, readdirSync(work).find((file) => file.startsWith(`pq4337-${name}-`) && file.endsWith(".tgz"))!);
};
const listing = (tarball: string) => execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");

describe("npm packages", () => {
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
