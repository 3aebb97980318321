import { randomBytes } from "@noble/hashes/utils.js";
import { type Hex, concatBytes } from "viem";
import { InvalidContextError, InvalidPrivateKeyError } from "../../errors/signer.js";
import { hintBitUnpack, simpleBitPack, simpleBitUnpack } from "../mldsa/encoding.js";
import { type Polynomial, inverseNtt, modQ, multiplyNtt, ntt } from "../mldsa/ntt.js";
import { d, n, q } from "../mldsa/params.js";
import { toBytes } from "../toBytes.js";
import { keccakCtrReader, keccakCtrStream } from "../keccakCtr.js";
import { keccakExpansionHashes } from "./keccak.js";
import { k, l } from "./params.js";

// ETHDILITHIUM (ZKNox's keccak variant of ML-DSA-44; NOT FIPS 204, not NIST-approved): FIPS 204's ML-DSA-44 key
// generation and signing (Algorithms 1, 2, 6, 7) with every SHAKE call replaced by `keccakCtrStream`, as ZKNox's
// Python signer (ZKNoxHQ/ETHDILITHIUM, pythonref/dilithium_py) does. Written from FIPS 204 for clarity, not speed,
// and not constant-time.

const eta = 2;
const tau = 39;
const beta = tau * eta;
const gamma1 = 2 ** 17;
const gamma2 = (q - 1) / 88;
const omega = 80;
const cTildeLength = 32;
const secretKeyLength = 2560;
const H = keccakCtrStream;

/** A keccak-variant ML-DSA-44 key pair: pk = ρ ‖ t1 (1,312 bytes) and sk (2,560 bytes), FIPS 204's encodings. */
export type Mldsa44KeccakKeyPair = { publicKey: Uint8Array; secretKey: Uint8Array };

/**
 * ETHDILITHIUM key generation from a 32-byte seed ξ (FIPS 204 Algorithm 6 with keccak-CTR): the same key as ZKNox's
 * `Dilithium2.key_derive(ξ, _xof=Keccak256PRNG, _xof2=Keccak256PRNG)`.
 *
 * @example
 * const { publicKey, secretKey } = mldsa44KeccakKeygen(seed)
 */
export function mldsa44KeccakKeygen(seed: Hex | Uint8Array): Mldsa44KeccakKeyPair {
  const xi = toBytes(seed, "seed");
  if (xi.length !== 32) throw new InvalidPrivateKeyError({ scheme: "mldsa44keccak", reason: `the seed must be 32 bytes, got ${xi.length}` });
  const expanded = H(concatBytes([xi, Uint8Array.of(k, l)]), 128);
  const [rho, rhoPrime, key] = [expanded.subarray(0, 32), expanded.subarray(32, 96), expanded.subarray(96, 128)];
  const s1 = Array.from({ length: l }, (_, r) => rejBoundedPoly(rhoPrime, r));
  const s2 = Array.from({ length: k }, (_, r) => rejBoundedPoly(rhoPrime, r + l));
  const { publicKey, t0 } = publicKeyOf(rho, s1, s2);
  const tr = H(publicKey, 64);
  const secretKey = concatBytes([
    rho,
    key,
    tr,
    ...[...s1, ...s2].map((polynomial) => simpleBitPack(polynomial.map((c) => eta - c), 3)),
    ...t0.map((polynomial) => simpleBitPack(polynomial.map((c) => 2 ** (d - 1) - c), d)),
  ]);
  return { publicKey, secretKey };
}

/**
 * The public key pk = ρ ‖ t1 of a keccak-variant ML-DSA-44 secret key, recomputed from ρ, s1 and s2 (t = Â·s1 + s2);
 * throws for a secret key of the wrong length or with s1/s2 coefficients outside [−η, η].
 *
 * @example
 * const publicKey = mldsa44KeccakPublicKey(secretKey)
 */
export function mldsa44KeccakPublicKey(secretKey: Hex | Uint8Array): Uint8Array {
  const sk = toBytes(secretKey, "secretKey");
  if (sk.length !== secretKeyLength) throw new InvalidPrivateKeyError({ scheme: "mldsa44keccak", reason: `sk is 2,560 bytes, got ${sk.length}` });
  const small = unpackSmall(sk);
  return publicKeyOf(sk.subarray(0, 32), small.slice(0, l), small.slice(l)).publicKey;
}

