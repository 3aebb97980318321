// What a wallet ships: the SDK bundled for browsers by esbuild (minified ESM, as a wallet's bundler would), within
// budget, with one copy of noble's elliptic-curve code. The figures are printed for the README and the release note.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { describe, it } from "node:test";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
/** The signers a wallet offers by default (the web wallet's: ECDSA, ML-DSA-65, Falcon-512), and every signer. */
const walletSigners = "ecdsaSigner, mldsa65Signer, falcon512Signer";
const allSigners = "ecdsaSigner, webauthnSigner, ed25519Signer, mldsa44Signer, mldsa65Signer, mldsa87Signer, falcon512Signer, falcon1024Signer";

/** Bundles `source` from the repository root; returns its gzipped size and the noble package versions in it. */
async function bundle(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  // The modules that contribute code: esbuild lists every module it read, including those shaken out entirely.
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output!.inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([input]) => input);
  return { minified: code.length, gzip: gzipSync(code).length, inputs };
}

describe("browser bundle budgets", () => {
  it("the signers entry (ECDSA, ML-DSA-65, Falcon-512): ≤ 70 KB gzipped; every signer is reported", async () => {
    const { minified, gzip } = await bundle(`export { ${walletSigners} } from "@pq4337/sdk";`);
    console.log(`signers entry: ${minified} bytes minified, ${gzip} gzipped`);
    assert.ok(gzip <= 70 * 1024, `${gzip} bytes`);
    const every = await bundle(`export { ${allSigners} } from "@pq4337/sdk";`);
    console.log(`every signer: ${every.minified} bytes minified, ${every.gzip} gzipped`);
  });

  it("the account path (signers, toPQSmartAccount, sendUserOperation and viem's clients): ≤ 180 KB gzipped, one copy of noble's elliptic-curve code, no contract creation code", async () => {
    const { minified, gzip, inputs } = await bundle(`
      export { ${allSigners}, toPQSmartAccount, sendUserOperation, deployExpandedKey } from "@pq4337/sdk";
      export { createPublicClient, createWalletClient, http } from "viem";
      export { createBundlerClient } from "viem/account-abstraction";`);
    console.log(`account path: ${minified} bytes minified, ${gzip} gzipped`);
    assert.ok(gzip <= 180 * 1024, `${gzip} bytes`);
    // The SDK uses the @noble/curves version viem uses, so secp256k1, P-256 and Ed25519 share viem's copy.
    const weierstrass = inputs.filter((input) => input.endsWith("abstract/weierstrass.js"));
    assert.equal(weierstrass.length, 1, weierstrass.join(", "));
    assert.ok(!inputs.some((input) => input.endsWith("sdk/dist/schemes.js")), "the scheme registry, which holds every verifier's creation code, stays out");
  });
});
