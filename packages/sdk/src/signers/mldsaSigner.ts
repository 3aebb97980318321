import { randomBytes } from "@noble/hashes/utils.js";
import { type Hex, bytesToHex, keccak256, stringToBytes } from "viem";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import { toBytes } from "../keys/toBytes.js";
import { hashBytes } from "./hashBytes.js";
import type { ExpandedKey, PQ4337Signer } from "./types.js";

/** FIPS 204 fixes an empty context string for the pure signatures the verifiers check. */
const emptyContext = new Uint8Array(0);
const seedLength = 32;
const trLength = 64;

/** The ML-DSA schemes, FIPS 204's three sets and the keccak variant of ML-DSA-44. */
export type MldsaSchemeName = "mldsa44" | "mldsa65" | "mldsa87" | "mldsa44keccak";

/** What {@link createMldsaSigner} needs of an ML-DSA implementation: noble's `ml_dsa44` (…) has it. */
export type MldsaImplementation = {
  keygen: (seed: Uint8Array) => { secretKey: Uint8Array };
  getPublicKey: (secretKey: Uint8Array) => Uint8Array;
  /** Pure signing with a context; `extraEntropy: false` signs deterministically (rnd = 0³²). */
  sign: (message: Uint8Array, secretKey: Uint8Array, options: { context: Uint8Array; extraEntropy?: false }) => Uint8Array;
};

/** What tells the ML-DSA parameter sets apart, for {@link createMldsaSigner}. */
export type MldsaSet<scheme extends MldsaSchemeName, expanded extends ExpandedKey & { tr: Hex }> = {
  scheme: scheme;
  /** The set's implementation: noble's for FIPS 204, the SDK's own for the keccak variant. */
  noble: MldsaImplementation;
  /** FIPS 204 `sk` length. */
  secretKeyLength: number;
  /** The set's key expansion (Â, t̂1, tr and the ERC-7913 key). */
  expand: (publicKey: Uint8Array) => expanded;
};

/** The parameters every ML-DSA signer takes. */
export type MldsaSignerParameters = {
  /** The 32-byte FIPS 204 key-generation seed ξ. Defaults to a fresh random seed when no `secretKey` is given either. */
  seed?: Hex | Uint8Array | undefined;
  /** A FIPS 204 secret key `sk`, instead of a seed. */
  secretKey?: Hex | Uint8Array | undefined;
  /**
   * Sign deterministically (FIPS 204 rnd = 0³²) instead of hedged with fresh randomness. Both verify the
   * same; hedged signing resists fault and side-channel attacks better. Defaults to `false`.
   */
  deterministic?: boolean | undefined;
};

/** What every ML-DSA signer returns, for its set's scheme and expanded key. */
export type MldsaSignerReturnType<scheme extends string, expanded> = PQ4337Signer & {
  scheme: scheme;
  /** The seed the key was generated from, or `undefined` when the signer was built from a secret key. */
  seed: Hex | undefined;
  /** The FIPS 204 secret key `sk`. */
  secretKey: Hex;
  /** The expanded public key: deploy `expandedKey.bytes` with `deployCodeChunks` before the key is used. */
  expandedKey: expanded;
};

/**
 * The ML-DSA signer of one parameter set: `mldsa44Signer`, `mldsa65Signer` and `mldsa87Signer` are this with their
 * set. Its `key` is the ERC-7913 key of its expanded public key, and it signs the 32-byte hash in pure mode with an
 * empty context.
 *
 * @example
 * const signer = createMldsaSigner(mldsa44, { seed })
 */
