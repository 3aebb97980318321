// A TypeScript reference of the equation Ed25519.sol checks (cofactorless, compared as encodings), on noble's
// point arithmetic, and helpers shared by the Ed25519 tests.
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { bytesToHex, bytesToNumberLE, concatBytes, hexToBytes } from "@noble/curves/utils.js";
import { type Hex } from "viem";

export const P = 2n ** 255n - 19n;
export const L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** The eight points of order dividing 8, canonical encodings: T^0 (the identity) … T^7 for a point T of order 8. */
export const SMALL_ORDER_POINTS: Hex[] = (() => {
  const T = ed25519.Point.fromHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a");
  const points: Hex[] = [];
  for (let i = 0, Q = ed25519.Point.ZERO; i < 8; i++, Q = Q.add(T)) points.push(`0x${Q.toHex()}`);
  return points;
})();

/** The 32-byte little-endian encoding of `n` (which may be ≥ 2^255 − 19: for non-canonical encodings). */
export const littleEndian = (n: bigint): Hex => `0x${Buffer.from(n.toString(16).padStart(64, "0"), "hex").reverse().toString("hex")}`;

/**
 * Whether encode([S]B − [k]A) = R byte for byte, k = SHA-512(R ‖ A ‖ M) mod L, with S < L and A canonical:
 * RFC 8032 §5.1.7 with the cofactorless equation. `false` for any encoding noble refuses to decode.
 */
export function verifyCofactorless(publicKey: Hex, message: Hex, signature: Hex): boolean {
  const a = hexToBytes(publicKey.slice(2));
  const sig = hexToBytes(signature.slice(2));
  if (a.length !== 32 || sig.length !== 64) return false;
  const s = bytesToNumberLE(sig.subarray(32));
  if (s >= L) return false;
  const yA = bytesToNumberLE(a) & (2n ** 255n - 1n);
  if (yA >= P) return false;
  let A;
  try {
    A = ed25519.Point.fromHex(bytesToHex(a));
  } catch {
    return false;
  }
  if (A.toHex() !== bytesToHex(a)) return false;
  const k = bytesToNumberLE(sha512(concatBytes(sig.subarray(0, 32), a, hexToBytes(message.slice(2))))) % L;
  const sB = s === 0n ? ed25519.Point.ZERO : ed25519.Point.BASE.multiply(s);
  const kA = k === 0n ? ed25519.Point.ZERO : A.multiplyUnsafe(k);
  return sB.subtract(kA).toHex() === bytesToHex(sig.subarray(0, 32));
}