export type Mldsa44KeccakSignParameters = {
  secretKey: Hex | Uint8Array;
  /** The message M, of any length. */
  message: Hex | Uint8Array;
  /** The context (0–255 bytes), empty by default: M′ = 0 ‖ |ctx| ‖ ctx ‖ M. */
  context?: Hex | Uint8Array | undefined;
  /** The 32-byte hedging value rnd: fresh randomness by default, 0³² for deterministic signing. */
  rnd?: Uint8Array | undefined;
};

/**
 * ETHDILITHIUM signing (FIPS 204 Algorithms 2 and 7 with keccak-CTR): c̃ ‖ z ‖ h, 2,420 bytes, what
 * `MLDSA44KeccakVerifier` verifies. With `rnd` = 0³² it is ZKNox's `Dilithium2.sign(..., deterministic=True)` byte for byte.
 *
 * @example
 * const signature = mldsa44KeccakSign({ secretKey, message: hash })
 */
export function mldsa44KeccakSign({ secretKey, message, context = new Uint8Array(0), rnd = randomBytes(32) }: Mldsa44KeccakSignParameters): Uint8Array {
  const sk = toBytes(secretKey, "secretKey");
  const ctx = toBytes(context, "context");
  if (sk.length !== secretKeyLength) throw new InvalidPrivateKeyError({ scheme: "mldsa44keccak", reason: `sk is 2,560 bytes, got ${sk.length}` });
  if (ctx.length > 255) throw new InvalidContextError({ length: ctx.length });
  const [rho, key, tr] = [sk.subarray(0, 32), sk.subarray(32, 64), sk.subarray(64, 128)];
  const small = unpackSmall(sk).map(ntt);
  const [s1Hat, s2Hat] = [small.slice(0, l), small.slice(l)];
  const t0Hat = Array.from({ length: k }, (_, r) => {
    const offset = 128 + 96 * (l + k) + 416 * r;
    return ntt(simpleBitUnpack(sk.subarray(offset, offset + 416), d).map((c) => 2 ** (d - 1) - c));
  });
  const aHat = expandA(rho);
  const mu = H(concatBytes([tr, Uint8Array.of(0, ctx.length), ctx, toBytes(message, "message")]), 64);
  const rhoPrimePrime = H(concatBytes([key, rnd, mu]), 64);
  for (let kappa = 0; ; kappa += l) {
    const y = Array.from({ length: l }, (_, r) => expandMask(rhoPrimePrime, kappa + r));
    const yHat = y.map(ntt);
    const w = aHat.map((row) => inverseNtt(dot(row, yHat)));
    const w1 = w.map((polynomial) => polynomial.map((c) => decompose(c)[0]));
    const cTilde = H(concatBytes([mu, ...w1.map((polynomial) => simpleBitPack(polynomial, 6))]), cTildeLength);
    const cHat = ntt(sampleInBall(cTilde));
    const z = y.map((polynomial, r) => add(polynomial, inverseNtt(multiplyNtt(cHat, s1Hat[r]!))));
    if (infinityNorm(z) >= gamma1 - beta) continue;
    const wMinusCs2 = w.map((polynomial, r) => subtract(polynomial, inverseNtt(multiplyNtt(cHat, s2Hat[r]!))));
    if (infinityNorm(wMinusCs2.map((polynomial) => polynomial.map((c) => decompose(c)[1]))) >= gamma2 - beta) continue;
    const ct0 = t0Hat.map((polynomial) => inverseNtt(multiplyNtt(cHat, polynomial)));
    if (infinityNorm(ct0) >= gamma2) continue;
    const h = wMinusCs2.map((polynomial, r) =>
      polynomial.map((c, j) => Number(decompose(c)[0] !== decompose(modQ(c + ct0[r]![j]!))[0])),
    );
    if (h.reduce((sum, polynomial) => sum + polynomial.reduce((s, bit) => s + bit, 0), 0) > omega) continue;
    return concatBytes([cTilde, ...z.map((polynomial) => simpleBitPack(polynomial.map((c) => gamma1 - centredMod(c, q)), 18)), hintBitPack(h)]);
  }
}

export type VerifyMldsa44KeccakParameters = {
  publicKey: Hex | Uint8Array;
  message: Hex | Uint8Array;
  /** Empty by default. */
  context?: Hex | Uint8Array | undefined;
  signature: Hex | Uint8Array;
};

