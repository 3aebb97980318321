import { shake256 } from "@noble/hashes/sha3.js";
import { type Hex, bytesToHex, concatHex } from "viem";
import { InvalidPublicKeyLengthError } from "../../errors/keys.js";
import { type CodeChunk, codeChunksCommitment, toCodeChunks } from "../codeStore.js";
import { toBytes } from "../toBytes.js";
import { simpleBitUnpack } from "./encoding.js";
import { rejNttPoly } from "./expandA.js";
import { type Polynomial, ntt } from "./ntt.js";
import { type MldsaParameterSetName, d, expandedPolynomialLength, n, rhoLength, t1PolynomialLength, trLength } from "./params.js";

/**
 * A parameter set's name (for errors) and dimensions, for {@link expandMldsaPublicKey}: Â is k × l, t1 has k
 * polynomials. Every row of `mldsaParameterSets` is one.
 */
export type MldsaDimensions = { scheme: MldsaParameterSetName; k: number; l: number };

/**
 * The two hashes key expansion uses: RejNTTPoly for ExpandA (from the 34-byte seed ρ ‖ column ‖ row) and H for
 * tr = H(pk, 64). FIPS 204's are SHAKE128 and SHAKE256; a labelled variant may replace them.
 */
export type MldsaExpansionHashes = { rejNttPoly: (seed: Uint8Array) => Polynomial; tr: (publicKey: Uint8Array) => Uint8Array };

/** FIPS 204's hashes. */
export const fipsExpansionHashes: MldsaExpansionHashes = { rejNttPoly, tr: (publicKey) => shake256(publicKey, { dkLen: trLength }) };

/** An expanded ML-DSA public key, as every parameter set's verifier reads it. */
export type ExpandedMldsaPublicKey = {
  /** The public key it was expanded from. */
  publicKey: Hex;
  /**
   * The data the set's verifier reads: the expanded key E = Â ‖ t̂1 ‖ tr, then pk itself, which the verifier passes
   * to the chain's EIP-8355 precompile where there is one.
   */
  bytes: Hex;
  /** Â = ExpandA(ρ), in T_q: `aHat[i][j]` for rows i < k and columns j < l. */
  aHat: Polynomial[][];
  /** t̂1[i] = NTT(t1[i] · 2^d), i < k. */
  t1Hat: Polynomial[];
  /** tr = H(pk, 64). */
  tr: Hex;
  /** commitment(E ‖ pk): what the ERC-7913 key commits to. */
  commitment: Hex;
  /** E ‖ pk cut into code-store chunks, to deploy with `deployCodeChunks`. */
  chunks: CodeChunk[];
  /** The ERC-7913 key: commitment ‖ the chunks' addresses. */
  key: Hex;
};

/**
 * Expands a public key pk = ρ ‖ t1 of the parameter set `dimensions` into E = Â ‖ t̂1 ‖ tr: Â = ExpandA(ρ),
 * t̂1 = NTT(t1 · 2^13) as big-endian uint32 coefficients, then tr = H(pk, 64); the verifier reads E ‖ pk. `expandMldsa44PublicKey` and
 * `expandMldsa87PublicKey` are this with their sets, as is ML-DSA-65's `expandPublicKey`;
 * `expandMldsa44KeccakPublicKey` is ML-DSA-44's with the keccak variant's `hashes`.
 *
 * @example
 * const expanded = expandMldsaPublicKey(mldsaParameterSets["ML-DSA-44"], publicKey)
 */
export function expandMldsaPublicKey(
  { scheme, k, l }: MldsaDimensions,
  publicKey: Hex | Uint8Array,
  hashes: MldsaExpansionHashes = fipsExpansionHashes,
): ExpandedMldsaPublicKey {
  const pk = toBytes(publicKey, "publicKey");
  const publicKeyLength = rhoLength + k * t1PolynomialLength;
  if (pk.length !== publicKeyLength) throw new InvalidPublicKeyLengthError({ scheme, expected: publicKeyLength, length: pk.length });
  const rho = pk.subarray(0, rhoLength);
  // ExpandA (FIPS 204 Algorithm 32): Â[i][j] = RejNTTPoly(ρ ‖ j ‖ i).
  const aHat = Array.from({ length: k }, (_, i) => Array.from({ length: l }, (_, j) => hashes.rejNttPoly(Uint8Array.from([...rho, j, i]))));
  // t1 coefficients are below 2^10, so t1 · 2^13 < 2^23 < q needs no reduction before the NTT.
  const t1Hat = Array.from({ length: k }, (_, i) => {
    const offset = rhoLength + i * t1PolynomialLength;
    return ntt(simpleBitUnpack(pk.subarray(offset, offset + t1PolynomialLength), 10).map((c) => c << d));
  });
  const tr = hashes.tr(pk);
  const expandedKeyLength = (k * l + k) * expandedPolynomialLength + trLength;
  const bytes = new Uint8Array(expandedKeyLength + pk.length);
  const view = new DataView(bytes.buffer);
  [...aHat.flat(), ...t1Hat].forEach((polynomial, index) => {
    for (let j = 0; j < n; j++) view.setUint32(index * expandedPolynomialLength + j * 4, polynomial[j], false);
  });
  bytes.set(tr, expandedKeyLength - trLength);
  bytes.set(pk, expandedKeyLength);
  const chunks = toCodeChunks(bytes);
  const commitment = codeChunksCommitment(chunks);
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
