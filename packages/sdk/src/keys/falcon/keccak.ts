import { shake256 } from "@noble/hashes/sha3.js";
import { randomBytes } from "@noble/hashes/utils.js";
import { type Hex, concatBytes } from "viem";
import { InvalidFalconPolynomialError, InvalidFalconSignatureError } from "../../errors/falcon.js";
import { InvalidPrivateKeyError } from "../../errors/signer.js";
import { keccakCtrReader } from "../keccakCtr.js";
import { toBytes } from "../toBytes.js";
import type { FalconToBytesErrorType } from "./encoding.js";
import { type DecodeFalconExpandedKeyErrorType, decodeFalconExpandedKey } from "./expandPublicKey.js";
import { type FalconPolynomial, falconInverseNtt, falconMultiplyNtt, falconNtt, modQ } from "./ntt.js";
import { falcon512Parameters, hashToPointBound, q } from "./params.js";
import { sampleFalconPreimage } from "./samplePreimage.js";
import type { FalconRandomBytes } from "./samplerZ.js";
import { type DecodeFalconSecretKeyErrorType, decodeFalconSecretKey } from "./secretKey.js";

/**
 * ETHFALCON, ZKNox's keccak variant of Falcon-512 (ZKNoxHQ/ETHFALCON), which `Falcon512KeccakVerifier` verifies.
 * It is NOT Falcon as NIST specifies it (round 3, FIPS 206) and not NIST-approved: HashToPoint reads keccak-CTR
 * instead of SHAKE256. Keys are Falcon-512 keys; signatures are `salt (40 bytes) ‖ s2` in ETHFALCON's compact form.
 */

/** Bytes of the salt (Falcon's nonce r) before s2. */
export const falconKeccakSaltLength = 40;
/** Bytes of an ETHFALCON signature: the salt and 32 words of 16 coefficients. */
export const falconKeccakSignatureLength = 1064;
const n = falcon512Parameters.n;

/**
 * ETHFALCON's HashToPoint: with state = keccak256(salt ‖ message), block i = keccak256(state ‖ uint64_be(i)) gives
 * 16 big-endian 16-bit samples; those below 5q are kept, reduced mod q, until there are 512.
 *
 * @example
 * const c = hashToPointKeccak(salt, message) // Int32Array(512), values below q
 */
export function hashToPointKeccak(salt: Hex | Uint8Array, message: Hex | Uint8Array): FalconPolynomial {
  const read = keccakCtrReader(concatBytes([toBytes(salt, "salt"), toBytes(message, "message")]));
  const c = new Int32Array(n);
  for (let i = 0; i < n; ) {
    const bytes = read(2);
    const sample = (bytes[0]! << 8) | bytes[1]!;
    if (sample < hashToPointBound) c[i++] = sample % q;
  }
  return c;
}

export type EncodeFalconKeccakSignatureParameters = {
  /** The 40-byte salt. */
  salt: Hex | Uint8Array;
  /** s2: 512 coefficients, centred or already reduced mod q. */
  s2: ArrayLike<number>;
};

export type EncodeFalconKeccakSignatureErrorType = FalconToBytesErrorType | InvalidFalconPolynomialError | InvalidFalconSignatureError;

/**
 * Encodes an ETHFALCON signature: the salt, then s2 mod q as 32 big-endian words with coefficient 16w + j in bits
 * 16j … 16j + 15 of word w (ETHFALCON's `falcon_compact`).
 *
 * @example
 * const signature = encodeFalconKeccakSignature({ salt, s2 }) // 1,064 bytes
 */
export function encodeFalconKeccakSignature({ salt, s2 }: EncodeFalconKeccakSignatureParameters): Uint8Array {
  const saltBytes = toBytes(salt, "salt");
  if (saltBytes.length !== falconKeccakSaltLength)
    throw new InvalidFalconSignatureError({ reason: `the salt is ${falconKeccakSaltLength} bytes, got ${saltBytes.length}` });
  if (s2.length !== n) throw new InvalidFalconPolynomialError({ reason: `s2 has ${n} coefficients, got ${s2.length}` });
  const out = new Uint8Array(falconKeccakSignatureLength);
  out.set(saltBytes);
  for (let i = 0; i < n; i++) {
    const value = modQ(s2[i]);
    // Word i >> 4 starts at byte 40 + 32·(i >> 4); bits 16j … 16j + 15 are its bytes 30 − 2j and 31 − 2j.
    const offset = falconKeccakSaltLength + 32 * (i >> 4) + 30 - 2 * (i & 15);
    out[offset] = value >> 8;
    out[offset + 1] = value & 0xff;
  }
  return out;
}

export type DecodeFalconKeccakSignatureReturnType = { salt: Uint8Array; s2: FalconPolynomial } | undefined;

/**
 * Decodes an ETHFALCON signature into its salt and s2 (centred in [−(q − 1)/2, (q − 1)/2]); `undefined` for a
 * length other than 1,064 bytes or a coefficient of q or more, which `Falcon512KeccakVerifier` rejects.
 *
 * @example
 * const { salt, s2 } = decodeFalconKeccakSignature(signature)!
 */
export function decodeFalconKeccakSignature(signature: Hex | Uint8Array): DecodeFalconKeccakSignatureReturnType {
  const bytes = toBytes(signature, "signature");
  if (bytes.length !== falconKeccakSignatureLength) return undefined;
  const s2 = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const offset = falconKeccakSaltLength + 32 * (i >> 4) + 30 - 2 * (i & 15);
    const value = (bytes[offset] << 8) | bytes[offset + 1];
    if (value >= q) return undefined;
    s2[i] = centre(value);
  }
  return { salt: bytes.slice(0, falconKeccakSaltLength), s2 };
}

