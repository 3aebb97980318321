import type { Hex } from "viem";
import type { CodeChunk } from "../keys/codeStore.js";

/**
 * The signature schemes pq4337 has an ERC-7913 verifier for. `mldsa44keccak` and `falcon512keccak` are ZKNox's
 * ETHDILITHIUM and ETHFALCON, labelled keccak variants of ML-DSA-44 and Falcon-512 that are not FIPS 204/206.
 */
export type SchemeName =
  | "ecdsa"
  | "webauthn"
  | "ed25519"
  | "mldsa44"
  | "mldsa65"
  | "mldsa87"
  | "mldsa44keccak"
  | "falcon512"
  | "falcon1024"
  | "falcon512keccak";

/**
 * A key that signs for a {@link SchemeName} scheme and describes itself as an ERC-7913 key.
 *
 * Every scheme plugs into `toPQSmartAccount` through this one interface: the account's on-chain signer
 * is `verifier ‖ key`, and `sign` returns the `signature` argument of the verifier's
 * `verify(bytes key, bytes32 hash, bytes signature)`.
 */
export type PQ4337Signer = {
  /** The scheme, which selects the ERC-7913 verifier. */
  scheme: SchemeName;
  /** The scheme's own public key encoding (e.g. FIPS 204 `pk`, 1,952 bytes for ML-DSA-65). */
  publicKey: Hex;
  /** The ERC-7913 `key` bytes: what the verifier receives, without the verifier address. */
  key: Hex;
  /**
   * The expanded public key that the scheme's verifier reads from contract code (ML-DSA, Falcon), which must be
   * deployed before the key signs for an account (`deployExpandedKey`); `undefined` for a self-contained key (ECDSA).
   */
  expandedKey?: ExpandedKey | undefined;
  /** Signs a 32-byte hash; the result is the ERC-7913 `signature` bytes. */
  sign: (parameters: { hash: Hex }) => Promise<Hex>;
  /**
   * A well-formed signature of the right size that takes the verifier's full verification path and then
   * fails, so gas estimation of a user operation matches a real signature. `toPQSmartAccount` measures it against
   * the zero hash; a scheme whose cost depends on the hash (Falcon's HashToPoint) makes its stub for that hash.
   */
  getStubSignature: () => Promise<Hex>;
};

/** What every scheme's expanded public key has: see `expandPublicKey` and `expandFalconPublicKey` for each layout. */
export type ExpandedKey = {
  /** The public key it was expanded from. */
  publicKey: Hex;
  /** The data the verifier reads: the expanded key E, then the public key (for a chain's precompile). */
  bytes: Hex;
  /** commitment(E ‖ pk): what the ERC-7913 key commits to. */
  commitment: Hex;
  /** E ‖ pk as code-store chunks, each deployed at an address that depends only on its content. */
  chunks: CodeChunk[];
  /** The ERC-7913 key: the commitment and the chunks' addresses. */
  key: Hex;
};
