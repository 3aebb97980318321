import { ed25519 } from "@noble/curves/ed25519.js";
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

/**
 * Off-chain verification as {@link Ed25519Verifier} defines it: strict RFC 8032 (S < L, canonical A and R) with the
 * cofactored equation, and no key of small order. These are the verdicts of noble's `ed25519.verify` with
 * `zip215: false`, which this calls after checking the lengths.
 *
 * @example
 * const valid = verifyEd25519({ publicKey: signer.publicKey, hash, signature: await signer.sign({ hash }) })
 */
export function verifyEd25519({ publicKey, hash, signature }: { publicKey: Hex; hash: Hex; signature: Hex }): boolean {
  const key = hexToBytes(publicKey);
  const sig = hexToBytes(signature);
  if (key.length !== 32 || sig.length !== 64) return false;
  try {
    return ed25519.verify(sig, hexToBytes(hash), key, { zip215: false });
  } catch {
    return false;
  }
}
