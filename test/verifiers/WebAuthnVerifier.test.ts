import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Hex, decodeAbiParameters, encodeAbiParameters, encodeFunctionData, hexToBytes, keccak256, maxUint256, toFunctionSelector, toHex } from "viem";
import { network } from "hardhat";
import { verifyWebAuthn, webauthnSigner } from "@pq4337/sdk";

const { viem } = await network.create();
const verifier = await viem.deployContract("WebAuthnVerifier");
const openZeppelin = await viem.deployContract("ERC7913WebAuthnVerifier");
const MAGIC = "0x024ad318"; // IERC7913SignatureVerifier.verify.selector
const FAILURE = "0xffffffff";
const auth = [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }] as const;

describe("WebAuthnVerifier with the SDK's passkey signer", () => {
  it("accepts the signer's assertions for random keys and hashes, as verifyWebAuthn and OpenZeppelin's verifier do", async () => {
    for (let i = 0; i < 4; i++) {
      const signer = webauthnSigner();
      const hash = keccak256(toHex(`passkey ${i}`));
      const signature = await signer.sign({ hash });
      assert.equal(await verifier.read.verify([signer.key, hash, signature]), MAGIC);
      assert.equal(await openZeppelin.read.verify([signer.key, hash, signature]), MAGIC);
      assert.equal(verifyWebAuthn({ publicKey: signer.publicKey, hash, signature }), true);
    }
  });

  it("agrees with verifyWebAuthn on single-byte changes of the signature, and refuses another hash or key", async () => {
    const signer = webauthnSigner();
    const hash = keccak256(toHex("mutations"));
    const signature = hexToBytes(await signer.sign({ hash }));
    for (let offset = 0; offset < signature.length; offset += 5) {
      const mutated = signature.slice();
      mutated[offset]! ^= 0x01;
      const hex = toHex(mutated);
      const onChain = await verifier.read.verify([signer.key, hash, hex]);
      assert.equal(onChain === MAGIC, verifyWebAuthn({ publicKey: signer.publicKey, hash, signature: hex }), `byte ${offset}`);
    }
    assert.equal(await verifier.read.verify([signer.key, keccak256("0x"), toHex(signature)]), FAILURE);
    assert.equal(await verifier.read.verify([webauthnSigner().key, hash, toHex(signature)]), FAILURE);
    assert.equal(await verifier.read.verify(["0x", hash, toHex(signature)]), FAILURE);
    assert.equal(await verifier.read.verify(["0x", `0x${"00".repeat(32)}`, "0x"]), FAILURE);
  });

  it("returns failure with bounded gas for a huge typeIndex, where OpenZeppelin's verifier runs out of gas", async () => {
    const signer = webauthnSigner();
    const hash = keccak256(toHex("typeIndex"));
    const [r, s, challengeIndex, , authenticatorData, clientDataJSON] = decodeAbiParameters(auth, await signer.sign({ hash }));
    for (const typeIndex of [maxUint256, 2n ** 40n, BigInt(clientDataJSON.length - 20)]) {
      const signature: Hex = encodeAbiParameters(auth, [r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON]);
      const gas = await (await viem.getPublicClient()).estimateContractGas({ address: verifier.address, abi: verifier.abi, functionName: "verify", args: [signer.key, hash, signature] });
      assert.ok(gas < 100_000n, `${typeIndex}: ${gas}`);
      assert.equal(await verifier.read.verify([signer.key, hash, signature]), FAILURE);
    }
    const huge = encodeAbiParameters(auth, [r, s, challengeIndex, 2n ** 40n, authenticatorData, clientDataJSON]);
    const client = await viem.getPublicClient();
    await assert.rejects(client.call({ to: openZeppelin.address, gas: 10_000_000n, data: encodeFunctionData({ abi: openZeppelin.abi, functionName: "verify", args: [signer.key, hash, huge] }) }));
  });

  it("names a key by keccak256(x ‖ y) and refuses keys off the curve", async () => {
    const signer = webauthnSigner();
    assert.equal(await verifier.read.keyId([signer.key]), keccak256(signer.key));
    assert.equal(await verifier.read.supportsInterface([toFunctionSelector("keyId(bytes)")]), true);
    const offCurve = toHex(hexToBytes(signer.key).map((byte, i) => (i === 63 ? byte ^ 1 : byte)));
    for (const key of [offCurve, signer.publicKey, "0x" as Hex]) await assert.rejects(verifier.read.keyId([key]), /ERC7913NonCanonicalKey/);
  });
});
