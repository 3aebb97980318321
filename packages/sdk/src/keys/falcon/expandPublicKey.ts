import { type Hex, bytesToHex, concatHex } from "viem";
import { InvalidFalconExpandedKeyError } from "../../errors/falcon.js";
import { type CodeChunk, type ToCodeChunksErrorType, codeChunksCommitment, toCodeChunks } from "../codeStore.js";
import { toBytes } from "../toBytes.js";
import { type DecodeFalconPublicKeyErrorType, type FalconToBytesErrorType, decodeFalconPublicKey } from "./encoding.js";
import { type FalconPolynomial, expandedKeyFactor, expandedKeyFactorInverse, falconCompleteNtt, falconNtt, falconPartialNtt, modQ } from "./ntt.js";
import { type FalconDegree, type FalconParameters, falcon1024Parameters, falcon512Parameters, q } from "./params.js";

/** A round-3 Falcon-512 or Falcon-1024 public key (897 or 1,793 bytes). */
export type ExpandFalconPublicKeyParameters = Hex | Uint8Array;

export type ExpandFalconPublicKeyReturnType = {
  /** The degree, from the public key's header byte. */
  n: FalconDegree;
  /** The public key it was expanded from. */
  publicKey: Hex;
  /** h = g/f mod q, decoded from the public key. */
  h: FalconPolynomial;
  /** ĥ = NTT(h) in the order of `falconNtt`. */
  hHat: FalconPolynomial;
  /**
   * The data the on-chain verifier reads: the expanded key E, then the public key itself (which the verifier passes
   * to the chain's EIP-8052 precompiles where there are some). E is, for i < n, the 4-byte big-endian value
   * falconPartialNtt(h)[i] · 2^16 · (n/8)⁻¹ mod q (2,048 bytes for Falcon-512, 4,096 for Falcon-1024): h's residues
   * mod X^8 − ζ[n/8 + w]², eight coefficients (one 32-byte word) per residue. The verifier multiplies the same
   * partial transform of s2 by E residue by residue with a Montgomery reduction (which divides by 2^16) right
   * before its unscaled partial inverse transform (which multiplies by n/8), so both factors are folded into the
   * key once, off-chain.
   */
  bytes: Hex;
  /** commitment(E ‖ pk): what the ERC-7913 key commits to. */
  commitment: Hex;
  /** E ‖ pk as code-store chunks (one: far below the 24,575-byte chunk limit), to deploy with `deployCodeChunks`. */
  chunks: CodeChunk[];
  /** The 52-byte ERC-7913 key: commitment ‖ address of the chunk holding E. */
  key: Hex;
};

export type ExpandFalconPublicKeyErrorType = DecodeFalconPublicKeyErrorType | ToCodeChunksErrorType;

/**
 * Precomputes what Falcon verification derives from the public key alone, so the on-chain verifier neither
 * decodes h nor transforms it on every call: the NTT of h, scaled for the verifier's arithmetic, serialised as
 * the expanded key E, stored in contract code followed by the public key (for a chain's EIP-8052 precompiles), and
 * committed to by commitment(E ‖ pk) in the ERC-7913 key.
 *
 * @example
 * import { falcon512 } from "@noble/post-quantum/falcon.js"
 * const { publicKey } = falcon512.keygen(seed)
 * const expanded = expandFalconPublicKey(publicKey)
 * await deployCodeChunks({ client, walletClient, data: expanded.bytes })
 * // expanded.key is the ERC-7913 key for the Falcon512Verifier
 */
export function expandFalconPublicKey(publicKey: ExpandFalconPublicKeyParameters): ExpandFalconPublicKeyReturnType {
  const { parameters, h } = decodeFalconPublicKey(publicKey);
  const hHat = falconNtt(h);
  const bytes = concatHex([bytesToHex(encodeExpandedKey(falconPartialNtt(h))), bytesToHex(toBytes(publicKey, "publicKey"))]);
  const chunks = toCodeChunks(bytes);
  const commitment = codeChunksCommitment(chunks);
  return {
    n: parameters.n,
    publicKey: bytesToHex(toBytes(publicKey, "publicKey")),
    h,
    hHat,
    bytes,
    commitment,
    chunks,
    key: concatHex([commitment, ...chunks.map(({ address }) => address)]),
  };
}

/** A public key and the expanded key claimed to belong to it. */
export type VerifyFalconExpandedKeyParameters = [publicKey: Hex | Uint8Array, expanded: Hex | Uint8Array];

/** Whether `expanded` is exactly the expansion of `publicKey`. */
export type VerifyFalconExpandedKeyReturnType = boolean;

export type VerifyFalconExpandedKeyErrorType = FalconToBytesErrorType | DecodeFalconPublicKeyErrorType;

/**
 * Checks an expanded key (e.g. read back from chain) against its public key by recomputing the expansion
 * and comparing byte for byte.
 *
 * @example
 * const ok = verifyFalconExpandedKey(signer.publicKey, expandedBytesReadFromChain)
 */
export function verifyFalconExpandedKey(
  ...[publicKey, expanded]: VerifyFalconExpandedKeyParameters
): VerifyFalconExpandedKeyReturnType {
  const candidate = toBytes(expanded, "expanded");
  const { bytes } = expandFalconPublicKey(publicKey);
  return bytes === bytesToHex(candidate);
}

/** E from h's residues: 4-byte big-endian residues[i] · 2^16 · (n/8)⁻¹ mod q. */
function encodeExpandedKey(residues: FalconPolynomial): Uint8Array {
  const n = residues.length as FalconDegree;
  const factor = expandedKeyFactor(n);
  const out = new Uint8Array(4 * n);
  const view = new DataView(out.buffer);
  residues.forEach((coefficient, i) => view.setUint32(4 * i, modQ(coefficient * factor)));
  return out;
}

export type DecodeFalconExpandedKeyReturnType = {
  parameters: FalconParameters;
  /** ĥ = NTT(h), recovered from E. */
  hHat: FalconPolynomial;
};

export type DecodeFalconExpandedKeyErrorType = FalconToBytesErrorType | InvalidFalconExpandedKeyError;

/**
 * Recovers ĥ from an expanded key E, alone or followed by pk as a verifier reads it (pk is ignored). The length
 * gives the degree; every value of E must be a 4-byte big-endian number below q.
 *
 * @example
 * const { parameters, hHat } = decodeFalconExpandedKey(signer.expandedKey.bytes)
 */
export function decodeFalconExpandedKey(expanded: Hex | Uint8Array): DecodeFalconExpandedKeyReturnType {
  const bytes = toBytes(expanded, "expanded");
  const parameters = [falcon512Parameters, falcon1024Parameters].find(
    ({ expandedKeyLength, publicKeyLength }) => bytes.length === expandedKeyLength || bytes.length === expandedKeyLength + publicKeyLength,
  );
  if (parameters === undefined)
    throw new InvalidFalconExpandedKeyError({ reason: `expected 2048 or 4096 bytes (E), or E ‖ pk, got ${bytes.length}` });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inverse = expandedKeyFactorInverse(parameters.n);
  const residues = new Int32Array(parameters.n);
  for (let i = 0; i < parameters.n; i++) {
    const value = view.getUint32(4 * i);
    if (value >= q) throw new InvalidFalconExpandedKeyError({ reason: `value ${i} is ${value}, not below q = ${q}` });
    residues[i] = modQ(value * inverse);
  }
  return { parameters, hHat: falconCompleteNtt(residues) };
}