/**
 * ETHDILITHIUM verification (FIPS 204 Algorithms 3 and 8 with keccak-CTR), as `MLDSA44KeccakVerifier` defines it;
 * false for any malformed input.
 *
 * @example
 * verifyMldsa44Keccak({ publicKey, message: hash, signature }) // true
 */
export function verifyMldsa44Keccak({ publicKey, message, context = new Uint8Array(0), signature }: VerifyMldsa44KeccakParameters): boolean {
  const [pk, sig, ctx] = [toBytes(publicKey, "publicKey"), toBytes(signature, "signature"), toBytes(context, "context")];
  if (pk.length !== 1312 || sig.length !== 2420 || ctx.length > 255) return false;
  const cTilde = sig.subarray(0, cTildeLength);
  const z = Array.from({ length: l }, (_, r) => simpleBitUnpack(sig.subarray(32 + 576 * r, 32 + 576 * (r + 1)), 18).map((c) => gamma1 - c));
  const h = hintBitUnpack(sig.subarray(32 + 576 * l), { k, omega });
  if (h === undefined || infinityNorm(z) >= gamma1 - beta) return false;
  const aHat = expandA(pk.subarray(0, 32));
  const t1Hat = Array.from({ length: k }, (_, r) => ntt(simpleBitUnpack(pk.subarray(32 + 320 * r, 32 + 320 * (r + 1)), 10).map((c) => c * 2 ** d)));
  const mu = H(concatBytes([H(pk, 64), Uint8Array.of(0, ctx.length), ctx, toBytes(message, "message")]), 64);
  const cHat = ntt(sampleInBall(cTilde));
  const zHat = z.map(ntt);
  const w1 = aHat.map((row, i) => {
    const w = inverseNtt(subtract(dot(row, zHat), multiplyNtt(cHat, t1Hat[i]!)));
    return w.map((c, j) => useHint(h[i]![j]!, c));
  });
  const cTildePrime = H(concatBytes([mu, ...w1.map((polynomial) => simpleBitPack(polynomial, 6))]), cTildeLength);
  return cTildePrime.every((byte, i) => byte === cTilde[i]);
}

/** ExpandA with the variant's RejNTTPoly: Â[i][j] from ρ ‖ j ‖ i. */
function expandA(rho: Uint8Array): Polynomial[][] {
  return Array.from({ length: k }, (_, i) => Array.from({ length: l }, (_, j) => keccakExpansionHashes.rejNttPoly(concatBytes([rho, Uint8Array.of(j, i)]))));
}

/** FIPS 204 Algorithm 31 (RejBoundedPoly) for η = 2 on the keccak-CTR stream of ρ′ ‖ r (2 bytes, little-endian). */
function rejBoundedPoly(rhoPrime: Uint8Array, r: number): Polynomial {
  const read = keccakCtrReader(concatBytes([rhoPrime, Uint8Array.of(r & 0xff, r >> 8)]));
  const polynomial = new Int32Array(n);
  for (let j = 0; j < n; ) {
    const byte = read(1)[0]!;
    for (const nibble of [byte & 15, byte >> 4]) if (nibble < 15 && j < n) polynomial[j++] = eta - (nibble % 5);
  }
  return polynomial;
}

/** FIPS 204 Algorithm 34 (ExpandMask) for γ1 = 2^17: 576 bytes of the stream of ρ″ ‖ κ (2 bytes, little-endian). */
function expandMask(rhoPrimePrime: Uint8Array, kappa: number): Polynomial {
  const stream = H(concatBytes([rhoPrimePrime, Uint8Array.of(kappa & 0xff, kappa >> 8)]), 576);
  return simpleBitUnpack(stream, 18).map((c) => gamma1 - c);
}

/** FIPS 204 Algorithm 29 (SampleInBall) on the keccak-CTR stream of c̃: 8 sign bytes, then single-byte draws. */
function sampleInBall(cTilde: Uint8Array): Polynomial {
  const read = keccakCtrReader(cTilde);
  const signs = read(8).reduce((sum, byte, m) => sum | (BigInt(byte) << BigInt(8 * m)), 0n);
  const c = new Int32Array(n);
  for (let i = n - tau; i < n; i++) {
    let j = read(1)[0]!;
    while (j > i) j = read(1)[0]!;
    c[i] = c[j]!;
    c[j] = 1 - 2 * Number((signs >> BigInt(i - (n - tau))) & 1n);
  }
  return c;
}

