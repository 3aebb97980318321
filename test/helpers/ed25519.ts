// A TypeScript reference of the equation Ed25519.sol checks (cofactored), on noble's point arithmetic, and helpers
// shared by the Ed25519 tests.
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
 * RFC 8032 §5.1.7 as Ed25519.sol checks it: S < L, A and R canonical and on the curve, A not of small order, and
 * the cofactored equation [8]([S]B − R − [k]A) = O, k = SHA-512(R ‖ A ‖ M) mod L. Written out here rather than
 * calling noble's verify, which the tests compare it with.
 */
export function verifyCofactored(publicKey: Hex, message: Hex, signature: Hex): boolean {
  const a = hexToBytes(publicKey.slice(2));
  const sig = hexToBytes(signature.slice(2));
  if (a.length !== 32 || sig.length !== 64) return false;
  const s = bytesToNumberLE(sig.subarray(32));
  if (s >= L) return false;
  const decode = (bytes: Uint8Array) => {
    if ((bytesToNumberLE(bytes) & (2n ** 255n - 1n)) >= P) return undefined;
    try {
      const point = ed25519.Point.fromHex(bytesToHex(bytes));
      return point.toHex() === bytesToHex(bytes) ? point : undefined;
    } catch {
      return undefined;
    }
  };
  const [A, R] = [decode(a), decode(sig.subarray(0, 32))];
  if (A === undefined || R === undefined || A.isSmallOrder()) return false;
  const k = bytesToNumberLE(sha512(concatBytes(sig.subarray(0, 32), a, hexToBytes(message.slice(2))))) % L;
  const sB = s === 0n ? ed25519.Point.ZERO : ed25519.Point.BASE.multiply(s);
  const kA = k === 0n ? ed25519.Point.ZERO : A.multiplyUnsafe(k);
  return sB.subtract(R).subtract(kA).clearCofactor().is0();
}
