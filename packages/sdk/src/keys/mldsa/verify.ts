import { shake256 } from "@noble/hashes/sha3.js";
import { type Hex, concatBytes } from "viem";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import {
  type DecodeExpandedKeyErrorType,
  decodeExpandedKey,
  decodeSignature,
  w1Encode,
} from "./encoding.js";
import { type Polynomial, inverseNtt, modQ, multiplyNtt, ntt } from "./ntt.js";
import { type MldsaParameterSet, n, q } from "./params.js";

/** The parameter set, the expanded key, the signed message, the signature and the optional FIPS 204 context string. */
export type VerifyMldsaWithExpandedKeyParameters = [
  set: MldsaParameterSet,
  expanded: Hex | Uint8Array,
  message: Hex | Uint8Array,
  signature: Hex | Uint8Array,
  context?: Hex | Uint8Array | undefined,
];

/** Whether the signature is a valid signature of the set for the message under the expanded key's public key. */
export type VerifyMldsaWithExpandedKeyReturnType = boolean;

export type VerifyMldsaWithExpandedKeyErrorType = ToBytesErrorType | DecodeExpandedKeyErrorType;

/**
 * Reference implementation of FIPS 204 ML-DSA.Verify (Algorithm 3, pure mode) and ML-DSA.Verify_internal
 * (Algorithm 8) for any parameter set that takes the expanded key (Â, t̂1, tr) instead of pk: exactly the inputs and
 * steps of the on-chain verifiers. It is written for clarity, not speed, and follows the standard step by step:
 *
 * 1. |ctx| ≤ 255 and M′ = 0 ‖ |ctx| ‖ ctx ‖ M (Algorithm 3).
 * 2. |σ| is the set's signature length, then sigDecode; a malformed hint (counts decreasing or above ω, positions not
 *    strictly increasing, non-zero padding) rejects.
 * 3. ‖z‖∞ < γ1 − β.
 * 4. μ = H(tr ‖ M′, 64), c = SampleInBall(c̃).
 * 5. w′_approx = NTT⁻¹(Â ∘ NTT(z) − NTT(c) ∘ t̂1), w1′ = UseHint(h, w′_approx).
 * 6. c̃ = H(μ ‖ w1Encode(w1′), λ/4).
 *
 * A signature that cannot be valid returns `false`; only an expanded key that is malformed (it is trusted,
 * committed input, not attacker data) throws.
 *
 * @example
 * import { ml_dsa87 } from "@noble/post-quantum/ml-dsa.js"
 * const { publicKey, secretKey } = ml_dsa87.keygen(seed)
 * const signature = ml_dsa87.sign(message, secretKey)
 * const set = mldsaParameterSets["ML-DSA-87"]
 * verifyMldsaWithExpandedKey(set, expandMldsaPublicKey(set, publicKey).bytes, message, signature) // true
 */
export function verifyMldsaWithExpandedKey(
  ...[set, expanded, message, signature, context]: VerifyMldsaWithExpandedKeyParameters
): VerifyMldsaWithExpandedKeyReturnType {
  const { k, l, tau, gamma1, gamma2, beta, cTildeLength, signatureLength } = set;
  const { aHat, t1Hat, tr } = decodeExpandedKey(toBytes(expanded, "expanded"), set);
  const m = toBytes(message, "message");
  const sigma = toBytes(signature, "signature");
  const ctx = context === undefined ? new Uint8Array(0) : toBytes(context, "context");

  if (ctx.length > 255) return false;
  const mPrime = concatBytes([Uint8Array.of(0, ctx.length), ctx, m]);

  if (sigma.length !== signatureLength) return false;
  const { cTilde, z, h } = decodeSignature(sigma, set);
  if (h === undefined) return false;
  if (z.some((polynomial) => polynomial.some((coefficient) => Math.abs(coefficient) >= gamma1 - beta))) return false;

  const mu = shake256(concatBytes([tr, mPrime]), { dkLen: 64 });
  const cHat = ntt(sampleInBall(cTilde, tau));
  const zHat = z.map((polynomial) => ntt(polynomial));
  const w1: Polynomial[] = [];
  for (let i = 0; i < k; i++) {
    const wHat = multiplyNtt(cHat, t1Hat[i]).map((coefficient) => modQ(-coefficient));
    for (let j = 0; j < l; j++) {
      const product = multiplyNtt(aHat[i][j], zHat[j]);
      for (let c = 0; c < n; c++) wHat[c] = modQ(wHat[c] + product[c]);
    }
    const wApprox = inverseNtt(wHat);
    w1.push(wApprox.map((r, c) => useHint(h[i][c], r, gamma2)));
  }
  const cTildePrime = shake256(concatBytes([mu, w1Encode(w1, set)]), { dkLen: cTildeLength });
  return cTilde.every((byte, index) => byte === cTildePrime[index]);
}

/**
 * FIPS 204 Algorithm 29 (SampleInBall): the challenge c with τ coefficients ±1, from SHAKE256(c̃).
 * The first 8 squeezed bytes are the sign bits (least significant first); then a Fisher–Yates style shuffle
 * draws positions j ≤ i from single squeezed bytes, rejecting j > i.
 */
function sampleInBall(seed: Uint8Array, tau: number): Polynomial {
  const c = new Int32Array(n);
  const xof = shake256.create().update(seed);
  const signs = xof.xof(8);
  for (let i = n - tau; i < n; i++) {
    let j = xof.xof(1)[0];
    while (j > i) j = xof.xof(1)[0];
    const bit = i + tau - n;
    c[i] = c[j];
    c[j] = (signs[bit >> 3] >> (bit & 7)) & 1 ? -1 : 1;
  }
  return c;
}

/**
 * FIPS 204 Algorithm 36 (Decompose): r ≡ r1 · 2γ2 + r0 with r0 in (−γ2, γ2], except that the top value
 * r+ − r0 = q − 1 wraps to r1 = 0 with r0 lowered by 1.
 */
function decompose(r: number, gamma2: number): { r1: number; r0: number } {
  const rPlus = modQ(r);
  let r0 = rPlus % (2 * gamma2);
  if (r0 > gamma2) r0 -= 2 * gamma2;
  if (rPlus - r0 === q - 1) return { r1: 0, r0: r0 - 1 };
  return { r1: (rPlus - r0) / (2 * gamma2), r0 };
}

/**
 * FIPS 204 Algorithm 40 (UseHint): the high bits of r, moved one step towards r0's sign when h = 1, modulo the
 * (q − 1)/(2γ2) possible high parts (16 for γ2 = (q − 1)/32, 44 for γ2 = (q − 1)/88).
 */
function useHint(h: number, r: number, gamma2: number): number {
  const highBitsCount = (q - 1) / (2 * gamma2);
  const { r1, r0 } = decompose(r, gamma2);
  if (h === 1 && r0 > 0) return (r1 + 1) % highBitsCount;
  if (h === 1 && r0 <= 0) return (r1 - 1 + highBitsCount) % highBitsCount;
  return r1;
}
