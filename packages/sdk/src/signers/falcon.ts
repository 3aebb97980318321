import { randomBytes } from "@noble/hashes/utils.js";
import { falcon1024, falcon1024padded, falcon512, falcon512padded } from "@noble/post-quantum/falcon.js";
import { type Hex, bytesToHex, concatBytes, numberToBytes } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import type { FalconSignatureFormat } from "../keys/falcon/encoding.js";
import { hashBytes } from "./hashBytes.js";
import { type ExpandFalconPublicKeyReturnType, expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import { type FalconDegree, nonceLength } from "../keys/falcon/params.js";
import { transcodeFalconSignature } from "../keys/falcon/transcodeSignature.js";
import { hashToPointBlocks, minHashToPointBlocks } from "../keys/falcon/verify.js";
import { falconKeyPair, falconSeedLength } from "./falconKeyPair.js";
import type { PQ4337Signer } from "./types.js";

export { falconSeedLength } from "./falconKeyPair.js";

/**
 * The most signatures `minimizeHashToPoint` makes for one hash: all of them miss the minimum with probability
 * below 10⁻¹¹, and the last one is returned then.
 */
const maxSigningAttempts = 64;

export type FalconSignerParameters = {
  /**
   * A 48-byte key-generation seed (see {@link generateFalconSeed}). Defaults to a fresh random seed when no
   * `secretKey` is given either.
   */
  seed?: Hex | Uint8Array | undefined;
  /** A round-3 Falcon secret key (1,281 bytes for Falcon-512, 2,305 for Falcon-1024), instead of a seed. */
  secretKey?: Hex | Uint8Array | undefined;
  /**
   * The signature form: `"ct"` (809 / 1,577 bytes, the reference implementation's `FALCON_SIG_CT`), `"padded"`
   * (666 / 1,280 bytes) or `"compressed"` (variable, about 655 / 1,270 bytes). The verifiers accept all three;
   * CT costs the most calldata but is by far the cheapest to decode on chain, and like padded it has a fixed
   * size, so gas and fee estimates are exact. Defaults to `"ct"`.
   */
  format?: FalconSignatureFormat | undefined;
  /**
   * Re-sign, with a new nonce each time, until HashToPoint(nonce ‖ hash) reads the fewest SHAKE256 blocks (8 for
   * Falcon-512, 16 for Falcon-1024; about 41 % / 34 % of nonces qualify), which saves the verifier one Keccak
   * permutation; at most 64 signatures. This is safe: the result is an ordinary Falcon signature, the choice
   * depends only on public data (the nonce and the hash), HashToPoint's accepted samples are independent of how
   * many were rejected before them (so c stays uniform), and the discarded signatures are never revealed.
   * Defaults to `true`.
   */
  minimizeHashToPoint?: boolean | undefined;
  /**
   * Sign deterministically, for reproducible tests and benchmarks: the k-th signature tried for a hash draws
   * noble's randomness (nonce and sampler seed) from the 48-byte big-endian seed k, the same for every hash and
   * key (k = 0 is noble's `extraEntropy: false`), so a hash always gets the same signature. Not for keys that
   * hold value: the sampler's randomness is public and repeats across hashes, which Falcon's security argument
   * does not cover. Defaults to `false`.
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
    /** The form `sign` and `getStubSignature` emit. */
    format: FalconSignatureFormat;
    /** The expanded public key: deploy `expandedKey.bytes` with `deployCodeChunks` before the key is used. */
    expandedKey: ExpandFalconPublicKeyReturnType;
  };

export type FalconSignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

/**
 * A Falcon-512 signer for the Falcon512Verifier. Its `key` is the 52-byte commitment ‖ chunk address of its
 * expanded public key (see `expandFalconPublicKey`), and its signatures are detached round-3 Falcon-512
 * signatures of the 32-byte hash (in the CT form by default).
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
 * const signer = falcon1024Signer({ seed: generateFalconSeed(), format: "compressed" })
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

/** noble's signer of one degree and form; both forms share key generation and keys. */
function implementation(n: FalconDegree, padded: boolean) {
  if (n === 512) return padded ? falcon512padded : falcon512;
  return padded ? falcon1024padded : falcon1024;
}

function falconSigner<scheme extends "falcon512" | "falcon1024">(
  scheme: scheme,
  n: FalconDegree,
  parameters: FalconSignerParameters,
): FalconSignerReturnType<scheme> {
  const { format = "ct", minimizeHashToPoint = true, deterministic = false } = parameters;
  const { seed, secretKey, publicKey } = falconKeyPair({ scheme, n, seed: parameters.seed, secretKey: parameters.secretKey });
  const expandedKey = expandFalconPublicKey(publicKey);

  return {
    scheme,
    seed: seed && bytesToHex(seed),
    secretKey: bytesToHex(secretKey),
    format,
    publicKey: expandedKey.publicKey,
    key: expandedKey.key,
    expandedKey,
    sign: async ({ hash }) => {
      const message = hashBytes(hash);
      const blocks = minimizeHashToPoint ? minHashToPointBlocks(n) : undefined;
      return bytesToHex(signFalcon({ n, format, secretKey, message, deterministic, blocks }));
    },
    getStubSignature: async () => stubSignature(n, format, minimizeHashToPoint),
  };
}

type SignFalconParameters = {
  n: FalconDegree;
  format: FalconSignatureFormat;
  secretKey: Uint8Array;
  message: Uint8Array;
  deterministic: boolean;
  /** Keep signing until HashToPoint reads this many SHAKE256 blocks; `undefined` takes the first signature. */
  blocks: number | undefined;
};

/** Signs with noble, retrying for the HashToPoint block count, and writes the result in `format`. */
function signFalcon({ n, format, secretKey, message, deterministic, blocks }: SignFalconParameters): Uint8Array {
  // noble signs the compressed and padded forms; CT is the compressed signature transcoded.
  const falcon = implementation(n, format === "padded");
  for (let attempt = 0; ; attempt++) {
    // noble seeds its DRBG with a 48-byte extraEntropy; attempt 0's all-zero seed is its `extraEntropy: false`.
    const signature = falcon.sign(message, secretKey, deterministic ? { extraEntropy: numberToBytes(attempt, { size: 48 }) } : {});
    const done =
      blocks === undefined ||
      attempt + 1 === maxSigningAttempts ||
      hashToPointBlocks(concatBytes([signature.subarray(1, 1 + nonceLength), message]), n) === blocks;
    if (done) return format === "ct" ? transcodeFalconSignature({ signature, n, format }) : signature;
  }
}

const stubs = new Map<string, Hex>();

/**
 * A real, deterministic signature by a fixed throwaway key over the zero hash, in the signer's form: it parses,
 * runs HashToPoint, the transforms and the norm computation, then fails the norm bound under any other key (s1
 * comes out uniformly large). A throwaway key keeps the stub from being a valid signature by the account. Gas
 * estimation verifies the stub against the zero hash (see `toPQSmartAccount`), and for that hash its HashToPoint
 * reads as many SHAKE256 blocks as the signer's signatures at most do (but with negligible probability), so that
 * estimates do not fall short: the minimum with `minimizeHashToPoint`, else one more.
 */
function stubSignature(n: FalconDegree, format: FalconSignatureFormat, minimizeHashToPoint: boolean): Hex {
  const blocks = minHashToPointBlocks(n) + (minimizeHashToPoint ? 0 : 1);
  const id = `${n}-${format}-${blocks}`;
  let stub = stubs.get(id);
  if (stub === undefined) {
    const { secretKey } = implementation(n, false).keygen(new Uint8Array(falconSeedLength).fill(0x11));
    const message = new Uint8Array(32);
    stub = bytesToHex(signFalcon({ n, format, secretKey, message, deterministic: true, blocks }));
    stubs.set(id, stub);
  }
  return stub;
}
