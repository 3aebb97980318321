import type { Hex } from "viem";
import {
  InvalidExpandedKeyError,
  InvalidPolynomialError,
  InvalidPublicKeyLengthError,
  InvalidSignatureLengthError,
} from "../../errors/keys.js";
import type { Polynomial } from "./ntt.js";
import {
  type MldsaParameterSet,
  expandedPolynomialLength,
  mldsaParameterSets,
  n,
  q,
  rhoLength,
  t1PolynomialLength,
  trLength,
} from "./params.js";

/**
 * The set these functions decode and encode when none is given: ML-DSA-65, the set the `@pq4337/sdk/mldsa65` subpath
 * has always exported them for.
 */
const defaultSet = mldsaParameterSets["ML-DSA-65"];

export type SimpleBitUnpackErrorType = InvalidPolynomialError;

/**
 * FIPS 204 Algorithm 18 (SimpleBitUnpack) and the bit reading of Algorithm 19 (BitUnpack): 256 `bits`-bit
 * integers, least significant bit first, from exactly 32·`bits` bytes (`bits` ≤ 24).
 *
 * @example
 * const t1 = simpleBitUnpack(pk.subarray(32, 352), 10)
 */
export function simpleBitUnpack(bytes: Uint8Array, bits: number): Polynomial {
  if (bytes.length !== (n * bits) / 8)
    throw new InvalidPolynomialError({ reason: `${bits}-bit packing takes ${(n * bits) / 8} bytes, got ${bytes.length}` });
  const polynomial = new Int32Array(n);
  const mask = (1 << bits) - 1;
  let buffer = 0;
  let buffered = 0;
  let offset = 0;
  for (let i = 0; i < n; i++) {
    // At most 7 + bits ≤ 31 bits are buffered, so the 32-bit shifts never reach the sign bit.
    while (buffered < bits) {
      buffer |= bytes[offset++] << buffered;
      buffered += 8;
    }
    polynomial[i] = buffer & mask;
    buffer >>>= bits;
    buffered -= bits;
  }
  return polynomial;
}

export type SimpleBitPackErrorType = InvalidPolynomialError;

/**
 * FIPS 204 Algorithm 16 (SimpleBitPack): the inverse of {@link simpleBitUnpack}. Every coefficient must be
 * in [0, 2^bits), `bits` ≤ 24.
 *
 * @example
 * const packed = simpleBitPack(w1[i], 4)
 */
export function simpleBitPack(polynomial: ArrayLike<number>, bits: number): Uint8Array {
  if (polynomial.length !== n)
    throw new InvalidPolynomialError({ reason: `expected ${n} coefficients, got ${polynomial.length}` });
  const bytes = new Uint8Array((n * bits) / 8);
  let buffer = 0;
  let buffered = 0;
  let offset = 0;
  for (let i = 0; i < n; i++) {
    const coefficient = polynomial[i];
    if (!Number.isInteger(coefficient) || coefficient < 0 || coefficient >= 2 ** bits)
      throw new InvalidPolynomialError({ reason: `coefficient ${i} (${coefficient}) does not fit in ${bits} bits` });
    buffer |= coefficient << buffered;
    buffered += bits;
    while (buffered >= 8) {
      bytes[offset++] = buffer & 0xff;
      buffer >>>= 8;
      buffered -= 8;
    }
  }
  return bytes;
}

export type DecodePublicKeyReturnType = {
  /** The 32-byte seed of Â. */
  rho: Uint8Array;
  /** The k polynomials of t1, coefficients in [0, 2^10). */
  t1: Polynomial[];
};

export type DecodePublicKeyErrorType = InvalidPublicKeyLengthError;

/**
 * FIPS 204 Algorithm 23 (pkDecode): pk = ρ ‖ SimpleBitPack(t1[0], 2^10 − 1) ‖ … ‖ SimpleBitPack(t1[k − 1], …), for
 * the parameter set `set` (ML-DSA-65 by default).
 *
 * @example
 * const { rho, t1 } = decodePublicKey(ml_dsa65.keygen(seed).publicKey)
 */
