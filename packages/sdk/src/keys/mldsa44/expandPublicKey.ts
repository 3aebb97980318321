import { shake256 } from "@noble/hashes/sha3.js";
import { type Hex, bytesToHex, concatHex, keccak256 } from "viem";
import { InvalidExpandedKeyError, InvalidPublicKeyLengthError } from "../../errors/keys.js";
import { type CodeChunk, type ToCodeChunksErrorType, toCodeChunks } from "../codeStore.js";
import { simpleBitUnpack } from "../mldsa65/encoding.js";
import { rejNttPoly } from "../mldsa65/expandA.js";
import { type Polynomial, ntt } from "../mldsa65/ntt.js";
import { d } from "../mldsa65/params.js";
import { type ToBytesErrorType, toBytes } from "../toBytes.js";
import {
  expandedKeyLength,
  expandedPolynomialLength,
  k,
  l,
  publicKeyLength,
  rhoLength,
  t1PolynomialLength,
  trLength,
} from "./params.js";

export type ExpandMldsa44PublicKeyParameters = Hex | Uint8Array;

export type ExpandMldsa44PublicKeyReturnType = {
  /** The public key it was expanded from (1,312 bytes). */
  publicKey: Hex;
  /** The expanded key E = Â ‖ t̂1 ‖ tr (20,544 bytes), the data `MLDSA87Verifier` reads. */
  bytes: Hex;
  /** Â = ExpandA(ρ), in T_q: `aHat[i][j]` for rows i < 4 and columns j < 4. */
  aHat: Polynomial[][];
  /** t̂1[i] = NTT(t1[i] · 2^d), i < 4. */
  t1Hat: Polynomial[];
  /** tr = H(pk, 64). */
  tr: Hex;
  /** keccak256(E): what the ERC-7913 key commits to. */
  commitment: Hex;
  /** E as code-store chunks (one), to deploy with `deployCodeChunks`. */
  chunks: CodeChunk[];
  /** The ERC-7913 key: commitment ‖ address(chunk 0), 52 bytes. */
  key: Hex;
};

export type ExpandMldsa44PublicKeyErrorType = ToBytesErrorType | InvalidPublicKeyLengthError | ToCodeChunksErrorType;

/**
 * Expands an ML-DSA-44 public key pk = ρ ‖ t1 into the data the on-chain verifier reads, as
 * `expandPublicKey` does for ML-DSA-65: Â = ExpandA(ρ) (4 × 4), t̂1 = NTT(t1 · 2^13), tr = H(pk, 64).
 *
 * @example
 * const { key, chunks } = expandMldsa44PublicKey(ml_dsa44.keygen().publicKey)
 */
export function expandMldsa44PublicKey(publicKey: ExpandMldsa44PublicKeyParameters): ExpandMldsa44PublicKeyReturnType {
  const pk = toBytes(publicKey, "publicKey");
  if (pk.length !== publicKeyLength)
    throw new InvalidPublicKeyLengthError({ scheme: "mldsa44", expected: publicKeyLength, length: pk.length });
  const rho = pk.subarray(0, rhoLength);
  // ExpandA (FIPS 204 Algorithm 32): Â[i][j] = RejNTTPoly(ρ ‖ j ‖ i).
  const aHat = Array.from({ length: k }, (_, i) =>
    Array.from({ length: l }, (_, j) => rejNttPoly(Uint8Array.from([...rho, j, i]))),
  );
  // t1 coefficients are below 2^10, so t1 · 2^13 < 2^23 < q needs no reduction before the NTT.
  const t1Hat = Array.from({ length: k }, (_, i) => {
    const offset = rhoLength + i * t1PolynomialLength;
    return ntt(simpleBitUnpack(pk.subarray(offset, offset + t1PolynomialLength), 10).map((c) => c << d));
  });
  const tr = shake256(pk, { dkLen: trLength });
  const bytes = new Uint8Array(expandedKeyLength);
  const view = new DataView(bytes.buffer);
  [...aHat.flat(), ...t1Hat].forEach((polynomial, index) => {
    for (let j = 0; j < 256; j++) view.setUint32(index * expandedPolynomialLength + j * 4, polynomial[j], false);
  });
  bytes.set(tr, expandedKeyLength - trLength);
  const commitment = keccak256(bytes);
  const chunks = toCodeChunks(bytes);
  return {
    publicKey: bytesToHex(pk),
    bytes: bytesToHex(bytes),
    aHat,
    t1Hat,
    tr: bytesToHex(tr),
    commitment,
    chunks,
    key: concatHex([commitment, ...chunks.map(({ address }) => address)]),
  };
}

/** Whether `expanded` is exactly the expansion of `publicKey`. */
export function verifyMldsa44ExpandedKey(publicKey: Hex | Uint8Array, expanded: Hex | Uint8Array): boolean {
  const candidate = toBytes(expanded, "expanded");
  if (candidate.length !== expandedKeyLength)
    throw new InvalidExpandedKeyError({ reason: `expected ${expandedKeyLength} bytes, got ${candidate.length}` });
  return expandMldsa44PublicKey(publicKey).bytes === bytesToHex(candidate);
}
