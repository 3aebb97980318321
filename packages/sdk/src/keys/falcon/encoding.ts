import type { Hex } from "viem";
import { InvalidFalconPolynomialError, InvalidFalconPublicKeyError } from "../../errors/falcon.js";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import type { FalconPolynomial } from "./ntt.js";
import {
  type FalconDegree,
  type FalconParameters,
  ctCoefficientBits,
  falcon1024Parameters,
  falcon512Parameters,
  falconParameters,
  maxS2Coefficient,
  nonceLength,
  q,
} from "./params.js";

export type FalconToBytesErrorType = ToBytesErrorType;

export type DecodeFalconPublicKeyReturnType = {
  /** The parameter set the header byte and length select. */
  parameters: FalconParameters;
  /** h = g/f mod q, coefficients in [0, q). */
  h: FalconPolynomial;
};

export type DecodeFalconPublicKeyErrorType = FalconToBytesErrorType | InvalidFalconPublicKeyError;

/**
 * Decodes a round-3 Falcon public key: the header byte `0x00 + logn` (0x09 for Falcon-512, 0x0a for Falcon-1024)
 * and n coefficients of 14 bits, most significant bit first, each below q. Any other length, header or
 * coefficient is an error.
 *
 * @example
 * const { parameters, h } = decodeFalconPublicKey(publicKey) // parameters.n === 512
 */
export function decodeFalconPublicKey(publicKey: Hex | Uint8Array): DecodeFalconPublicKeyReturnType {
  const pk = toBytes(publicKey, "publicKey");
  const parameters = [falcon512Parameters, falcon1024Parameters].find(({ logn }) => pk[0] === logn);
  if (parameters === undefined)
    throw new InvalidFalconPublicKeyError({ reason: `header byte ${pk[0]} is neither 0x09 (Falcon-512) nor 0x0a (Falcon-1024)` });
  if (pk.length !== parameters.publicKeyLength)
    throw new InvalidFalconPublicKeyError({
      reason: `Falcon-${parameters.n} public keys are ${parameters.publicKeyLength} bytes, got ${pk.length}`,
    });
  const h = new Int32Array(parameters.n);
  let buffer = 0;
  let buffered = 0;
  let offset = 1;
  for (let i = 0; i < parameters.n; i++) {
    // At most 7 + 14 = 21 bits are ever buffered.
    while (buffered < 14) {
      buffer = (buffer << 8) | pk[offset++];
      buffered += 8;
    }
    buffered -= 14;
    h[i] = (buffer >>> buffered) & 0x3fff;
    buffer &= (1 << buffered) - 1;
    if (h[i] >= q) throw new InvalidFalconPublicKeyError({ reason: `coefficient ${i} is ${h[i]}, not below q = ${q}` });
  }
  return { parameters, h };
}

export type CompressS2ErrorType = InvalidFalconPolynomialError;

/**
 * Falcon's compressed encoding of s2 (specification Algorithm 17): per coefficient a sign bit, the 7 low bits
 * of |s|, then |s| >> 7 zeros and a one, most significant bit first; the last byte is completed with zeros.
 * |s| ≤ 2047 for every coefficient.
 *
 * @example
 * const payload = compressS2(s2) // the bytes after header ‖ nonce in a compressed signature
 */
export function compressS2(s2: ArrayLike<number>): Uint8Array {
  const bits: number[] = [];
  for (let i = 0; i < s2.length; i++) {
    const value = s2[i];
    if (!Number.isInteger(value) || Math.abs(value) > maxS2Coefficient)
      throw new InvalidFalconPolynomialError({ reason: `s2[${i}] = ${value} is not an integer in [−2047, 2047]` });
    const magnitude = Math.abs(value);
    bits.push(value < 0 ? 1 : 0);
    for (let b = 6; b >= 0; b--) bits.push((magnitude >> b) & 1);
    for (let z = 0; z < magnitude >> 7; z++) bits.push(0);
    bits.push(1);
  }
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    out[index >> 3] |= bit << (7 - (index & 7));
  });
  return out;
}

export type DecompressS2ReturnType = {
  /** The n decoded coefficients, each in [−2047, 2047]. */
  s2: FalconPolynomial;
  /** How many bits of the input the encoding used. */
  bitLength: number;
} | undefined;

/**
 * Decodes n compressed coefficients from the start of `payload` (specification Algorithm 18 as the reference
 * `comp_decode` implements it): `undefined` on "−0", on a run of 16 zeros (|s| > 2047) or when the input ends
 * first. The caller decides what may follow the encoding (see {@link decodeFalconSignature}).
 *
 * @example
 * const decoded = decompressS2(payload, 512)
 * // decoded?.s2, decoded?.bitLength
 */
