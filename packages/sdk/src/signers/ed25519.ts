import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToNumberLE, concatBytes } from "@noble/curves/abstract/utils.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import type { PQ4337Signer } from "./types.js";

export type Ed25519SignerParameters = {
  /** A 32-byte RFC 8032 secret key (the seed that is hashed into the scalar). Defaults to a fresh random key. */
  privateKey?: Hex | undefined;
};

export type Ed25519SignerReturnType = PQ4337Signer & { scheme: "ed25519"; privateKey: Hex };

export type Ed25519SignerErrorType = InvalidPrivateKeyError | InvalidHashError;

/** A fixed throwaway secret key whose signatures make the stub. */
const stubSecretKey = new Uint8Array(32).fill(0x11);

/**
 * An Ed25519 (RFC 8032) signer for {@link Ed25519Verifier}: the keys of Solana, Sui, Aptos, NEAR, Cosmos, SSH and
 * many HSMs. Its ERC-7913 key is the 32-byte public key A; it signs the 32-byte hash itself as the message
 * (pure Ed25519, no prehash, no context) and its signatures are the 64 bytes R ‖ S.
 *
 * @example
 * const signer = ed25519Signer({ privateKey: `0x${"42".repeat(32)}` })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function ed25519Signer({ privateKey = bytesToHex(ed25519.utils.randomPrivateKey()) }: Ed25519SignerParameters = {}): Ed25519SignerReturnType {
  const secretKey = hexToBytes(privateKey);
  if (secretKey.length !== 32) throw new InvalidPrivateKeyError({ scheme: "ed25519", reason: "it must be 32 bytes" });
  const publicKey = bytesToHex(ed25519.getPublicKey(secretKey));
  const signHash = (hash: Hex, key: Uint8Array): Hex => {
    const message = hexToBytes(hash);
    if (message.length !== 32) throw new InvalidHashError({ length: message.length });
    return bytesToHex(ed25519.sign(message, key));
  };
  return {
    scheme: "ed25519",
    privateKey,
    publicKey,
    key: publicKey,
    sign: async ({ hash }) => signHash(hash, secretKey),
    // A valid signature by another key: S < L and R canonical, so the verifier runs in full and then fails.
    getStubSignature: async () => signHash(`0x${"00".repeat(32)}`, stubSecretKey),
  };
}

/** Off-chain verification as {@link Ed25519Verifier} defines it: strict RFC 8032 with the cofactorless equation. */
export function verifyEd25519({ publicKey, hash, signature }: { publicKey: Hex; hash: Hex; signature: Hex }): boolean {
  const key = hexToBytes(publicKey);
  const sig = hexToBytes(signature);
  const message = hexToBytes(hash);
  if (key.length !== 32 || sig.length !== 64) return false;
  const Point = ed25519.ExtendedPoint;
  const L = ed25519.CURVE.n;
  try {
    const A = Point.fromHex(key);
    const R = Point.fromHex(sig.subarray(0, 32));
    // Canonical encodings only: decoding and re-encoding must give the same bytes (y < p, no negative zero x).
    if (bytesToHex(A.toRawBytes()) !== bytesToHex(key) || bytesToHex(R.toRawBytes()) !== bytesToHex(sig.subarray(0, 32))) return false;
    const s = bytesToNumberLE(sig.subarray(32));
    if (s >= L) return false;
    const k = bytesToNumberLE(sha512(concatBytes(sig.subarray(0, 32), key, message))) % L;
    const sB = s === 0n ? Point.ZERO : Point.BASE.multiply(s);
    const kA = k === 0n ? Point.ZERO : A.multiplyUnsafe(k);
    return sB.subtract(kA).equals(R);
  } catch {
    return false;
  }
}
