import { shake128 } from "@noble/hashes/sha3.js";
import { InvalidPublicKeyLengthError } from "../../errors/keys.js";
import type { Polynomial } from "./ntt.js";
import { type MldsaParameterSet, mldsaParameterSets, n, q, rhoLength } from "./params.js";

/** SHAKE128's rate: squeezing whole blocks keeps every 3-byte candidate inside one block (168 = 3 · 56). */
const shake128BlockLength = 168;

/**
 * FIPS 204 Algorithm 30 (RejNTTPoly): samples a polynomial of T_q (it is already in the NTT domain) from
 * SHAKE128(seed). Each 3 squeezed bytes give a 23-bit little-endian candidate (Algorithm 14,
 * CoeffFromThreeBytes, clears the top bit of the third byte), kept when below q.
 *
 * @example
 * const aHat00 = rejNttPoly(concatBytes(rho, new Uint8Array([0, 0])))
 */
export function rejNttPoly(seed: Uint8Array): Polynomial {
  const xof = shake128.create().update(seed);
  const block = new Uint8Array(shake128BlockLength);
  const polynomial = new Int32Array(n);
  for (let j = 0; j < n; ) {
    xof.xofInto(block);
    for (let offset = 0; offset < shake128BlockLength && j < n; offset += 3) {
      const candidate = block[offset] | (block[offset + 1] << 8) | ((block[offset + 2] & 0x7f) << 16);
      if (candidate < q) polynomial[j++] = candidate;
    }
  }
  return polynomial;
}

export type ExpandAErrorType = InvalidPublicKeyLengthError;

/**
 * FIPS 204 Algorithm 32 (ExpandA): Â[r][s] = RejNTTPoly(ρ ‖ IntegerToBytes(s, 1) ‖ IntegerToBytes(r, 1))
 * for rows r < k and columns s < l of the parameter set `set` (ML-DSA-65's 6 × 5 by default). Note the order: the
 * column index comes first in the seed.
 *
 * @example
 * const aHat = expandA(decodePublicKey(publicKey).rho)
 * // aHat[i][j] is Â[i][j], in T_q
 */
export function expandA(rho: Uint8Array, { scheme, k, l }: MldsaParameterSet = mldsaParameterSets["ML-DSA-65"]): Polynomial[][] {
  if (rho.length !== rhoLength)
    throw new InvalidPublicKeyLengthError({ scheme: `${scheme} ρ`, expected: rhoLength, length: rho.length });
  const seed = new Uint8Array(rhoLength + 2);
  seed.set(rho);
  const aHat: Polynomial[][] = [];
  for (let r = 0; r < k; r++) {
    const row: Polynomial[] = [];
    for (let s = 0; s < l; s++) {
      seed[rhoLength] = s;
      seed[rhoLength + 1] = r;
      row.push(rejNttPoly(seed));
    }
    aHat.push(row);
  }
  return aHat;
}
