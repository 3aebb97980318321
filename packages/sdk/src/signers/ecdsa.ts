import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import type { PQ4337Signer } from "./types.js";

export type EcdsaSignerParameters = {
  /** A 32-byte secp256k1 private key. Defaults to a fresh random key. */
  privateKey?: Hex | undefined;
};

export type EcdsaSignerReturnType = PQ4337Signer & { scheme: "ecdsa"; privateKey: Hex };

export type EcdsaSignerErrorType = InvalidPrivateKeyError;

/**
 * The classical baseline signer: secp256k1 ECDSA for {@link ECDSAVerifier}. Its ERC-7913 key is the signer's
 * 20-byte address and its signatures are 65 bytes `r ‖ s ‖ v` with low s.
 *
 * @example
 * const signer = ecdsaSigner({ privateKey: generatePrivateKey() })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function ecdsaSigner({ privateKey = generatePrivateKey() }: EcdsaSignerParameters = {}): EcdsaSignerReturnType {
  if (hexToBytes(privateKey).length !== 32) throw new InvalidPrivateKeyError({ scheme: "ecdsa", reason: "it must be 32 bytes" });
  const account = privateKeyToAccount(privateKey);
  // A signature by a fixed throwaway key over a fixed hash: ecrecover runs, then the address check fails.
  const stub = privateKeyToAccount(`0x${"11".repeat(32)}`);
  return {
    scheme: "ecdsa",
    privateKey,
    publicKey: account.publicKey,
    key: account.address,
    sign: ({ hash }) => account.sign({ hash }),
    getStubSignature: () => stub.sign({ hash: `0x${"00".repeat(32)}` }),
  };
}