/** FIPS 204 Algorithm 36 (Decompose) for 2γ2: (r1, r0) with r = r1·2γ2 + r0, r0 centred. */
function decompose(r: number): [number, number] {
  const rPlus = modQ(r);
  let r0 = centredMod(rPlus, 2 * gamma2);
  if (rPlus - r0 === q - 1) return [0, r0 - 1];
  return [(rPlus - r0) / (2 * gamma2), r0];
}

/** pk = ρ ‖ t1 and t0 from ρ, s1 and s2: t = NTT⁻¹(Â·NTT(s1)) + s2, split by Power2Round. */
function publicKeyOf(rho: Uint8Array, s1: Polynomial[], s2: Polynomial[]): { publicKey: Uint8Array; t0: Polynomial[] } {
  const s1Hat = s1.map(ntt);
  const t1: Polynomial[] = [];
  const t0: Polynomial[] = [];
  expandA(rho).forEach((row, i) => {
    const t = add(inverseNtt(dot(row, s1Hat)), s2[i]!);
    const [high, low] = [new Int32Array(n), new Int32Array(n)];
    for (let j = 0; j < n; j++) {
      const r0 = centredMod(t[j]!, 2 ** d);
      [high[j], low[j]] = [(t[j]! - r0) / 2 ** d, r0];
    }
    t1.push(high);
    t0.push(low);
  });
  return { publicKey: concatBytes([rho, ...t1.map((polynomial) => simpleBitPack(polynomial, 10))]), t0 };
}

/** s1 ‖ s2 from sk (3 bits each, η − s); throws for a coefficient outside [−η, η]. */
function unpackSmall(sk: Uint8Array): Polynomial[] {
  return Array.from({ length: l + k }, (_, r) => {
    const polynomial = simpleBitUnpack(sk.subarray(128 + 96 * r, 128 + 96 * (r + 1)), 3).map((c) => eta - c);
    if (polynomial.some((c) => c < -eta)) throw new InvalidPrivateKeyError({ scheme: "mldsa44keccak", reason: "the secret key's s1/s2 coefficients are out of range" });
    return polynomial;
  });
}

/** FIPS 204 Algorithm 40 (UseHint) for 2γ2 = (q − 1)/44: m = 44. */
function useHint(hint: number, r: number): number {
  const [r1, r0] = decompose(r);
  if (hint === 0) return r1;
  return r0 > 0 ? (r1 + 1) % 44 : (r1 + 43) % 44;
}

/** FIPS 204 Algorithm 20 (HintBitPack): ω + k bytes. */
function hintBitPack(h: ArrayLike<number>[]): Uint8Array {
  const y = new Uint8Array(omega + k);
  let index = 0;
  h.forEach((polynomial, i) => {
    for (let j = 0; j < n; j++) if (polynomial[j]) y[index++] = j;
    y[omega + i] = index;
  });
  return y;
}

/** x mod± m: the representative in (−m/2, m/2]. */
function centredMod(x: number, m: number): number {
  const r = ((x % m) + m) % m;
  return r > m / 2 ? r - m : r;
}

/** Σ_j a[j] ∘ b[j] in T_q. */
function dot(a: Polynomial[], b: Polynomial[]): Polynomial {
  return a.reduce((sum, polynomial, j) => add(sum, multiplyNtt(polynomial, b[j]!)), new Int32Array(n));
}

function add(a: ArrayLike<number>, b: ArrayLike<number>): Polynomial {
  return Int32Array.from({ length: n }, (_, j) => modQ(a[j]! + b[j]!));
}

function subtract(a: ArrayLike<number>, b: ArrayLike<number>): Polynomial {
  return Int32Array.from({ length: n }, (_, j) => modQ(a[j]! - b[j]!));
}

/** The largest |centred coefficient| of a vector of polynomials mod q (or of already centred values). */
function infinityNorm(vector: ArrayLike<number>[]): number {
  let norm = 0;
  for (const polynomial of vector) for (let j = 0; j < n; j++) norm = Math.max(norm, Math.abs(centredMod(polynomial[j]!, q)));
  return norm;
}
