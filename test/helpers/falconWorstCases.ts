import { type FalconDegree, falconParameters } from "../../packages/sdk/src/keys/falcon/index.js";

/** Bytes before the compressed s2: the header and the 40-byte nonce. */
const prefixLength = 41;

/** `bits` (most significant first) packed into `length` bytes, completed with zero bits. */
function packBits(bits: readonly number[], length: number): Uint8Array {
  if (bits.length > 8 * length) throw new Error(`${bits.length} bits do not fit ${length} bytes`);
  const out = new Uint8Array(length);
  bits.forEach((bit, index) => (out[index >> 3] |= bit << (7 - (index & 7))));
  return out;
}

/** One compressed code (specification Algorithm 17): sign, 7 low bits, `high` zeros and a one. */
function code(negative: boolean, low: number, high: number): number[] {
  return [negative ? 1 : 0, ...Array.from({ length: 7 }, (_, b) => (low >> (6 - b)) & 1), ...new Array<number>(high).fill(0), 1];
}

/**
 * The s2 encodings a decoder that scans or keeps going could be made to spend the most gas on, for a compressed or
 * padded signature of `length` bytes whose header and nonce are `prefix`'s first 41 bytes. Each is rejected by the
 * reference: by its decoder, or (the last one) by ‖s2‖² alone, which exceeds β² before any hashing.
 *
 * - all zeros: every code's unary part is a run of zeros that never ends (|s| > 2047 at the first code);
 * - all ones: nine-bit codes of −127 until the n-th, then non-zero bits where only zeros may follow;
 * - maximal-length valid codes (|s| = 2047: 7 ones, 15 zeros, a one; 24 bits) until the payload ends mid-code;
 * - one maximal-length invalid code (16 zeros) per eight, the others nine bits, cut off at the payload's end;
 * - a code overrunning the end: `valid`'s own encoding with its last non-zero byte cleared, so that its last code's
 *   unary part runs past the end of the signature;
 * - a complete encoding with a code of |s| ≥ 1024 in as many eight-code groups as the length allows (the groups
 *   the table decoder cannot read in one step), the remaining bits spread as further long codes.
 */
export function falconWorstCases(n: FalconDegree, valid: Uint8Array): { label: string; signature: Uint8Array }[] {
  const length = valid.length;
  const payloadLength = length - prefixLength;
  const payloadBits = 8 * payloadLength;
  const withPayload = (payload: Uint8Array) => {
    const signature = new Uint8Array(length);
    signature.set(valid.subarray(0, prefixLength));
    signature.set(payload, prefixLength);
    return signature;
  };
  const repeatCodes = (unit: number[]) => {
    const bits: number[] = [];
    while (bits.length + unit.length <= payloadBits) bits.push(...unit);
    // The next code, cut where the payload ends.
    bits.push(...unit.slice(0, payloadBits - bits.length));
    return packBits(bits, payloadLength);
  };

  const overrun = valid.slice();
  let last = overrun.length - 1;
  while (overrun[last] === 0) last--;
  overrun[last] = 0;

  // Nine bits per code, then as many codes of high part 8 (one per group of eight) as the bits allow, then the
  // remaining bits as further high parts of up to 15, in order.
  const highs = new Array<number>(n).fill(0);
  let budget = payloadBits - 9 * n;
  for (let group = 0; group < n / 8 && budget >= 8; group++, budget -= 8) highs[8 * group] = 8;
  for (let i = 0; i < n && budget > 0; i++) {
    const extra = Math.min(15 - highs[i], budget);
    highs[i] += extra;
    budget -= extra;
  }
  const longCodes = packBits(highs.flatMap((high, i) => code(i % 2 === 1, 127, high)), payloadLength);

  return [
    { label: "all-zero s2", signature: withPayload(new Uint8Array(payloadLength)) },
    { label: "all-one s2", signature: withPayload(new Uint8Array(payloadLength).fill(0xff)) },
    { label: "maximal-length valid codes", signature: withPayload(repeatCodes(code(true, 127, 15))) },
    {
      label: "a maximal-length invalid code in every group of eight",
      signature: withPayload(repeatCodes([...code(false, 127, 16).slice(0, 24), ...Array.from({ length: 7 }, () => code(false, 1, 0)).flat()])),
    },
    { label: "a code overrunning the end", signature: overrun },
    { label: `complete, ${highs.filter((high) => high >= 8).length} codes of |s| ≥ 1024, ‖s2‖² above β²`, signature: withPayload(longCodes) },
  ];
}

/** ‖s2‖² of the last worst case, for the test to check that it is indeed above β² (and so rejected without a hash). */
export function exceedsNormBound(n: FalconDegree, s2: ArrayLike<number>): boolean {
  let norm = 0;
  for (let i = 0; i < s2.length; i++) norm += s2[i] * s2[i];
  return norm > falconParameters(n).normBound;
}
