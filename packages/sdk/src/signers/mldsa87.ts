import { ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import type { Hex } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { type ExpandMldsa87PublicKeyReturnType, expandMldsa87PublicKey } from "../keys/mldsa87/expandPublicKey.js";
import { secretKeyLength } from "../keys/mldsa87/params.js";
import { type MldsaSet, type MldsaSignerParameters, type MldsaSignerReturnType, createMldsaSigner, generateMldsaSeed } from "./mldsaSigner.js";

export type Mldsa87SignerParameters = MldsaSignerParameters & {
  /** A 4,896-byte FIPS 204 secret key `sk`, instead of a seed (see {@link generateMldsa87Seed}). */
  secretKey?: Hex | Uint8Array | undefined;
};

export type Mldsa87SignerReturnType = MldsaSignerReturnType<"mldsa87", ExpandMldsa87PublicKeyReturnType>;

export type Mldsa87SignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

const mldsa87: MldsaSet<"mldsa87", ExpandMldsa87PublicKeyReturnType> = {
  scheme: "mldsa87",
  noble: ml_dsa87,
  secretKeyLength,
  expand: expandMldsa87PublicKey,
};

/**
 * An ML-DSA-87 (FIPS 204) signer for the ML-DSA-87 ERC-7913 verifier. Its `key` is the 92-byte
 * commitment ‖ chunk addresses of its expanded public key (see `expandMldsa87PublicKey`), and its signatures are
 * 4,627-byte pure ML-DSA-87 signatures of the 32-byte hash with an empty context.
 *
 * @example
 * const signer = mldsa87Signer({ seed: generateMldsa87Seed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function mldsa87Signer(parameters: Mldsa87SignerParameters = {}): Mldsa87SignerReturnType {
  return createMldsaSigner(mldsa87, parameters);
}

/**
 * A fresh random 32-byte ML-DSA-87 key-generation seed, the compact form of an ML-DSA-87 private key.
 *
 * @example
 * const seed = generateMldsa87Seed()
 * const signer = mldsa87Signer({ seed })
 */
export function generateMldsa87Seed(): Hex {
  return generateMldsaSeed();
}