export function decodePublicKey(publicKey: Uint8Array, set: MldsaParameterSet = defaultSet): DecodePublicKeyReturnType {
  const { scheme, k, publicKeyLength } = set;
  if (publicKey.length !== publicKeyLength)
    throw new InvalidPublicKeyLengthError({ scheme, expected: publicKeyLength, length: publicKey.length });
  const rho = publicKey.slice(0, rhoLength);
  const t1: Polynomial[] = [];
  for (let i = 0; i < k; i++) {
    const start = rhoLength + i * t1PolynomialLength;
    t1.push(simpleBitUnpack(publicKey.subarray(start, start + t1PolynomialLength), 10));
  }
  return { rho, t1 };
}

export type DecodeSignatureReturnType = {
  /** The commitment hash c̃, λ/4 bytes. */
  cTilde: Uint8Array;
  /** The l response polynomials, centred coefficients in [−γ1 + 1, γ1]. */
  z: Polynomial[];
  /** The k hint polynomials (0/1 coefficients), or `undefined` when the hint encoding is malformed (⊥). */
  h: Polynomial[] | undefined;
};

export type DecodeSignatureErrorType = InvalidSignatureLengthError;

/**
 * FIPS 204 Algorithm 27 (sigDecode): σ = c̃ ‖ BitPack(z[0], γ1 − 1, γ1) ‖ … ‖ HintBitPack(h), for the parameter set
 * `set` (ML-DSA-65 by default).
 *
 * @example
 * const { cTilde, z, h } = decodeSignature(signature)
 * if (h === undefined) return false
 */
export function decodeSignature(signature: Uint8Array, set: MldsaParameterSet = defaultSet): DecodeSignatureReturnType {
  const { scheme, l, gamma1, cTildeLength, zBits, zPolynomialLength, signatureLength } = set;
  if (signature.length !== signatureLength)
    throw new InvalidSignatureLengthError({ scheme, expected: signatureLength, length: signature.length });
  const cTilde = signature.slice(0, cTildeLength);
  const z: Polynomial[] = [];
  for (let i = 0; i < l; i++) {
    const start = cTildeLength + i * zPolynomialLength;
    const raw = simpleBitUnpack(signature.subarray(start, start + zPolynomialLength), zBits);
    // BitUnpack(·, γ1 − 1, γ1) stores γ1 − z_i, so the unsigned zBits-bit field maps back to (−γ1, γ1].
    z.push(raw.map((value) => gamma1 - value));
  }
  const h = hintBitUnpack(signature.subarray(cTildeLength + l * zPolynomialLength), set);
  return { cTilde, z, h };
}

/** A parameter set's hint dimensions: k polynomials, at most ω ones. */
export type HintDimensions = { k: number; omega: number };

/**
 * FIPS 204 Algorithm 21 (HintBitUnpack). y[0..ω) lists the positions of the 1s, polynomial after polynomial;
 * y[ω + i] is the running count after polynomial i. Returns `undefined` (⊥) unless the encoding is the
 * unique one HintBitPack produces: counts non-decreasing and at most ω, positions strictly increasing within
 * each polynomial, and unused position bytes zero. Strong unforgeability depends on this uniqueness. ML-DSA-65's
 * (k, ω) by default; another set passes its own (a parameter set is one).
 *
 * @example
 * const h = hintBitUnpack(signature.subarray(3248))
 */
export function hintBitUnpack(y: Uint8Array, { k, omega }: HintDimensions = defaultSet): Polynomial[] | undefined {
  const h: Polynomial[] = [];
  let index = 0;
  for (let i = 0; i < k; i++) {
    const end = y[omega + i];
    if (end < index || end > omega) return undefined;
    const hi = new Int32Array(n);
    const first = index;
    for (; index < end; index++) {
      if (index > first && y[index - 1] >= y[index]) return undefined;
      hi[y[index]] = 1;
    }
    h.push(hi);
  }
  for (; index < omega; index++) if (y[index] !== 0) return undefined;
  return h;
}

