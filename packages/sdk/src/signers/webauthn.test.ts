import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, concatBytes, decodeAbiParameters, encodeAbiParameters, hexToBytes, keccak256, size, stringToBytes, stringToHex } from "viem";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import { verifyWebAuthn, webauthnSigner } from "./webauthn.js";

const privateKey: Hex = `0x${"42".repeat(32)}`;
const hash = keccak256(stringToHex("user operation"));
const auth = [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }] as const;

describe("webauthnSigner", () => {
  const signer = webauthnSigner({ privateKey });

  it("has the P-256 key of its private key; its ERC-7913 key is x ‖ y", () => {
    assert.equal(signer.publicKey, bytesToHex(p256.getPublicKey(hexToBytes(privateKey), false)));
    assert.equal(signer.key, `0x${signer.publicKey.slice(4)}`);
    assert.equal(size(signer.key), 64);
  });

  it("answers as an authenticator: client data with the base64url hash, UP and UV set, a low-s P-256 signature", async () => {
    const signature = await signer.sign({ hash });
    const [r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON] = decodeAbiParameters(auth, signature);
    const challenge = Buffer.from(hexToBytes(hash)).toString("base64url");
    assert.ok(clientDataJSON.startsWith(`"challenge":"${challenge}"`, Number(challengeIndex)));
    assert.ok(clientDataJSON.startsWith('"type":"webauthn.get"', Number(typeIndex)));
    assert.equal(hexToBytes(authenticatorData)[32], 0x05);
    assert.ok(BigInt(s) <= p256.CURVE.n / 2n);
    const signed = concatBytes([hexToBytes(authenticatorData), sha256(stringToBytes(clientDataJSON))]);
    assert.ok(p256.verify(hexToBytes(`${r}${s.slice(2)}` as Hex), signed, hexToBytes(signer.publicKey), { prehash: true }));
    assert.equal(verifyWebAuthn({ publicKey: signer.publicKey, hash, signature }), true);
  });

  it("verifyWebAuthn refuses another hash, another key, a missing UV flag, another type, a high s and garbage", async () => {
    const signature = await signer.sign({ hash });
    const [r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON] = decodeAbiParameters(auth, signature);
    const reencode = (changes: Partial<{ s: Hex; authenticatorData: Hex; clientDataJSON: string }>) =>
      encodeAbiParameters(auth, [r, changes.s ?? s, challengeIndex, typeIndex, changes.authenticatorData ?? authenticatorData, changes.clientDataJSON ?? clientDataJSON]);
    const verify = (candidate: Hex, publicKey = signer.publicKey, message = hash) => verifyWebAuthn({ publicKey, hash: message, signature: candidate });

    assert.equal(verify(signature, signer.publicKey, keccak256("0x01")), false);
    assert.equal(verify(signature, webauthnSigner().publicKey), false);
    const noUv = hexToBytes(authenticatorData);
    noUv[32] = 0x01;
    assert.equal(verify(reencode({ authenticatorData: bytesToHex(noUv) })), false);
    assert.equal(verify(reencode({ clientDataJSON: clientDataJSON.replace("webauthn.get", "webauthn.create") })), false);
    const n = p256.CURVE.n;
    assert.equal(verify(reencode({ s: `0x${(n - BigInt(s)).toString(16).padStart(64, "0")}` })), false);
    assert.equal(verify("0x1234"), false);
  });

  it("throws a typed error for a private key out of range", () => {
    assert.throws(() => webauthnSigner({ privateKey: `0x${"00".repeat(32)}` }), InvalidPrivateKeyError);
    assert.throws(() => webauthnSigner({ privateKey: "0x01" }), InvalidPrivateKeyError);
  });
});