export function decompressS2(payload: Uint8Array, n: FalconDegree): DecompressS2ReturnType {
  const totalBits = payload.length * 8;
  const bit = (position: number) => (payload[position >> 3] >> (7 - (position & 7))) & 1;
  const s2 = new Int32Array(n);
  let position = 0;
  for (let i = 0; i < n; i++) {
    if (position + 9 > totalBits) return undefined;
    const negative = bit(position);
    let magnitude = 0;
    for (let b = 1; b <= 7; b++) magnitude = (magnitude << 1) | bit(position + b);
    position += 8;
    for (;;) {
      if (position >= totalBits) return undefined;
      if (bit(position++) === 1) break;
      magnitude += 128;
      if (magnitude > maxS2Coefficient) return undefined;
    }
    if (negative && magnitude === 0) return undefined;
    s2[i] = negative ? -magnitude : magnitude;
  }
  return { s2, bitLength: position };
}

export type EncodeCtS2ErrorType = InvalidFalconPolynomialError;

/**
 * The CT form's encoding of s2 (the reference implementation's `trim_i16_encode` at 12 bits): every coefficient
 * as a 12-bit two's-complement field, most significant bit first, so n coefficients take exactly 3n/2 bytes.
 * Every coefficient must be in [−2047, 2047]; −2048 fits 12 bits but the reference rejects it.
 *
 * @example
 * const payload = encodeCtS2(s2) // 768 bytes for n = 512
 * // s2 = [1, −1, 2047, −2047, 0, …] encodes as 0x00 0x1f 0xff 0x7f 0xf8 0x01 0x00 …
 */
export function encodeCtS2(s2: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(Math.ceil((s2.length * ctCoefficientBits) / 8));
  let buffer = 0;
  let buffered = 0;
  let offset = 0;
  for (let i = 0; i < s2.length; i++) {
    const value = s2[i];
    if (!Number.isInteger(value) || Math.abs(value) > maxS2Coefficient)
      throw new InvalidFalconPolynomialError({ reason: `s2[${i}] = ${value} is not an integer in [−2047, 2047]` });
    // At most 7 + 12 = 19 bits are ever buffered.
    buffer = (buffer << ctCoefficientBits) | (value & 0xfff);
    buffered += ctCoefficientBits;
    while (buffered >= 8) {
      buffered -= 8;
      out[offset++] = buffer >>> buffered;
      buffer &= (1 << buffered) - 1;
    }
  }
  if (buffered > 0) out[offset] = buffer << (8 - buffered);
  return out;
}

export type DecodeCtS2ReturnType = FalconPolynomial | undefined;

/**
 * Decodes the CT form's s2 (the reference implementation's `trim_i16_decode` at 12 bits): `payload` must be
 * exactly the 3n/2 bytes of n 12-bit two's-complement fields; `undefined` on any other length or on the field
 * 0x800 (−2048), which the reference rejects so that every s2 has a single encoding.
 *
 * @example
 * const s2 = decodeCtS2(signature.subarray(41), 512) // FalconPolynomial | undefined
 */
export function decodeCtS2(payload: Uint8Array, n: FalconDegree): DecodeCtS2ReturnType {
  if (payload.length * 8 !== n * ctCoefficientBits) return undefined;
  const s2 = new Int32Array(n);
  let buffer = 0;
  let buffered = 0;
  let offset = 0;
  for (let i = 0; i < n; i++) {
    while (buffered < ctCoefficientBits) {
      buffer = (buffer << 8) | payload[offset++];
      buffered += 8;
    }
    buffered -= ctCoefficientBits;
    const field = (buffer >>> buffered) & 0xfff;
    buffer &= (1 << buffered) - 1;
    if (field === 0x800) return undefined;
    s2[i] = field >= 0x800 ? field - 0x1000 : field;
  }
  return s2;
}

/**
 * The three detached signature forms of the round-3 reference implementation (falcon.h), all carrying the same
 * nonce and s2, so a signature can be transcoded between them (see `transcodeFalconSignature`):
 *
 * - `"compressed"` (`FALCON_SIG_COMPRESSED`, PQClean falcon-512/1024): header `0x30 + logn`, variable length;
 * - `"padded"` (`FALCON_SIG_PADDED`, PQClean falcon-padded-512/1024): the same, zero-padded to a fixed length;
 * - `"ct"` (`FALCON_SIG_CT`): header `0x50 + logn`, s2 in fixed 12-bit fields, the cheapest to decode on chain.
 */
export type FalconSignatureFormat = "compressed" | "padded" | "ct";

export type DecodeFalconSignatureReturnType = {
  /** The 40-byte nonce r. */
  nonce: Uint8Array;
  /** s2, coefficients in [−2047, 2047]. */
  s2: FalconPolynomial;
  /** The form the signature is in. */
  format: FalconSignatureFormat;
} | undefined;

