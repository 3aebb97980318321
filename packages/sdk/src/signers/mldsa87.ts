import { randomBytes } from "@noble/hashes/utils.js";
import { ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { type Hex, bytesToHex, keccak256, stringToBytes } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import { type InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { toBytes } from "../keys/toBytes.js";
import { hashBytes } from "./hashBytes.js";
import { type ExpandMldsa87PublicKeyReturnType, expandMldsa87PublicKey } from "../keys/mldsa87/expandPublicKey.js";
import { secretKeyLength, seedLength, trLength } from "../keys/mldsa87/params.js";
import type { PQ4337Signer } from "./types.js";

/** FIPS 204 fixes an empty context string for the pure signatures the verifier checks. */
const emptyContext = new Uint8Array(0);

export type Mldsa87SignerParameters = {
  /**
   * The 32-byte FIPS 204 key-generation seed ξ (see {@link generateMldsa87Seed}). Defaults to a fresh
   * random seed when no `secretKey` is given either.
   */
  seed?: Hex | Uint8Array | undefined;
  /** A 4,896-byte FIPS 204 secret key `sk`, instead of a seed. */
  secretKey?: Hex | Uint8Array | undefined;
  /**
   * Sign deterministically (FIPS 204 rnd = 0³²) instead of hedged with fresh randomness. Both verify the
   * same; hedged signing resists fault and side-channel attacks better. Defaults to `false`.
   */
  deterministic?: boolean | undefined;
};

export type Mldsa87SignerReturnType = PQ4337Signer & {
  scheme: "mldsa87";
  /** The seed the key was generated from, or `undefined` when the signer was built from a secret key. */
  seed: Hex | undefined;
  /** The FIPS 204 secret key `sk`. */
  secretKey: Hex;
  /** The expanded public key: deploy `expandedKey.bytes` with `deployCodeChunks` before the key is used. */
  expandedKey: ExpandMldsa87PublicKeyReturnType;
};

export type Mldsa87SignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

/**
 * An ML-DSA-87 (FIPS 204) signer for the ML-DSA-87 ERC-7913 verifier. Its `key` is the 92-byte
 * commitment ‖ chunk addresses of its expanded public key (see `expandMldsa87PublicKey`), and its signatures are
 * 4,627-byte pure ML-DSA-87 signatures of the 32-byte hash with an empty context.
 *
 * @example
 * const signer = mldsa87Signer({ seed: generateMldsa87Seed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function mldsa87Signer(parameters: Mldsa87SignerParameters = {}): Mldsa87SignerReturnType {
  const { deterministic = false } = parameters;
  if (parameters.seed !== undefined && parameters.secretKey !== undefined)
    throw new InvalidPrivateKeyError({ scheme: "mldsa87", reason: "pass either `seed` or `secretKey`, not both" });

  // Copies, so that a caller reusing its buffers cannot change the signer's key afterwards.
  const { seed, secretKey } = parameters.secretKey === undefined
    ? fromSeed(parameters.seed === undefined ? randomBytes(seedLength) : toBytes(parameters.seed, "seed").slice())
    : { seed: undefined, secretKey: toBytes(parameters.secretKey, "secretKey").slice() };
  const expandedKey = expandMldsa87PublicKey(publicKeyOf(secretKey));
  // sk embeds tr = H(pk): a mismatch means a corrupted key whose signatures would never verify.
  if (expandedKey.tr !== bytesToHex(secretKey.subarray(64, 64 + trLength)))
    throw new InvalidPrivateKeyError({ scheme: "mldsa87", reason: "the secret key's tr does not match its public key" });

  return {
    scheme: "mldsa87",
    seed: seed && bytesToHex(seed),
    secretKey: bytesToHex(secretKey),
    publicKey: expandedKey.publicKey,
    key: expandedKey.key,
    expandedKey,
    sign: async ({ hash }) => {
      const message = hashBytes(hash);
      const options = deterministic ? { context: emptyContext, extraEntropy: false as const } : { context: emptyContext };
      return bytesToHex(ml_dsa87.sign(message, secretKey, options));
    },
    getStubSignature: async () => stubSignature(),
  };
}

/**
 * A fresh random 32-byte ML-DSA-87 key-generation seed, the compact form of an ML-DSA-87 private key.
 *
 * @example
 * const seed = generateMldsa87Seed()
 * const signer = mldsa87Signer({ seed })
 */
export function generateMldsa87Seed(): Hex {
  return bytesToHex(randomBytes(seedLength));
}

function fromSeed(seed: Uint8Array): { seed: Uint8Array; secretKey: Uint8Array } {
  if (seed.length !== seedLength)
    throw new InvalidPrivateKeyError({ scheme: "mldsa87", reason: `the seed must be ${seedLength} bytes, got ${seed.length}` });
  return { seed, secretKey: ml_dsa87.keygen(seed).secretKey };
}

/** Recomputes pk from sk (t1 from s1, s2 and ρ), rejecting a secret key that does not decode. */
function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  if (secretKey.length !== secretKeyLength)
    throw new InvalidPrivateKeyError({
      scheme: "mldsa87",
      reason: `the secret key must be ${secretKeyLength} bytes, got ${secretKey.length}`,
    });
  try {
    return ml_dsa87.getPublicKey(secretKey);
  } catch {
    throw new InvalidPrivateKeyError({ scheme: "mldsa87", reason: "the secret key's s1/s2 coefficients are out of range" });
  }
}

let stub: Hex | undefined;

/**
 * A real, deterministic signature by a fixed throwaway key over a fixed hash: it decodes, passes the hint and
 * norm checks and runs the whole verification, then fails the final c̃ comparison under any other key. A
 * throwaway key (not the signer's) keeps the stub from being a valid signature by the account for anything.
 */
function stubSignature(): Hex {
  if (stub === undefined) {
    const { secretKey } = ml_dsa87.keygen(new Uint8Array(seedLength).fill(0x11));
    const hash = keccak256(stringToBytes("pq4337 ML-DSA-87 stub signature"), "bytes");
    stub = bytesToHex(ml_dsa87.sign(hash, secretKey, { context: emptyContext, extraEntropy: false }));
  }
  return stub;
}
