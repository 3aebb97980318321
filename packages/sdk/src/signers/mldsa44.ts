import { ml_dsa44 } from "@noble/post-quantum/ml-dsa.js";
import type { Hex } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { type ExpandMldsa44PublicKeyReturnType, expandMldsa44PublicKey } from "../keys/mldsa44/expandPublicKey.js";
import { secretKeyLength } from "../keys/mldsa44/params.js";
import { type MldsaSet, type MldsaSignerParameters, type MldsaSignerReturnType, createMldsaSigner, generateMldsaSeed } from "./mldsaSigner.js";

export type Mldsa44SignerParameters = MldsaSignerParameters & {
  /** A 2,560-byte FIPS 204 secret key `sk`, instead of a seed (see {@link generateMldsa44Seed}). */
  secretKey?: Hex | Uint8Array | undefined;
};

export type Mldsa44SignerReturnType = MldsaSignerReturnType<"mldsa44", ExpandMldsa44PublicKeyReturnType>;

export type Mldsa44SignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

const mldsa44: MldsaSet<"mldsa44", ExpandMldsa44PublicKeyReturnType> = {
  scheme: "mldsa44",
  noble: ml_dsa44,
  secretKeyLength,
  expand: expandMldsa44PublicKey,
};

/**
 * An ML-DSA-44 (FIPS 204) signer for the ML-DSA-44 ERC-7913 verifier. Its `key` is the 52-byte
 * commitment ‖ chunk addresses of its expanded public key (see `expandMldsa44PublicKey`), and its signatures are
 * 2,420-byte pure ML-DSA-44 signatures of the 32-byte hash with an empty context.
 *
 * @example
 * const signer = mldsa44Signer({ seed: generateMldsa44Seed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function mldsa44Signer(parameters: Mldsa44SignerParameters = {}): Mldsa44SignerReturnType {
  return createMldsaSigner(mldsa44, parameters);
}

/**
 * A fresh random 32-byte ML-DSA-44 key-generation seed, the compact form of an ML-DSA-44 private key.
 *
 * @example
 * const seed = generateMldsa44Seed()
 * const signer = mldsa44Signer({ seed })
 */
export function generateMldsa44Seed(): Hex {
  return generateMldsaSeed();
}
