import { shake256 } from "@noble/hashes/sha3.js";
import { type Hex, concatBytes } from "viem";
import { toBytes } from "../toBytes.js";
import { type DecodeFalconExpandedKeyErrorType, decodeFalconExpandedKey } from "./expandPublicKey.js";
import { type FalconToBytesErrorType, decodeFalconSignature } from "./encoding.js";
import { type FalconPolynomial, falconInverseNtt, falconMultiplyNtt, falconNtt, modQ } from "./ntt.js";
import { type FalconDegree, hashToPointBound, q } from "./params.js";

/** The expanded key, the signed message and the detached signature (compressed, padded or CT). */
export type VerifyFalconWithExpandedKeyParameters = [
  expanded: Hex | Uint8Array,
  message: Hex | Uint8Array,
  signature: Hex | Uint8Array,
];

/** Whether the signature is a valid Falcon signature of the message under the expanded key's public key. */
export type VerifyFalconWithExpandedKeyReturnType = boolean;

export type VerifyFalconWithExpandedKeyErrorType = FalconToBytesErrorType | DecodeFalconExpandedKeyErrorType;

/**
 * Reference implementation of round-3 Falcon verification (specification Algorithm 16) over the expanded key
 * instead of pk: the inputs of the on-chain verifiers and the steps of the specification, written for clarity,
 * not speed (the verifiers compute s2·h with a partial transform, see `falconPartialNtt`, to the same result).
 *
 * 1. The signature parses (see `decodeFalconSignature`): 40-byte nonce r and s2 in the compressed or padded form
 *    (header 0x30 + logn, canonical compressed s2) or the CT form (header 0x50 + logn, 12-bit fields).
 * 2. c = HashToPoint(r ‖ message): SHAKE256 output read as 16-bit big-endian values, those below 5q kept mod q.
 * 3. s1 = c − s2·h mod q, centred in [−(q − 1)/2, (q − 1)/2], with s2·h = NTT⁻¹(NTT(s2) ∘ ĥ).
 * 4. ‖s1‖² + ‖s2‖² ≤ ⌊β²⌋.
 *
 * A signature that cannot be valid returns `false`; only an expanded key that is malformed (it is trusted,
 * committed input, not attacker data) throws.
 *
 * @example
 * import { falcon512 } from "@noble/post-quantum/falcon.js"
 * const { publicKey, secretKey } = falcon512.keygen(seed)
 * const signature = falcon512.sign(message, secretKey)
 * verifyFalconWithExpandedKey(expandFalconPublicKey(publicKey).bytes, message, signature) // true
 */
export function verifyFalconWithExpandedKey(
  ...[expanded, message, signature]: VerifyFalconWithExpandedKeyParameters
): VerifyFalconWithExpandedKeyReturnType {
  const { parameters, hHat } = decodeFalconExpandedKey(expanded);
  const decoded = decodeFalconSignature(signature, parameters.n);
  if (decoded === undefined) return false;
  const { nonce, s2 } = decoded;
  const c = hashToPoint(concatBytes([nonce, toBytes(message, "message")]), parameters.n);
  const s2h = falconInverseNtt(falconMultiplyNtt(falconNtt(s2), hHat));
  let norm = 0;
  for (let i = 0; i < parameters.n; i++) {
    const s1 = centre(modQ(c[i] - s2h[i]));
    norm += s1 * s1 + s2[i] * s2[i];
  }
  return norm <= parameters.normBound;
}

/**
 * Falcon's HashToPoint (specification Algorithm 3, round-3 rejection bound): n coefficients from SHAKE256(input),
 * two bytes at a time read big-endian, keeping values below 5q = 61,445 reduced mod q.
 *
 * @example
 * const c = hashToPoint(concatBytes([nonce, message]), 512)
 */
export function hashToPoint(input: Uint8Array, n: FalconDegree): FalconPolynomial {
  return sampleHashToPoint(input, n).c;
}

/**
 * How many 136-byte SHAKE256 output blocks (Keccak-f permutations) HashToPoint(input) reads: each block holds 68
 * two-byte samples, and about 6.2 % of samples (those ≥ 5q) are rejected, so Falcon-512 needs 8 or 9 blocks and
 * Falcon-1024 16 or 17, except with probability below 10⁻¹⁰. An on-chain verifier pays for every block; see
 * {@link minHashToPointBlocks}.
 *
 * @example
 * const blocks = hashToPointBlocks(concatBytes([nonce, message]), 512) // 8 or 9
 */
export function hashToPointBlocks(input: Uint8Array, n: FalconDegree): number {
  return sampleHashToPoint(input, n).blocks;
}

/**
 * The fewest SHAKE256 output blocks HashToPoint can read, ⌈2n / 136⌉: 8 for Falcon-512 (enough for about 41 % of
 * nonces, whatever the message), 16 for Falcon-1024 (about 34 %).
 *
 * @example
 * minHashToPointBlocks(512) // 8
 */
export function minHashToPointBlocks(n: FalconDegree): number {
  return Math.ceil((2 * n) / shake256BlockLength);
}

/** SHAKE256's rate: the bytes of output each Keccak-f permutation yields. */
const shake256BlockLength = 136;

/** HashToPoint, squeezing whole blocks so that it can also count them. */
function sampleHashToPoint(input: Uint8Array, n: FalconDegree): { c: FalconPolynomial; blocks: number } {
  const xof = shake256.create().update(input);
  const c = new Int32Array(n);
  let blocks = 0;
  for (let i = 0; i < n; blocks++) {
    const block = xof.xof(shake256BlockLength);
    // The rate is even, so no sample straddles two blocks.
    for (let j = 0; j < shake256BlockLength && i < n; j += 2) {
      const sample = (block[j] << 8) | block[j + 1];
      if (sample < hashToPointBound) c[i++] = sample % q;
    }
  }
  return { c, blocks };
}

/** The representative of x ∈ [0, q) in [−(q − 1)/2, (q − 1)/2]. */
const centre = (x: number): number => (x > (q - 1) / 2 ? x - q : x);
