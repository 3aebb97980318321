import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Address, type Hex, concatHex, createPublicClient, custom } from "viem";
import { foundry } from "viem/chains";
import { getSignerChangeCalls } from "../actions/getSignerChangeCalls.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { UnknownVerifierError } from "../errors/account.js";
import { PQ4337Error } from "../errors/base.js";
import { ecdsaSigner } from "../signers/ecdsa.js";
import { multiSigner } from "../signers/multiSigner.js";
import { assertKnownVerifier } from "./assertKnownVerifier.js";
import { getErc7913Signer } from "./getErc7913Signer.js";
import { toPQSmartAccount } from "./toPQSmartAccount.js";

// A chain that has nothing deployed: every path below decides before it would need more than eth_getCode.
const client = createPublicClient({
  chain: foundry,
  transport: custom({
    async request({ method }: { method: string }) {
      if (method === "eth_getCode") return "0x";
      if (method === "eth_chainId") return `0x${foundry.id.toString(16)}`;
      throw new Error(`unexpected ${method}`);
    },
  }),
});
const stranger: Address = "0x00000000000000000000000000000000DeaDBeef";
const isUnknownVerifier = (error: Error) =>
  error instanceof UnknownVerifierError && error instanceof PQ4337Error && error.message.includes(stranger) && /allowUnknownVerifier/.test(error.message);

describe("assertKnownVerifier", () => {
  it("passes each of pq4337's verifiers, in any letter case, and throws UnknownVerifierError for any other address", () => {
    for (const [scheme, verifier] of Object.entries(getPQ4337Addresses().verifiers)) {
      assertKnownVerifier({ verifier, scheme: scheme as "ecdsa" });
      assertKnownVerifier({ verifier: verifier.toLowerCase() as Address, scheme: scheme as "ecdsa" });
    }
    assert.throws(() => assertKnownVerifier({ verifier: stranger, scheme: "ecdsa" }), isUnknownVerifier);
    // The factory and the implementation are pq4337's too, but not verifiers.
    for (const verifier of [getPQ4337Addresses().accountFactory, getPQ4337Addresses().accountImplementation])
      assert.throws(() => assertKnownVerifier({ verifier, scheme: "ecdsa" }), UnknownVerifierError);
    assertKnownVerifier({ verifier: stranger, scheme: "ecdsa", allowUnknownVerifier: true });
  });

  it("guards every path that builds a signer: getErc7913Signer, toPQSmartAccount (one key or several), getSignerChangeCalls", async () => {
    const signer = ecdsaSigner();
    const verifiers = { ecdsa: stranger };
    assert.throws(() => getErc7913Signer({ signer, verifiers }), isUnknownVerifier);
    assert.equal(getErc7913Signer({ signer, verifiers, allowUnknownVerifier: true }).erc7913Signer, concatHex([stranger, signer.key]));
    assert.equal(getErc7913Signer({ signer }).verifier, getPQ4337Addresses().verifiers.ecdsa);

    await assert.rejects(toPQSmartAccount({ client, signer, verifiers }), isUnknownVerifier);
    await assert.rejects(toPQSmartAccount({ client, signer: multiSigner({ signers: [ecdsaSigner(), signer], threshold: 1 }), verifiers }), isUnknownVerifier);
    const allowed = await toPQSmartAccount({ client, signer, verifiers, allowUnknownVerifier: true });
    assert.deepEqual(allowed.erc7913Signers, [concatHex([stranger, signer.key])]);

    const account = await toPQSmartAccount({ client, signer });
    const added = ecdsaSigner();
    await assert.rejects(getSignerChangeCalls({ client, account, add: [added], verifiers }), isUnknownVerifier);
    const calls = await getSignerChangeCalls({ client, account, add: [added], verifiers, allowUnknownVerifier: true });
    assert.equal(calls.length, 1);
    assert.ok(calls[0]!.data.toLowerCase().includes(concatHex([stranger, added.key]).slice(2).toLowerCase()));
    // Removing a signer that names any verifier needs no permission: removal trusts nothing.
    const removal = await getSignerChangeCalls({ client, account, remove: [concatHex([stranger, added.key]) as Hex, added], verifiers });
    assert.equal(removal.length, 1);
  });
});