export type FalconKeccakPublicKeyFromNttErrorType = InvalidFalconPolynomialError;

/**
 * The round-3 encoding (0x09 ‖ 14-bit coefficients, 897 bytes) of the Falcon-512 public key h whose NTT is
 * `ntth`, the form ETHFALCON's contracts store (32 words of 16 coefficients, ETHFALCON's `falcon_compact`, or the
 * 512 coefficients). ETHFALCON's transform is the one `falconNtt` computes. The result is what
 * `expandFalconPublicKey` takes.
 *
 * @example
 * const { key, bytes } = expandFalconPublicKey(falconKeccakPublicKeyFromNtt(ntthWords))
 */
export function falconKeccakPublicKeyFromNtt(ntth: readonly bigint[] | ArrayLike<number>): Uint8Array {
  const coefficients =
    ntth.length === n / 16
      ? Array.from({ length: n }, (_, i) => Number((BigInt((ntth as readonly bigint[])[i >> 4]) >> BigInt(16 * (i & 15))) & 0xffffn))
      : Array.from(ntth as ArrayLike<number>, Number);
  if (coefficients.length !== n) throw new InvalidFalconPolynomialError({ reason: `expected ${n} coefficients or ${n / 16} words, got ${ntth.length}` });
  const h = falconInverseNtt(coefficients);
  const out = new Uint8Array(falcon512Parameters.publicKeyLength);
  out[0] = falcon512Parameters.logn;
  let buffer = 0;
  let buffered = 0;
  let offset = 1;
  for (const coefficient of h) {
    buffer = (buffer << 14) | coefficient;
    buffered += 14;
    while (buffered >= 8) {
      buffered -= 8;
      out[offset++] = (buffer >>> buffered) & 0xff;
    }
    buffer &= (1 << buffered) - 1;
  }
  return out;
}

export type VerifyFalconKeccakWithExpandedKeyErrorType = FalconToBytesErrorType | DecodeFalconExpandedKeyErrorType;

/**
 * Reference verification of an ETHFALCON signature, as `Falcon512KeccakVerifier` defines it, written for clarity:
 * the signature decodes (1,064 bytes, coefficients below q); c = {@link hashToPointKeccak}(salt, message);
 * s1 = c − s2·h mod q, centred; ‖s1‖² + ‖s2‖² ≤ ⌊β²⌋ = 34,034,726.
 *
 * @example
 * verifyFalconKeccakWithExpandedKey(expandFalconPublicKey(publicKey).bytes, hash, signature) // true
 */
export function verifyFalconKeccakWithExpandedKey(
  expanded: Hex | Uint8Array,
  message: Hex | Uint8Array,
  signature: Hex | Uint8Array,
): boolean {
  const { parameters, hHat } = decodeFalconExpandedKey(expanded);
  if (parameters.n !== n) return false;
  const decoded = decodeFalconKeccakSignature(signature);
  if (decoded === undefined) return false;
  const c = hashToPointKeccak(decoded.salt, message);
  const s2h = falconInverseNtt(falconMultiplyNtt(falconNtt(decoded.s2), hHat));
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const s1 = centre(modQ(c[i] - s2h[i]));
    norm += s1 * s1 + decoded.s2[i] * decoded.s2[i];
  }
  return norm <= parameters.normBound;
}

/** The representative of x ∈ [0, q) in [−(q − 1)/2, (q − 1)/2]. */
const centre = (x: number): number => (x > (q - 1) / 2 ? x - q : x);

export type SignFalconKeccakParameters = {
  /** A Falcon-512 secret key (1,281 bytes, round-3 encoding): ETHFALCON's keys are Falcon-512 keys. */
  secretKey: Hex | Uint8Array;
  /** The message; ERC-7913 signs the 32-byte hash. */
  message: Hex | Uint8Array;
  /**
   * The randomness: the 40-byte salt, then the sampler's. Defaults to a SHAKE256 stream seeded with 48 fresh random
   * bytes, as the reference signer seeds its sampler.
   */
  random?: FalconRandomBytes | undefined;
};

export type SignFalconKeccakErrorType = FalconToBytesErrorType | DecodeFalconSecretKeyErrorType;

/**
 * Signs an ETHFALCON signature: a random 40-byte salt, c = {@link hashToPointKeccak}(salt, message), and s2 from
 * Falcon's sampler (`sampleFalconPreimage`), encoded as {@link encodeFalconKeccakSignature} (1,064 bytes).
 *
 * @example
 * const signature = signFalconKeccak({ secretKey, message: hash })
 */
export function signFalconKeccak({ secretKey, message, random = falconSeededRandom(randomBytes(48)) }: SignFalconKeccakParameters): Uint8Array {
  const basis = decodeFalconSecretKey(toBytes(secretKey, "secretKey"), "falcon512keccak");
  if (basis.n !== n) throw new InvalidPrivateKeyError({ scheme: "falcon512keccak", reason: "ETHFALCON is Falcon-512; this is a Falcon-1024 key" });
  const salt = random(falconKeccakSaltLength).slice();
  const point = hashToPointKeccak(salt, message);
  const { s2 } = sampleFalconPreimage({ basis, point, random, scheme: "falcon512keccak" });
  return encodeFalconKeccakSignature({ salt, s2 });
}

/**
 * A SHAKE256 output stream of `seed`, read in order: the randomness of one signature.
 *
 * @example
 * const signature = signFalconKeccak({ secretKey, message, random: falconSeededRandom(seed) })
 */
export function falconSeededRandom(seed: Uint8Array): FalconRandomBytes {
  const stream = shake256.create().update(seed);
  return (length) => stream.xof(length);
}
