// What a wallet ships: the SDK bundled for browsers by esbuild (minified ESM, as a wallet's bundler would), within
// budget, with one copy of noble's elliptic-curve code. The bundles are scripts/sizes.mjs's, which writes their sizes
// into the README.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { bundle, bundleEntries } from "../scripts/sizes.mjs";

describe("browser bundle budgets", () => {
  it("the signers entry (ECDSA, ML-DSA-65, Falcon-512): ≤ 70 KB gzipped; every signer is reported", async () => {
    const { minified, gzip } = await bundle(bundleEntries.walletSigners);
    console.log(`signers entry: ${minified} bytes minified, ${gzip} gzipped`);
    assert.ok(gzip <= 70 * 1024, `${gzip} bytes`);
    const every = await bundle(bundleEntries.allSigners);
    console.log(`every signer: ${every.minified} bytes minified, ${every.gzip} gzipped`);
  });

  it("the account path (signers, toPQSmartAccount, sendUserOperation and viem's clients): ≤ 180 KB gzipped, one copy of noble's elliptic-curve code, no contract creation code", async () => {
    const { minified, gzip, inputs } = await bundle(bundleEntries.accountPath);
    console.log(`account path: ${minified} bytes minified, ${gzip} gzipped`);
    assert.ok(gzip <= 180 * 1024, `${gzip} bytes`);
    // The SDK uses the @noble/curves version viem uses, so secp256k1, P-256 and Ed25519 share viem's copy.
    const weierstrass = inputs.filter((input) => input.endsWith("abstract/weierstrass.js"));
    assert.equal(weierstrass.length, 1, weierstrass.join(", "));
    assert.ok(!inputs.some((input) => input.endsWith("sdk/dist/schemes.js")), "the scheme registry, which holds every verifier's creation code, stays out");
  });
});
