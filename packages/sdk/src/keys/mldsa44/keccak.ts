import type { Hex } from "viem";
import { type ExpandedMldsaPublicKey, type MldsaExpansionHashes, expandMldsaPublicKey } from "../mldsa/expandMldsaPublicKey.js";
import { q } from "../mldsa/params.js";
import { keccakCtrReader, keccakCtrStream } from "../keccakCtr.js";
import type { ExpandMldsa44PublicKeyErrorType } from "./expandPublicKey.js";
import { mldsa44Parameters } from "./params.js";

/**
 * ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (ZKNoxHQ/ETHDILITHIUM), which `MLDSA44KeccakVerifier` verifies.
 * It is NOT ML-DSA as FIPS 204 specifies it and not NIST-approved: every SHAKE call is a keccak-CTR stream instead.
 * Keys and signatures have ML-DSA-44's sizes and encodings.
 */

/** ETHDILITHIUM's RejNTTPoly: FIPS 204's rejection (3 bytes little-endian, 23 bits, below q) on the keccak-CTR stream. */
function rejNttPolyKeccak(seed: Uint8Array): Int32Array {
  const read = keccakCtrReader(seed);
  const polynomial = new Int32Array(256);
  for (let j = 0; j < 256; ) {
    const bytes = read(3);
    const candidate = bytes[0]! | (bytes[1]! << 8) | ((bytes[2]! & 0x7f) << 16);
    if (candidate < q) polynomial[j++] = candidate;
  }
  return polynomial;
}

/** ETHDILITHIUM's expansion hashes: ExpandA's RejNTTPoly and tr = H(pk, 64), both on keccak-CTR. */
export const keccakExpansionHashes: MldsaExpansionHashes = { rejNttPoly: rejNttPolyKeccak, tr: (publicKey) => keccakCtrStream(publicKey, 64) };

export type ExpandMldsa44KeccakPublicKeyErrorType = ExpandMldsa44PublicKeyErrorType;

/**
 * Expands an ETHDILITHIUM public key pk = ρ ‖ t1 (1,312 bytes) into what `MLDSA44KeccakVerifier` reads: E = Â ‖ t̂1 ‖
 * tr with ETHDILITHIUM's own ExpandA and tr (keccak-CTR), t̂1 = NTT(t1 · 2^13) as for ML-DSA-44.
 *
 * @example
 * const { key, chunks } = expandMldsa44KeccakPublicKey(publicKey)
 */
export function expandMldsa44KeccakPublicKey(publicKey: Hex | Uint8Array): ExpandedMldsaPublicKey {
  return expandMldsaPublicKey(mldsa44Parameters, publicKey, keccakExpansionHashes);
}
