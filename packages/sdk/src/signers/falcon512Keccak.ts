import { type Hex, bytesToHex, concatBytes, stringToBytes, zeroHash } from "viem";
import type { InvalidHexError } from "../errors/keys.js";
import type { InvalidHashError, InvalidPrivateKeyError } from "../errors/signer.js";
import { type ExpandFalconPublicKeyReturnType, expandFalconPublicKey } from "../keys/falcon/expandPublicKey.js";
import { falconSeededRandom, signFalconKeccak } from "../keys/falcon/keccak.js";
import { decodeFalconSecretKey } from "../keys/falcon/secretKey.js";
import { falconKeyPair, falconSeedLength } from "./falconKeyPair.js";
import { hashBytes } from "./hashBytes.js";
import type { PQ4337Signer } from "./types.js";

export type Falcon512KeccakSignerParameters = {
  /** A 48-byte Falcon key-generation seed (`generateFalconSeed`). Defaults to a fresh random seed when no `secretKey` is given either. */
  seed?: Hex | Uint8Array | undefined;
  /** A Falcon-512 secret key (1,281 bytes, round-3 encoding), instead of a seed: ETHFALCON's keys are Falcon-512 keys. */
  secretKey?: Hex | Uint8Array | undefined;
  /**
   * Sign deterministically, for reproducible tests and benchmarks: the salt and the sampler's randomness are a
   * SHAKE256 stream of the secret key and the hash, so a hash always gets the same signature (and signing one hash
   * twice reveals nothing new). Defaults to `false`: a fresh 48-byte seed per signature, as the reference signer.
   */
  deterministic?: boolean | undefined;
};

export type Falcon512KeccakSignerReturnType = PQ4337Signer & {
  scheme: "falcon512keccak";
  /** The seed the key was generated from, or `undefined` when the signer was built from a secret key. */
  seed: Hex | undefined;
  /** The Falcon-512 secret key. */
  secretKey: Hex;
  /** The expanded public key: deploy `expandedKey.bytes` with `deployCodeChunks` before the key is used. */
  expandedKey: ExpandFalconPublicKeyReturnType;
};

export type Falcon512KeccakSignerErrorType = InvalidPrivateKeyError | InvalidHashError | InvalidHexError;

/** Domain separation of the deterministic signing stream. */
const deterministicDomain = stringToBytes("pq4337 ETHFALCON deterministic signing");

/**
 * A signer for ETHFALCON, ZKNox's keccak variant of Falcon-512 (NOT FIPS 206, not NIST-approved), for
 * `Falcon512KeccakVerifier`: Falcon-512 keys, HashToPoint over keccak-CTR instead of SHAKE256, and 1,064-byte
 * signatures `salt ‖ s2` in ETHFALCON's compact form. Use `falcon512Signer` for the standard. Its `key` is the
 * 52-byte commitment ‖ chunk address of the expanded key (`expandFalconPublicKey`, as for Falcon-512). Signing is
 * the SDK's own Falcon sampler (`sampleFalconPreimage`), written for clarity and not constant-time; noble's Falcon
 * cannot sign with another HashToPoint.
 *
 * @example
 * const signer = falcon512KeccakSigner({ seed: generateFalconSeed() })
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const account = await toPQSmartAccount({ client, signer })
 */
export function falcon512KeccakSigner(parameters: Falcon512KeccakSignerParameters = {}): Falcon512KeccakSignerReturnType {
  const scheme = "falcon512keccak";
  const { deterministic = false } = parameters;
  const { seed, secretKey, publicKey } = falconKeyPair({ scheme, n: 512, seed: parameters.seed, secretKey: parameters.secretKey });
  // Signing needs the whole basis: reject now a key whose G does not complete (noble derives pk from f and g only).
  decodeFalconSecretKey(secretKey, scheme);
  const expandedKey = expandFalconPublicKey(publicKey);

  const sign = (message: Uint8Array): Hex => {
    const random = deterministic ? falconSeededRandom(concatBytes([deterministicDomain, secretKey, message])) : undefined;
    return bytesToHex(signFalconKeccak({ secretKey, message, random }));
  };
  return {
    scheme,
    seed: seed && bytesToHex(seed),
    secretKey: bytesToHex(secretKey),
    publicKey: expandedKey.publicKey,
    key: expandedKey.key,
    expandedKey,
    sign: async ({ hash }) => sign(hashBytes(hash)),
    getStubSignature: async () => (stub ??= await stubSignature()),
  };
}

let stub: Hex | undefined;

/**
 * A real signature of the zero hash by a fixed throwaway key, signed deterministically: it decodes, runs HashToPoint
 * and the transforms, and fails the norm bound under any other key. The verifier's cost barely depends on the
 * signature (HashToPoint's keccak block count moves it by a few hundred gas, within `toPQSmartAccount`'s validation
 * margin).
 */
function stubSignature(): Promise<Hex> {
  const throwaway = falcon512KeccakSigner({ seed: new Uint8Array(falconSeedLength).fill(0x11), deterministic: true });
  return throwaway.sign({ hash: zeroHash });
}