/**
 * Parses a detached round-3 Falcon signature `header ‖ nonce (40 bytes) ‖ s2` in any of the three forms the
 * reference `falcon_verify` auto-detects, returning `undefined` for anything it rejects:
 *
 * - the padded form (PQClean falcon-padded-512/1024): header `0x30 + logn`, exactly 666 / 1,280 bytes, s2's
 *   compressed encoding followed only by zero bits up to the end;
 * - the compressed form (PQClean falcon-512/1024): header `0x30 + logn`, at most 752 / 1,462 bytes, s2's
 *   compressed encoding ends in the last byte and that byte's unused bits are zero;
 * - the CT form: header `0x50 + logn`, exactly 809 / 1,577 bytes, s2 in 12-bit fields (see {@link decodeCtS2}).
 *
 * A compressed signature that happens to be exactly the padded length is reported as padded: the two are the
 * same bytes.
 *
 * @example
 * const decoded = decodeFalconSignature(signature, 512)
 * // decoded?.nonce, decoded?.s2, decoded?.format
 */
export function decodeFalconSignature(signature: Hex | Uint8Array, n: FalconDegree): DecodeFalconSignatureReturnType {
  const sig = toBytes(signature, "signature");
  const { logn, maxSignatureLength, paddedSignatureLength, ctSignatureLength } = falconParameters(n);
  if (sig.length < 1 + nonceLength) return undefined;
  const nonce = sig.slice(1, 1 + nonceLength);
  const payload = sig.subarray(1 + nonceLength);
  if (sig[0] === 0x50 + logn) {
    if (sig.length !== ctSignatureLength) return undefined;
    const s2 = decodeCtS2(payload, n);
    return s2 && { nonce, s2, format: "ct" };
  }
  if (sig[0] !== 0x30 + logn) return undefined;
  const padded = sig.length === paddedSignatureLength;
  if (!padded && sig.length > maxSignatureLength) return undefined;
  const decoded = decompressS2(payload, n);
  if (decoded === undefined) return undefined;
  const { s2, bitLength } = decoded;
  if (!padded && Math.ceil(bitLength / 8) !== payload.length) return undefined;
  // Every bit after the encoding is zero: the last byte's unused bits and, when padded, every padding byte.
  if (payload[bitLength >> 3] & (0xff >> (bitLength & 7))) return undefined;
  if (payload.subarray((bitLength + 7) >> 3).some((byte) => byte !== 0)) return undefined;
  return { nonce, s2, format: padded ? "padded" : "compressed" };
}

export type EncodeFalconSignatureParameters = {
  n: FalconDegree;
  nonce: Uint8Array;
  s2: ArrayLike<number>;
  /** The form to write (see {@link FalconSignatureFormat}). Defaults to `"compressed"`. */
  format?: FalconSignatureFormat | undefined;
};

export type EncodeFalconSignatureErrorType = CompressS2ErrorType | EncodeCtS2ErrorType;

/**
 * Assembles a detached Falcon signature from its nonce and s2: the inverse of {@link decodeFalconSignature}.
 * Throws when the nonce or s2 is malformed, or when s2's compressed encoding is longer than the compressed or
 * padded form allows (any s2 with coefficients in [−2047, 2047] fits the CT form).
 *
 * @example
 * const signature = encodeFalconSignature({ n: 512, nonce, s2, format: "ct" }) // 809 bytes
 */
export function encodeFalconSignature({ n, nonce, s2, format = "compressed" }: EncodeFalconSignatureParameters): Uint8Array {
  const { logn, maxSignatureLength, paddedSignatureLength } = falconParameters(n);
  if (nonce.length !== nonceLength)
    throw new InvalidFalconPolynomialError({ reason: `the nonce must be ${nonceLength} bytes, got ${nonce.length}` });
  if (s2.length !== n) throw new InvalidFalconPolynomialError({ reason: `s2 must have ${n} coefficients, got ${s2.length}` });
  const ct = format === "ct";
  const payload = ct ? encodeCtS2(s2) : compressS2(s2);
  const encodedLength = 1 + nonceLength + payload.length;
  if (!ct) {
    const limit = format === "padded" ? paddedSignatureLength : maxSignatureLength;
    if (encodedLength > limit)
      throw new InvalidFalconPolynomialError({
        reason: `s2 compresses to a ${encodedLength}-byte signature, longer than the ${limit} bytes of the ${format} Falcon-${n} form`,
      });
  }
  const out = new Uint8Array(format === "padded" ? paddedSignatureLength : encodedLength);
  out[0] = (ct ? 0x50 : 0x30) + logn;
  out.set(nonce, 1);
  out.set(payload, 1 + nonceLength);
  return out;
}
