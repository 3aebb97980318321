/** Falcon round-3 parameters (specification v1.2, Table 3.3) and the byte lengths derived from them. */

/** The prime modulus 12,289 = 3 · 2^12 + 1; q ≡ 1 mod 2048, so X^n + 1 splits into linear factors for n ≤ 1024. */
export const q = 12_289;

/** The degrees pq4337 verifies: Falcon-512 and Falcon-1024. */
export type FalconDegree = 512 | 1024;

/** The Falcon parameter set of one degree. */
export type FalconParameters = {
  /** Coefficients per polynomial: ring Z_q[X]/(X^n + 1). */
  n: FalconDegree;
  /** log2(n). */
  logn: 9 | 10;
  /** Public key: header byte `0x00 + logn` and n 14-bit coefficients, most significant bit first. */
  publicKeyLength: number;
  /** Longest compressed (variable-length) detached signature: header ‖ 40-byte nonce ‖ compressed s2. */
  maxSignatureLength: number;
  /** The padded detached signature's fixed length (compressed s2 followed by zero bytes). */
  paddedSignatureLength: number;
  /**
   * The CT detached signature's fixed length (the reference implementation's `FALCON_SIG_CT_SIZE`): header
   * `0x50 + logn` ‖ 40-byte nonce ‖ s2 as n 12-bit two's-complement fields (see {@link ctCoefficientBits}).
   */
  ctSignatureLength: number;
  /** ⌊β²⌋: a signature is accepted when ‖(s1, s2)‖² is at most this. */
  normBound: number;
  /** A primitive 2n-th root of unity modulo q, the NTT's ψ. */
  psi: number;
  /** The expanded key: n NTT-domain coefficients, 4 bytes each. */
  expandedKeyLength: number;
};

/** The nonce r that HashToPoint absorbs before the message. */
export const nonceLength = 40;

/**
 * Largest |s2| coefficient either encoding allows: 7 low bits and at most 15 unary high steps when compressed,
 * and the CT form's 12-bit fields, whose pattern 0x800 (−2048) is rejected.
 */
export const maxS2Coefficient = 2047;

/** Bits per s2 coefficient in the CT form: the reference implementation's `max_sig_bits[logn]` for n = 512, 1024. */
export const ctCoefficientBits = 12;

/**
 * HashToPoint keeps 16-bit big-endian samples below 5q = 61,445, the largest multiple of q below 2^16, and
 * reduces them modulo q.
 */
export const hashToPointBound = 5 * q;

/** Falcon-512 (NIST level I). */
export const falcon512Parameters: FalconParameters = {
  n: 512,
  logn: 9,
  publicKeyLength: 897,
  maxSignatureLength: 752,
  paddedSignatureLength: 666,
  ctSignatureLength: 809,
  normBound: 34_034_726,
  psi: 49,
  expandedKeyLength: 2048,
};

/** Falcon-1024 (NIST level V). */
export const falcon1024Parameters: FalconParameters = {
  n: 1024,
  logn: 10,
  publicKeyLength: 1793,
  maxSignatureLength: 1462,
  paddedSignatureLength: 1280,
  ctSignatureLength: 1577,
  normBound: 70_265_242,
  psi: 7,
  expandedKeyLength: 4096,
};

/** The parameter set of a degree. */
export function falconParameters(n: FalconDegree): FalconParameters {
  return n === 512 ? falcon512Parameters : falcon1024Parameters;
}
