import { InvalidPrivateKeyError } from "../../errors/signer.js";
import type { SchemeName } from "../../signers/types.js";
import { falconInverseNtt, falconMultiplyNtt, falconNtt, powerModQ } from "./ntt.js";
import { type FalconDegree, q } from "./params.js";

/** Falcon's secret basis: f, g, F from the key and G, completing fG − gF = q. Coefficients centred. */
export type FalconSecretBasis = { n: FalconDegree; f: Int32Array; g: Int32Array; F: Int32Array; G: Int32Array };

export type DecodeFalconSecretKeyErrorType = InvalidPrivateKeyError;

/**
 * Decodes a round-3 Falcon secret key (specification §3.11.5): the header 0x50 + logn, then f and g as signed
 * 6-bit (n = 512) or 5-bit (n = 1,024) fields and F as signed 8-bit fields, most significant bit first; the
 * pattern −2^(bits−1) is invalid. G is recomputed as g·F/f mod q, which is exact because fG − gF = q and G is
 * small; a key whose f is not invertible mod q, or whose G is not small, is rejected.
 *
 * @example
 * const { f, g, F, G } = decodeFalconSecretKey(secretKey, "falcon512keccak")
 */
export function decodeFalconSecretKey(secretKey: Uint8Array, scheme: SchemeName): FalconSecretBasis {
  const fail = (reason: string) => new InvalidPrivateKeyError({ scheme, reason });
  const logn = secretKey[0] - 0x50;
  if (logn !== 9 && logn !== 10) throw fail(`the header byte must be 0x59 or 0x5a, got 0x${secretKey[0]?.toString(16) ?? ""}`);
  const n: FalconDegree = logn === 9 ? 512 : 1024;
  const fgBits = n === 512 ? 6 : 5;
  const length = 1 + (2 * n * fgBits) / 8 + n;
  if (secretKey.length !== length) throw fail(`a Falcon-${n} secret key is ${length} bytes, got ${secretKey.length}`);

  let bitOffset = 8;
  const readPolynomial = (bits: number, name: string): Int32Array =>
    Int32Array.from({ length: n }, (_, i) => {
      let value = 0;
      for (let b = 0; b < bits; b++, bitOffset++) value = (value << 1) | ((secretKey[bitOffset >> 3] >> (7 - (bitOffset & 7))) & 1);
      if (value === 1 << (bits - 1)) throw fail(`${name}[${i}] is the forbidden pattern −2^${bits - 1}`);
      return value >= 1 << (bits - 1) ? value - (1 << bits) : value;
    });
  const f = readPolynomial(fgBits, "f");
  const g = readPolynomial(fgBits, "g");
  const F = readPolynomial(8, "F");

  const fHat = falconNtt(f);
  if (fHat.some((value) => value === 0)) throw fail("f is not invertible modulo q");
  const quotient = falconMultiplyNtt(
    falconMultiplyNtt(falconNtt(g), falconNtt(F)),
    fHat.map((value) => powerModQ(value, q - 2)),
  );
  const G = falconInverseNtt(quotient).map((value) => (value > (q - 1) / 2 ? value - q : value));
  if (G.some((value) => value < -127 || value > 127)) throw fail("G = gF/f mod q is not small: the key is not a Falcon key");
  return { n, f, g, F, G };
}
