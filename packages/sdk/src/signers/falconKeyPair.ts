import { randomBytes } from "@noble/hashes/utils.js";
import { falcon1024, falcon512 } from "@noble/post-quantum/falcon.js";
import type { Hex } from "viem";
import { InvalidPrivateKeyError } from "../errors/signer.js";
import type { FalconDegree } from "../keys/falcon/params.js";
import { toBytes } from "../keys/toBytes.js";
import type { SchemeName } from "./types.js";

/** noble's Falcon key generation seed length. */
export const falconSeedLength = 48;

export type FalconKeyPairParameters = {
  scheme: SchemeName;
  n: FalconDegree;
  /** A 48-byte key-generation seed; a fresh random one when neither it nor `secretKey` is given. */
  seed?: Hex | Uint8Array | undefined;
  /** A round-3 Falcon secret key, instead of a seed. */
  secretKey?: Hex | Uint8Array | undefined;
};

export type FalconKeyPairReturnType = { seed: Uint8Array | undefined; secretKey: Uint8Array; publicKey: Uint8Array };

/**
 * A Falcon signer's key pair: noble's key generation from the seed, or the public key of a given secret key, with
 * typed errors naming the scheme for a seed or key of the wrong length, both given, or a key noble cannot use.
 *
 * @example
 * const { secretKey, publicKey } = falconKeyPair({ scheme: "falcon512", n: 512, seed })
 */
export function falconKeyPair({ scheme, n, seed, secretKey }: FalconKeyPairParameters): FalconKeyPairReturnType {
  const falcon = n === 512 ? falcon512 : falcon1024;
  if (seed !== undefined && secretKey !== undefined)
    throw new InvalidPrivateKeyError({ scheme, reason: "pass either `seed` or `secretKey`, not both" });
  if (secretKey === undefined) {
    const seedBytes = seed === undefined ? randomBytes(falconSeedLength) : toBytes(seed, "seed");
    if (seedBytes.length !== falconSeedLength)
      throw new InvalidPrivateKeyError({ scheme, reason: `the seed must be ${falconSeedLength} bytes, got ${seedBytes.length}` });
    return { seed: seedBytes, ...falcon.keygen(seedBytes) };
  }
  const secretKeyBytes = toBytes(secretKey, "secretKey");
  if (secretKeyBytes.length !== falcon.lengths.secretKey)
    throw new InvalidPrivateKeyError({ scheme, reason: `the secret key must be ${falcon.lengths.secretKey} bytes, got ${secretKeyBytes.length}` });
  try {
    return { seed: undefined, secretKey: secretKeyBytes, publicKey: falcon.getPublicKey(secretKeyBytes) };
  } catch {
    throw new InvalidPrivateKeyError({ scheme, reason: "the secret key does not decode to an invertible f" });
  }
}