export function createMldsaSigner<scheme extends MldsaSchemeName, expanded extends ExpandedKey & { tr: Hex }>(
  set: MldsaSet<scheme, expanded>,
  parameters: MldsaSignerParameters,
): MldsaSignerReturnType<scheme, expanded> {
  const { scheme, noble } = set;
  const { deterministic = false } = parameters;
  if (parameters.seed !== undefined && parameters.secretKey !== undefined)
    throw new InvalidPrivateKeyError({ scheme, reason: "pass either `seed` or `secretKey`, not both" });

  // Copies, so that a caller reusing its buffers cannot change the signer's key afterwards.
  const { seed, secretKey } = parameters.secretKey === undefined
    ? fromSeed(set, parameters.seed === undefined ? randomBytes(seedLength) : toBytes(parameters.seed, "seed").slice())
    : { seed: undefined, secretKey: toBytes(parameters.secretKey, "secretKey").slice() };
  const expandedKey = set.expand(publicKeyOf(set, secretKey));
  // sk embeds tr = H(pk): a mismatch means a corrupted key whose signatures would never verify.
  if (expandedKey.tr !== bytesToHex(secretKey.subarray(64, 64 + trLength)))
    throw new InvalidPrivateKeyError({ scheme, reason: "the secret key's tr does not match its public key" });

  return {
    scheme,
    seed: seed && bytesToHex(seed),
    secretKey: bytesToHex(secretKey),
    publicKey: expandedKey.publicKey,
    key: expandedKey.key,
    expandedKey,
    sign: async ({ hash }) => {
      const message = hashBytes(hash);
      const options = deterministic ? { context: emptyContext, extraEntropy: false as const } : { context: emptyContext };
      return bytesToHex(noble.sign(message, secretKey, options));
    },
    getStubSignature: async () => stubSignature(set),
  };
}

/** A fresh random 32-byte ML-DSA key-generation seed (the same length for every set). */
export function generateMldsaSeed(): Hex {
  return bytesToHex(randomBytes(seedLength));
}

function fromSeed(set: MldsaSet<MldsaSchemeName, ExpandedKey & { tr: Hex }>, seed: Uint8Array) {
  if (seed.length !== seedLength)
    throw new InvalidPrivateKeyError({ scheme: set.scheme, reason: `the seed must be ${seedLength} bytes, got ${seed.length}` });
  return { seed, secretKey: set.noble.keygen(seed).secretKey };
}

/** Recomputes pk from sk (t1 from s1, s2 and ρ), rejecting a secret key that does not decode. */
function publicKeyOf(set: MldsaSet<MldsaSchemeName, ExpandedKey & { tr: Hex }>, secretKey: Uint8Array): Uint8Array {
  if (secretKey.length !== set.secretKeyLength)
    throw new InvalidPrivateKeyError({
      scheme: set.scheme,
      reason: `the secret key must be ${set.secretKeyLength} bytes, got ${secretKey.length}`,
    });
  try {
    return set.noble.getPublicKey(secretKey);
  } catch {
    throw new InvalidPrivateKeyError({ scheme: set.scheme, reason: "the secret key's s1/s2 coefficients are out of range" });
  }
}

const stubs = new Map<string, Hex>();

/**
 * A real, deterministic signature by a fixed throwaway key over a fixed hash: it decodes, passes the hint and
 * norm checks and runs the whole verification, then fails the final c̃ comparison under any other key. A
 * throwaway key (not the signer's) keeps the stub from being a valid signature by the account for anything.
 */
function stubSignature(set: MldsaSet<MldsaSchemeName, ExpandedKey & { tr: Hex }>): Hex {
  let stub = stubs.get(set.scheme);
  if (stub === undefined) {
    const { secretKey } = set.noble.keygen(new Uint8Array(seedLength).fill(0x11));
    const label = { mldsa44: "ML-DSA-44", mldsa65: "ML-DSA-65", mldsa87: "ML-DSA-87", mldsa44keccak: "ML-DSA-44 keccak variant" }[set.scheme];
    const hash = keccak256(stringToBytes(`pq4337 ${label} stub signature`), "bytes");
    stub = bytesToHex(set.noble.sign(hash, secretKey, { context: emptyContext, extraEntropy: false }));
    stubs.set(set.scheme, stub);
  }
  return stub;
}
