import { keccak_256 } from "@noble/hashes/sha3.js";
import type { Hex } from "viem";
import { type ExpandedMldsaPublicKey, type MldsaExpansionHashes, expandMldsaPublicKey } from "../expandMldsaPublicKey.js";
import { q } from "../mldsa65/params.js";
import { toBytes } from "../toBytes.js";
import type { ExpandMldsa44PublicKeyErrorType } from "./expandPublicKey.js";
import { k, l } from "./params.js";

/**
 * ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (ZKNoxHQ/ETHDILITHIUM), which `MLDSA44KeccakVerifier` verifies.
 * It is NOT ML-DSA as FIPS 204 specifies it and not NIST-approved: every SHAKE call is a keccak-CTR stream instead.
 * Keys and signatures have ML-DSA-44's sizes and encodings.
 */

/**
 * The keccak-CTR stream ETHDILITHIUM (and ETHFALCON) use in place of SHAKE: with state = keccak256(input), block i
 * is keccak256(state ‖ uint64_be(i)); returns its first `length` bytes.
 *
 * @example
 * const tr = keccakCtrStream(publicKey, 64)
 */
export function keccakCtrStream(input: Hex | Uint8Array, length: number): Uint8Array {
  const block = new Uint8Array(40);
  block.set(keccak_256(toBytes(input, "input")));
  const view = new DataView(block.buffer);
  const out = new Uint8Array(Math.ceil(length / 32) * 32);
  for (let i = 0; i * 32 < length; i++) {
    view.setBigUint64(32, BigInt(i));
    out.set(keccak_256(block), 32 * i);
  }
  return out.subarray(0, length);
}

/** ETHDILITHIUM's RejNTTPoly: FIPS 204's rejection (3 bytes little-endian, 23 bits, below q) on the keccak-CTR stream. */
function rejNttPolyKeccak(seed: Uint8Array): Int32Array {
  const polynomial = new Int32Array(256);
  // About 768 bytes are needed (acceptance ≈ 0.999); a longer stream is drawn if they run out.
  for (let length = 1024; ; length *= 2) {
    const stream = keccakCtrStream(seed, length);
    let j = 0;
    for (let offset = 0; offset + 3 <= length && j < 256; offset += 3) {
      const candidate = stream[offset] | (stream[offset + 1] << 8) | ((stream[offset + 2] & 0x7f) << 16);
      if (candidate < q) polynomial[j++] = candidate;
    }
    if (j === 256) return polynomial;
  }
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
  return expandMldsaPublicKey({ scheme: "mldsa44", k, l }, publicKey, keccakExpansionHashes);
}
