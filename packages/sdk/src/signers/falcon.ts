import { randomBytes } from "@noble/hashes/utils.js";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Hex, bytesToHex, keccak256, stringToBytes } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { toBytes } from "../keys/falcon/encoding.js";
import { type ExpandFalconPublicKeyReturnType, expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import type { FalconDegree } from "../keys/falcon/params.js";
import type { PQ4337Signer } from "./types.js";

/** noble's Falcon key generation seed length. */
export const falconSeedLength = 48;

export type FalconSignerParameters = {
  /**
   * A 48-byte key-generation seed (see {@link generateFalconSeed}). Defaults to a fresh random seed when no
   * `secretKey` is given either.
   */
  seed?: Hex | Uint8Array | undefined;
  /** A round-3 Falcon secret key (1,281 bytes for Falcon-512, 2,305 for Falcon-1024), instead of a seed. */
  secretKey?: Hex | Uint8Array | undefined;
  /**
   * Emit padded signatures (666 / 1,280 bytes, the fixed-size `falcon-padded` form) rather than compressed
   * variable-length ones (about 655 / 1,270 bytes). The verifier accepts both; padded signatures make
   * gas and fee estimation exact. Defaults to `true`.
   */
  padded?: boolean | undefined;
  /**
   * Sign deterministically (noble's sampler seeded with zeros) instead of with fresh randomness. Falcon's nonce
   * then repeats for a repeated hash, which is safe only because the whole signature then repeats too. Defaults
   * to `false`.
   */
  deterministic?: boolean | undefined;
};

export type FalconSignerReturnType<scheme extends "falcon512" | "falcon1024" = "falcon512" | "falcon1024"> =
  PQ4337Signer & {
    scheme: scheme;
    /** The seed the key was generated from, or `undefined` when the signer was built from a secret key. */
    seed: Hex | undefined;
    /** The round-3 Falcon secret key. */
    secretKey: Hex;
    /** Whether `sign` emits the padded form. */
    padded: boolean;
    /** The expanded public key: deploy `expandedKey.bytes` with `deployCodeChunks` before the key is used. */
    expandedKey: ExpandFalconPublicKeyReturnType;
  };

export type FalconSignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

/**
 * A Falcon-512 signer for the Falcon512Verifier. Its `key` is the 52-byte commitment ‖ chunk address of its
 * expanded public key (see `expandFalconPublicKey`), and its signatures are detached round-3 Falcon-512
 * signatures of the 32-byte hash (padded by default).
 *
 * @example
 * const signer = falcon512Signer({ seed: generateFalconSeed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function falcon512Signer(parameters: FalconSignerParameters = {}): FalconSignerReturnType<"falcon512"> {
  return falconSigner("falcon512", 512, parameters);
}

/**
 * A Falcon-1024 signer for the Falcon1024Verifier: like {@link falcon512Signer} at NIST level V.
 *
 * @example
 * const signer = falcon1024Signer({ seed: generateFalconSeed(), padded: false })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 */
export function falcon1024Signer(parameters: FalconSignerParameters = {}): FalconSignerReturnType<"falcon1024"> {
  return falconSigner("falcon1024", 1024, parameters);
}

/**
 * A fresh random 48-byte Falcon key-generation seed.
 *
 * @example
 * const signer = falcon512Signer({ seed: generateFalconSeed() })
 */
export function generateFalconSeed(): Hex {
  return bytesToHex(randomBytes(falconSeedLength));
}

function implementation(n: FalconDegree, padded: boolean) {
  if (n === 512) return padded ? falcon512padded : falcon512;
  return padded ? falcon1024padded : falcon1024;
}

function falconSigner<scheme extends "falcon512" | "falcon1024">(
  scheme: scheme,
  n: FalconDegree,
  parameters: FalconSignerParameters,
): FalconSignerReturnType<scheme> {
  const { padded = true, deterministic = false } = parameters;
  const falcon = implementation(n, padded);
  if (parameters.seed !== undefined && parameters.secretKey !== undefined)
    throw new InvalidPrivateKeyError({ scheme, reason: "pass either `seed` or `secretKey`, not both" });

  let seed: Uint8Array | undefined;
  let secretKey: Uint8Array;
  let publicKey: Uint8Array;
  if (parameters.secretKey === undefined) {
    seed = parameters.seed === undefined ? randomBytes(falconSeedLength) : toBytes(parameters.seed, "seed");
    if (seed.length !== falconSeedLength)
      throw new InvalidPrivateKeyError({ scheme, reason: `the seed must be ${falconSeedLength} bytes, got ${seed.length}` });
    ({ secretKey, publicKey } = falcon.keygen(seed));
  } else {
    secretKey = toBytes(parameters.secretKey, "secretKey");
    if (secretKey.length !== falcon.lengths.secretKey)
      throw new InvalidPrivateKeyError({
        scheme,
        reason: `the secret key must be ${falcon.lengths.secretKey} bytes, got ${secretKey.length}`,
      });
    try {
      publicKey = falcon.getPublicKey(secretKey);
    } catch {
      throw new InvalidPrivateKeyError({ scheme, reason: "the secret key does not decode to an invertible f" });
    }
  }
  const expandedKey = expandFalconPublicKey(publicKey);

  return {
    scheme,
    seed: seed && bytesToHex(seed),
    secretKey: bytesToHex(secretKey),
    padded,
    publicKey: expandedKey.publicKey,
    key: expandedKey.key,
    expandedKey,
    sign: async ({ hash }) => {
      const message = toBytes(hash, "hash");
      if (message.length !== 32) throw new InvalidHashError({ length: message.length });
      return bytesToHex(falcon.sign(message, secretKey, deterministic ? { extraEntropy: false } : {}));
    },
    getStubSignature: async () => stubSignature(n, padded),
  };
}

const stubs = new Map<string, Hex>();

/**
 * A real, deterministic signature by a fixed throwaway key over a fixed hash, in the signer's form: it parses,
 * runs HashToPoint, the transforms and the norm computation, then fails the norm bound under any other key (s1
 * comes out uniformly large). A throwaway key keeps the stub from being a valid signature by the account.
 */
function stubSignature(n: FalconDegree, padded: boolean): Hex {
  const id = `${n}-${padded}`;
  let stub = stubs.get(id);
  if (stub === undefined) {
    const falcon = implementation(n, padded);
    const { secretKey } = falcon.keygen(new Uint8Array(falconSeedLength).fill(0x11));
    const hash = keccak256(stringToBytes(`pq4337 Falcon-${n} stub signature`), "bytes");
    stub = bytesToHex(falcon.sign(hash, secretKey, { extraEntropy: false }));
    stubs.set(id, stub);
  }
  return stub;
}
