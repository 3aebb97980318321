import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, concatBytes, decodeAbiParameters, encodeAbiParameters, hexToBytes, stringToBytes } from "viem";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import { hashBytes } from "./hashBytes.js";
import type { PQ4337Signer } from "./types.js";

export type WebAuthnSignerParameters = {
  /** A 32-byte P-256 private key. Defaults to a fresh random key. */
  privateKey?: Hex | undefined;
  /** The relying party id whose SHA-256 starts the authenticator data. Default "localhost". */
  rpId?: string | undefined;
  /** The origin written into the client data. Default "http://localhost". */
  origin?: string | undefined;
};

export type WebAuthnSignerReturnType = PQ4337Signer & { scheme: "webauthn"; privateKey: Hex };

export type WebAuthnSignerErrorType = InvalidPrivateKeyError;

/** Authenticator data flags: user present (UP) and user verified (UV), which OpenZeppelin's verifier requires. */
const userPresentAndVerified = 0x05;

/**
 * A passkey signer for `WebAuthnVerifier` (OpenZeppelin's `ERC7913WebAuthnVerifier` with bounded gas): a P-256 key that answers as a WebAuthn
 * authenticator does, signing SHA-256(authenticatorData ‖ SHA-256(clientDataJSON)) where the client data's
 * challenge is the hash to sign (base64url). Its ERC-7913 key is the 64-byte point x ‖ y; its signature is the ABI
 * encoding of OpenZeppelin's `WebAuthnAuth` (r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON).
 *
 * The key lives in software here (tests, servers, the gas suite); a browser wallet signs the same challenge with
 * `navigator.credentials.get` and encodes the assertion the same way. Verification uses the P-256 precompile
 * (EIP-7951, Osaka) where the chain has one, and OpenZeppelin's Solidity P-256 otherwise.
 *
 * @example
 * const passkey = webauthnSigner()
 * const account = await toPQSmartAccount({ client, signer: hybridSigner([passkey, falcon512Signer()]) })
 */
export function webauthnSigner(parameters: WebAuthnSignerParameters = {}): WebAuthnSignerReturnType {
  const { privateKey = bytesToHex(p256.utils.randomPrivateKey()), rpId = "localhost", origin = "http://localhost" } = parameters;
  const secret = hexToBytes(privateKey);
  if (secret.length !== 32 || !p256.utils.isValidPrivateKey(secret))
    throw new InvalidPrivateKeyError({ scheme: "webauthn", reason: "it must be a 32-byte scalar between 1 and n − 1" });
  const publicKey = p256.getPublicKey(secret, false);
  const authenticatorData = concatBytes([sha256(stringToBytes(rpId)), Uint8Array.of(userPresentAndVerified), new Uint8Array(4)]);

  const assert = (hash: Hex, key: Uint8Array): Hex => {
    const challenge = base64url(hashBytes(hash));
    const clientDataJSON = `{"type":"webauthn.get","challenge":"${challenge}","origin":"${origin}","crossOrigin":false}`;
    const signed = concatBytes([authenticatorData, sha256(stringToBytes(clientDataJSON))]);
    const signature = p256.sign(signed, key, { prehash: true, lowS: true }).toCompactRawBytes();
    return encodeWebAuthnAuth({ signature, authenticatorData, clientDataJSON });
  };
  // A throwaway key's assertion over the zero hash: the full verification path, then a failed signature check.
  const stubKey = hexToBytes(`0x${"11".repeat(32)}`);
  return {
    scheme: "webauthn",
    privateKey,
    publicKey: bytesToHex(publicKey),
    key: bytesToHex(publicKey.subarray(1)),
    sign: async ({ hash }) => assert(hash, secret),
    getStubSignature: async () => assert(`0x${"00".repeat(32)}`, stubKey),
  };
}

export type VerifyWebAuthnParameters = {
  /** The uncompressed P-256 public key, `0x04 ‖ x ‖ y`. */
  publicKey: Hex;
  hash: Hex;
  /** The ABI-encoded `WebAuthnAuth`. */
  signature: Hex;
};

/**
 * Off-chain check of a WebAuthn assertion as OpenZeppelin's `WebAuthn.verify` makes it (with user verification
 * required): the client data's type is "webauthn.get" and its challenge the base64url hash at the indices given,
 * UP and UV are set, BS is not set without BE, and the P-256 signature (low s) is over
 * SHA-256(authenticatorData ‖ SHA-256(clientDataJSON)).
 *
 * @example
 * const valid = verifyWebAuthn({ publicKey: passkey.publicKey, hash, signature: await passkey.sign({ hash }) })
 */
export function verifyWebAuthn({ publicKey, hash, signature }: VerifyWebAuthnParameters): boolean {
  let decoded;
  try {
    decoded = decodeAbiParameters(webAuthnAuthParameters, signature);
  } catch {
    return false;
  }
  const [r, s, challengeIndex, typeIndex, authenticatorDataHex, clientDataJSON] = decoded;
  const authenticatorData = hexToBytes(authenticatorDataHex);
  if (authenticatorData.length <= 36) return false;
  const flags = authenticatorData[32]!;
  const backupEligible = (flags & 0x08) !== 0;
  const backedUp = (flags & 0x10) !== 0;
  if ((flags & userPresentAndVerified) !== userPresentAndVerified || (backedUp && !backupEligible)) return false;
  const at = (index: bigint, expected: string) => clientDataJSON.startsWith(expected, Number(index));
  if (!at(typeIndex, '"type":"webauthn.get"') || !at(challengeIndex, `"challenge":"${base64url(hexToBytes(hash))}"`)) return false;
  const signed = concatBytes([authenticatorData, sha256(stringToBytes(clientDataJSON))]);
  return p256.verify(concatBytes([hexToBytes(r), hexToBytes(s)]), signed, hexToBytes(publicKey), { prehash: true, lowS: true, format: "compact" });
}

const webAuthnAuthParameters = [
  { type: "bytes32" },
  { type: "bytes32" },
  { type: "uint256" },
  { type: "uint256" },
  { type: "bytes" },
  { type: "string" },
] as const;

/** Unpadded base64url, as WebAuthn encodes the challenge in the client data (no Buffer: this runs in browsers). */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** ABI encoding of OpenZeppelin's `WebAuthn.WebAuthnAuth`, as its `tryDecodeAuth` reads it. */
function encodeWebAuthnAuth({ signature, authenticatorData, clientDataJSON }: { signature: Uint8Array; authenticatorData: Uint8Array; clientDataJSON: string }): Hex {
  return encodeAbiParameters(webAuthnAuthParameters, [
      bytesToHex(signature.subarray(0, 32)),
      bytesToHex(signature.subarray(32, 64)),
      BigInt(clientDataJSON.indexOf('"challenge"')),
      BigInt(clientDataJSON.indexOf('"type"')),
      bytesToHex(authenticatorData),
    clientDataJSON,
  ]);
}
