import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";
import type { Hex } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { type ExpandPublicKeyReturnType, expandPublicKey } from "../keys/mldsa65/expandPublicKey.js";
import { secretKeyLength } from "../keys/mldsa65/params.js";
import { type MldsaSet, type MldsaSignerParameters, type MldsaSignerReturnType, createMldsaSigner, generateMldsaSeed } from "./mldsaSigner.js";

export type Mldsa65SignerParameters = MldsaSignerParameters & {
  /** A 4,032-byte FIPS 204 secret key `sk`, instead of a seed (see {@link generateMldsa65Seed}). */
  secretKey?: Hex | Uint8Array | undefined;
};

export type Mldsa65SignerReturnType = MldsaSignerReturnType<"mldsa65", ExpandPublicKeyReturnType>;

export type Mldsa65SignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

const mldsa65: MldsaSet<"mldsa65", ExpandPublicKeyReturnType> = {
  scheme: "mldsa65",
  noble: ml_dsa65,
  secretKeyLength,
  expand: expandPublicKey,
};

/**
 * An ML-DSA-65 (FIPS 204) signer for the ML-DSA-65 ERC-7913 verifier. Its `key` is the 72-byte
 * commitment ‖ chunk addresses of its expanded public key (see `expandPublicKey`), and its signatures are
 * 3,309-byte pure ML-DSA-65 signatures of the 32-byte hash with an empty context.
 *
 * @example
 * const signer = mldsa65Signer({ seed: generateMldsa65Seed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function mldsa65Signer(parameters: Mldsa65SignerParameters = {}): Mldsa65SignerReturnType {
  return createMldsaSigner(mldsa65, parameters);
}

/**
 * A fresh random 32-byte ML-DSA-65 key-generation seed, the compact form of an ML-DSA-65 private key.
 *
 * @example
 * const seed = generateMldsa65Seed()
 * const signer = mldsa65Signer({ seed })
 */
export function generateMldsa65Seed(): Hex {
  return generateMldsaSeed();
}