/**
 * FIPS 204 Algorithm 28 (w1Encode): each w1 coefficient is in [0, (q − 1)/(2γ2)), packed in bitlen((q − 1)/(2γ2) − 1)
 * bits: 4 for ML-DSA-65 (the default) and ML-DSA-87, 6 for ML-DSA-44.
 *
 * @example
 * const cTildePrime = shake256(concatBytes(mu, w1Encode(w1)), { dkLen: 48 })
 */
export function w1Encode(w1: readonly Polynomial[], { k, w1Bits }: MldsaParameterSet = defaultSet): Uint8Array {
  const polynomialLength = (n * w1Bits) / 8;
  const encoded = new Uint8Array(k * polynomialLength);
  w1.forEach((polynomial, i) => encoded.set(simpleBitPack(polynomial, w1Bits), i * polynomialLength));
  return encoded;
}

/** The parts of the expanded key E = Â ‖ t̂1 ‖ tr. */
export type ExpandedKeyParts = {
  /** Â in T_q, k × l polynomials, `aHat[i][j]` = Â[i][j]. */
  aHat: Polynomial[][];
  /** t̂1 = NTT(t1 · 2^d), k polynomials. */
  t1Hat: Polynomial[];
  /** tr = H(pk, 64). */
  tr: Uint8Array;
};

/**
 * Serialises the expanded key: Â row-major, then t̂1, each coefficient a 4-byte big-endian integer, then tr.
 * This layout is what the on-chain verifier reads. Its length is the parameter set's (ML-DSA-65 by default).
 *
 * @example
 * const bytes = encodeExpandedKey({ aHat, t1Hat, tr })
 */
export function encodeExpandedKey({ aHat, t1Hat, tr }: ExpandedKeyParts, { expandedKeyLength }: MldsaParameterSet = defaultSet): Uint8Array {
  const bytes = new Uint8Array(expandedKeyLength);
  const view = new DataView(bytes.buffer);
  [...aHat.flat(), ...t1Hat].forEach((polynomial, index) => {
    for (let j = 0; j < n; j++) view.setUint32(index * expandedPolynomialLength + j * 4, polynomial[j], false);
  });
  bytes.set(tr, expandedKeyLength - trLength);
  return bytes;
}

export type DecodeExpandedKeyErrorType = InvalidExpandedKeyError;

/**
 * Parses an expanded key of the parameter set `set` (ML-DSA-65 by default) made by {@link encodeExpandedKey}, alone or
 * followed by pk as a verifier reads it (pk is ignored), rejecting a wrong length or any coefficient ≥ q.
 *
 * @example
 * const { aHat, t1Hat, tr } = decodeExpandedKey(expanded)
 */
export function decodeExpandedKey(data: Uint8Array, set: MldsaParameterSet = defaultSet): ExpandedKeyParts {
  const { k, l, expandedKeyLength, publicKeyLength } = set;
  if (data.length !== expandedKeyLength && data.length !== expandedKeyLength + publicKeyLength)
    throw new InvalidExpandedKeyError({ reason: `expected ${expandedKeyLength} (E) or ${expandedKeyLength + publicKeyLength} (E ‖ pk) bytes, got ${data.length}` });
  const bytes = data.subarray(0, expandedKeyLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const polynomials: Polynomial[] = [];
  for (let index = 0; index < k * l + k; index++) {
    const polynomial = new Int32Array(n);
    for (let j = 0; j < n; j++) {
      const offset = index * expandedPolynomialLength + j * 4;
      const coefficient = view.getUint32(offset, false);
      if (coefficient >= q)
        throw new InvalidExpandedKeyError({ reason: `coefficient at byte ${offset} is ${coefficient}, not below q = ${q}` });
      polynomial[j] = coefficient;
    }
    polynomials.push(polynomial);
  }
  const aHat = Array.from({ length: k }, (_, i) => polynomials.slice(i * l, (i + 1) * l));
  return { aHat, t1Hat: polynomials.slice(k * l), tr: bytes.slice(expandedKeyLength - trLength) };
}
