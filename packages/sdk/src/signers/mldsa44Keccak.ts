import type { Hex } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import type { ExpandedMldsaPublicKey } from "../keys/mldsa/expandMldsaPublicKey.js";
import { expandMldsa44KeccakPublicKey } from "../keys/mldsa44/keccak.js";
import { mldsa44KeccakKeygen, mldsa44KeccakPublicKey, mldsa44KeccakSign } from "../keys/mldsa44/keccakSign.js";
import { secretKeyLength } from "../keys/mldsa44/params.js";
import { type MldsaSet, type MldsaSignerParameters, type MldsaSignerReturnType, createMldsaSigner } from "./mldsaSigner.js";

export type Mldsa44KeccakSignerParameters = MldsaSignerParameters;

export type Mldsa44KeccakSignerReturnType = MldsaSignerReturnType<"mldsa44keccak", ExpandedMldsaPublicKey>;

export type Mldsa44KeccakSignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

const mldsa44Keccak: MldsaSet<"mldsa44keccak", ExpandedMldsaPublicKey> = {
  scheme: "mldsa44keccak",
  noble: {
    keygen: mldsa44KeccakKeygen,
    getPublicKey: mldsa44KeccakPublicKey,
    sign: (message, secretKey, { context, extraEntropy }) =>
      mldsa44KeccakSign({ secretKey, message, context, rnd: extraEntropy === false ? new Uint8Array(32) : undefined }),
  },
  secretKeyLength,
  expand: expandMldsa44KeccakPublicKey,
};

/**
 * A signer for ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (NOT FIPS 204, not NIST-approved), for
 * `MLDSA44KeccakVerifier`: keys and signatures have ML-DSA-44's sizes, and every hash is keccak-CTR. Use
 * `mldsa44Signer` for the standard. Its `key` is the 52-byte commitment ‖ chunk address of the expanded key
 * (see `expandMldsa44KeccakPublicKey`); it signs the 32-byte hash in pure mode with an empty context, as ZKNox's
 * signer does (the SDK's signing is written for clarity and is not constant-time).
 *
 * @example
 * const signer = mldsa44KeccakSigner({ seed })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function mldsa44KeccakSigner(parameters: Mldsa44KeccakSignerParameters = {}): Mldsa44KeccakSignerReturnType {
  return createMldsaSigner(mldsa44Keccak, parameters);
}

