import { type Hex, hexToBytes, isHex } from "viem";
import { InvalidFalconPolynomialError, InvalidFalconPublicKeyError } from "../../errors/falcon.js";
import { InvalidHexError } from "../../errors/keys.js";
import type { FalconPolynomial } from "./ntt.js";
import {
  type FalconDegree,
  type FalconParameters,
  falcon1024Parameters,
  falcon512Parameters,
  falconParameters,
  maxS2Coefficient,
  nonceLength,
  q,
} from "./params.js";

export type FalconToBytesErrorType = InvalidHexError;

/**
 * Normalises `Hex | Uint8Array` input to bytes. Unlike viem's `hexToBytes`, odd-length or non-hex strings
 * are an error rather than padded, so no key material is silently altered.
 *
 * @example
 * const publicKey = toBytes(signer.publicKey, "publicKey")
 */
export function toBytes(value: Hex | Uint8Array, name: string): Uint8Array {
  if (typeof value !== "string") return value;
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw new InvalidHexError({ name, value });
  return hexToBytes(value);
}

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

export type DecodeFalconSignatureReturnType = {
  /** The 40-byte nonce r. */
  nonce: Uint8Array;
  /** s2, coefficients in [−2047, 2047]. */
  s2: FalconPolynomial;
  /** Whether the signature had the fixed padded length. */
  padded: boolean;
} | undefined;

/**
 * Parses a detached round-3 Falcon signature `0x30 + logn ‖ nonce (40 bytes) ‖ compressed s2 [‖ zero padding]`
 * exactly as PQClean and noble accept it in either form, returning `undefined` for anything they reject:
 *
 * - the padded form (falcon-padded-512/1024): exactly 666 / 1,280 bytes, s2's encoding followed only by zero
 *   bits up to the end;
 * - the compressed form (falcon-512/1024): at most 752 / 1,462 bytes, s2's encoding ends in the last byte and
 *   that byte's unused bits are zero.
 *
 * @example
 * const decoded = decodeFalconSignature(signature, 512)
 */
export function decodeFalconSignature(signature: Hex | Uint8Array, n: FalconDegree): DecodeFalconSignatureReturnType {
  const sig = toBytes(signature, "signature");
  const { logn, maxSignatureLength, paddedSignatureLength } = falconParameters(n);
  if (sig.length < 1 + nonceLength || sig[0] !== 0x30 + logn) return undefined;
  const padded = sig.length === paddedSignatureLength;
  if (!padded && sig.length > maxSignatureLength) return undefined;
  const payload = sig.subarray(1 + nonceLength);
  const decoded = decompressS2(payload, n);
  if (decoded === undefined) return undefined;
  const { s2, bitLength } = decoded;
  if (!padded && Math.ceil(bitLength / 8) !== payload.length) return undefined;
  // Every bit after the encoding is zero: the last byte's unused bits and, when padded, every padding byte.
  if (payload[bitLength >> 3] & (0xff >> (bitLength & 7))) return undefined;
  if (payload.subarray((bitLength + 7) >> 3).some((byte) => byte !== 0)) return undefined;
  return { nonce: sig.slice(1, 1 + nonceLength), s2, padded };
}

export type EncodeFalconSignatureParameters = {
  n: FalconDegree;
  nonce: Uint8Array;
  s2: ArrayLike<number>;
  /** Pad with zero bytes to the fixed padded length instead of the compressed variable length. */
  padded?: boolean | undefined;
};

export type EncodeFalconSignatureErrorType = CompressS2ErrorType;

/**
 * Assembles a detached Falcon signature from its nonce and s2: the inverse of {@link decodeFalconSignature}
 * (when the encoding fits the chosen form).
 *
 * @example
 * const signature = encodeFalconSignature({ n: 512, nonce, s2, padded: true })
 */
export function encodeFalconSignature({ n, nonce, s2, padded = false }: EncodeFalconSignatureParameters): Uint8Array {
  const { logn, paddedSignatureLength } = falconParameters(n);
  if (nonce.length !== nonceLength)
    throw new InvalidFalconPolynomialError({ reason: `the nonce must be ${nonceLength} bytes, got ${nonce.length}` });
  if (s2.length !== n) throw new InvalidFalconPolynomialError({ reason: `s2 must have ${n} coefficients, got ${s2.length}` });
  const payload = compressS2(s2);
  const length = padded ? paddedSignatureLength : 1 + nonceLength + payload.length;
  if (1 + nonceLength + payload.length > length)
    throw new InvalidFalconPolynomialError({ reason: "s2's encoding does not fit the padded signature" });
  const out = new Uint8Array(length);
  out[0] = 0x30 + logn;
  out.set(nonce, 1);
  out.set(payload, 1 + nonceLength);
  return out;
}
