import { ctr, gcm } from "@noble/ciphers/aes.js";
import { equalBytes } from "@noble/ciphers/utils.js";
import { pbkdf2Async } from "@noble/hashes/pbkdf2.js";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { randomBytes } from "@noble/hashes/utils.js";
import { type Hex, bytesToHex, concatBytes, hexToBytes, isHex, stringToBytes } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { PQ4337Error } from "../errors/base.js";
import { InvalidKeyFileError, KeyFileDecryptionError } from "../errors/keyFile.js";
import { ecdsaSigner } from "../signers/ecdsa.js";
import { ed25519Signer } from "../signers/ed25519.js";
import { falcon1024Signer, falcon512Signer, generateFalconSeed } from "../signers/falcon.js";
import { falcon512KeccakSigner } from "../signers/falcon512Keccak.js";
import { generateMldsa44Seed, mldsa44Signer } from "../signers/mldsa44.js";
import { generateMldsa65Seed, mldsa65Signer } from "../signers/mldsa65.js";
import { generateMldsa87Seed, mldsa87Signer } from "../signers/mldsa87.js";
import { mldsa44KeccakSigner } from "../signers/mldsa44Keccak.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { webauthnSigner } from "../signers/webauthn.js";

/**
 * How each scheme's key is kept: the smallest secret the key derives from. ECDSA and passkeys (P-256): the 32-byte
 * private key; Ed25519: the 32-byte RFC 8032 secret key;
 * ML-DSA: the 32-byte FIPS 204 seed ξ; Falcon and ETHFALCON: noble's 48-byte key-generation seed.
 */
const secretSigners: Record<SchemeName, { generate: () => Hex; signer: (secret: Hex) => PQ4337Signer }> = {
  ecdsa: { generate: generatePrivateKey, signer: (privateKey) => ecdsaSigner({ privateKey }) },
  webauthn: { generate: () => webauthnSigner().privateKey, signer: (privateKey) => webauthnSigner({ privateKey }) },
  ed25519: { generate: () => ed25519Signer().privateKey, signer: (privateKey) => ed25519Signer({ privateKey }) },
  mldsa44: { generate: generateMldsa44Seed, signer: (seed) => mldsa44Signer({ seed }) },
  mldsa65: { generate: generateMldsa65Seed, signer: (seed) => mldsa65Signer({ seed }) },
  mldsa87: { generate: generateMldsa87Seed, signer: (seed) => mldsa87Signer({ seed }) },
  falcon512: { generate: generateFalconSeed, signer: (seed) => falcon512Signer({ seed }) },
  falcon1024: { generate: generateFalconSeed, signer: (seed) => falcon1024Signer({ seed }) },
  mldsa44keccak: { generate: generateMldsa44Seed, signer: (seed) => mldsa44KeccakSigner({ seed }) },
  falcon512keccak: { generate: generateFalconSeed, signer: (seed) => falcon512KeccakSigner({ seed }) },
};

/** The schemes a key file can hold. */
export const keyFileSchemes = Object.keys(secretSigners) as SchemeName[];

/**
 * scrypt's cost as geth's standard keystores set it (N = 2¹⁸, r = 8, p = 1): about 2 s and 256 MiB to derive
 * the key once, which is what a passphrase guess costs an attacker too.
 */
export const defaultScryptParameters = { n: 2 ** 18, r: 8, p: 1 } as const;

/** The most memory a key file may make scrypt use (128·N·r bytes): 1 GiB. */
const maxScryptMemory = 2 ** 30;

/**
 * pq4337's key file: the signer's secret encrypted with AES-256-GCM under a key derived from a passphrase with
 * scrypt, beside the scheme and public key in clear (so the account's address is known without the passphrase).
 * Both are bound to the ciphertext as GCM's additional data. A plaintext file holds the secret as it is.
 */
export type KeyFile = {
  version: 1;
  kind: "pq4337-key";
  scheme: SchemeName;
  /** The scheme's public key encoding, as `PQ4337Signer.publicKey`. */
  publicKey: Hex;
  crypto: EncryptedSecret | PlaintextSecret;
};

export type EncryptedSecret = {
  kdf: "scrypt";
  kdfparams: { n: number; r: number; p: number; dklen: 32; salt: Hex };
  cipher: "aes-256-gcm";
  cipherparams: { iv: Hex };
  /** The encrypted secret followed by GCM's 16-byte tag. */
  ciphertext: Hex;
};

export type PlaintextSecret = {
  cipher: "none";
  /** Anyone who reads the file controls the key. */
  plaintextSecret: Hex;
};

export type EncryptKeyFileParameters = {
  scheme: SchemeName;
  /** The secret to keep; see {@link generateKeyFileSecret}. */
  secret: Hex;
  passphrase: string;
  /** scrypt's cost. Defaults to {@link defaultScryptParameters}; lower only for tests. */
  scrypt?: { n: number; r: number; p: number } | undefined;
};

export type EncryptKeyFileErrorType = InvalidKeyFileError;

/**
 * A new key file holding `secret`, encrypted under `passphrase`. Serialise it with `JSON.stringify`.
 *
 * @example
 * const keyFile = await encryptKeyFile({ scheme: "falcon512", secret: generateKeyFileSecret("falcon512"), passphrase })
 * writeFileSync("falcon.key", JSON.stringify(keyFile, null, 2), { mode: 0o600 })
 */
export async function encryptKeyFile(parameters: EncryptKeyFileParameters): Promise<KeyFile> {
  const { scheme, secret, passphrase, scrypt = defaultScryptParameters } = parameters;
  const { publicKey } = signerFromSecret(scheme, secret);
  const salt = randomBytes(32);
  const iv = randomBytes(12);
  const key = await scryptAsync(passphraseBytes(passphrase), salt, { N: scrypt.n, r: scrypt.r, p: scrypt.p, dkLen: 32 });
  const ciphertext = gcm(key, iv, additionalData(scheme, publicKey)).encrypt(hexToBytes(secret));
  return {
    version: 1,
    kind: "pq4337-key",
    scheme,
    publicKey,
    crypto: {
      kdf: "scrypt",
      kdfparams: { n: scrypt.n, r: scrypt.r, p: scrypt.p, dklen: 32, salt: bytesToHex(salt) },
      cipher: "aes-256-gcm",
      cipherparams: { iv: bytesToHex(iv) },
      ciphertext: bytesToHex(ciphertext),
    },
  };
}

/**
 * A key file holding `secret` unencrypted: whoever reads the file controls the key. For throwaway test keys.
 *
 * @example
 * const keyFile = createPlaintextKeyFile({ scheme: "ecdsa", secret: generateKeyFileSecret("ecdsa") })
 */
export function createPlaintextKeyFile({ scheme, secret }: { scheme: SchemeName; secret: Hex }): KeyFile {
  const { publicKey } = signerFromSecret(scheme, secret);
  return { version: 1, kind: "pq4337-key", scheme, publicKey, crypto: { cipher: "none", plaintextSecret: secret } };
}

/**
 * A fresh random secret for a scheme, in the form a key file keeps (see {@link KeyFile}).
 *
 * @example
 * const secret = generateKeyFileSecret("mldsa65")
 */
export function generateKeyFileSecret(scheme: SchemeName): Hex {
  return secretSigners[scheme].generate();
}

export type DecryptKeyFileParameters = {
  /** A pq4337 key file or a standard Ethereum V3 keystore (an ECDSA key), as JSON text or parsed. */
  keyFile: string | unknown;
  /** Not needed for a plaintext key file. */
  passphrase?: string | undefined;
};

export type DecryptKeyFileReturnType = {
  scheme: SchemeName;
  secret: Hex;
  /** A signer for the key. */
  signer: PQ4337Signer;
};

export type DecryptKeyFileErrorType = InvalidKeyFileError | KeyFileDecryptionError;

/**
 * Opens a pq4337 key file ({@link encryptKeyFile}) or a standard Ethereum V3 keystore (scrypt or PBKDF2,
 * AES-128-CTR, as geth, ethers and MetaMask write them) and returns the key's signer. A wrong passphrase, or a
 * file altered after it was written, throws {@link KeyFileDecryptionError}.
 *
 * @example
 * const { signer } = await decryptKeyFile({ keyFile: readFileSync("falcon.key", "utf8"), passphrase })
 * const account = await toPQSmartAccount({ client, signer })
 */
export async function decryptKeyFile({ keyFile, passphrase }: DecryptKeyFileParameters): Promise<DecryptKeyFileReturnType> {
  const json = typeof keyFile === "string" ? parseJson(keyFile) : keyFile;
  if (isRecord(json) && json.version === 3) {
    const secret = await decryptEthereumKeystore(json, requirePassphrase(passphrase));
    return { scheme: "ecdsa", secret, signer: signerFromSecret("ecdsa", secret) };
  }
  const file = parseKeyFile(json);
  const secret =
    file.crypto.cipher === "none" ? file.crypto.plaintextSecret : await decryptSecret(file, file.crypto, requirePassphrase(passphrase));
  const signer = signerFromSecret(file.scheme, secret);
  if (signer.publicKey.toLowerCase() !== file.publicKey.toLowerCase())
    throw new InvalidKeyFileError({ reason: "its public key is not the secret's" });
  return { scheme: file.scheme, secret, signer };
}

/**
 * Checks a pq4337 key file's shape and returns it typed, without decrypting: its scheme and public key are
 * readable without the passphrase.
 *
 * @example
 * const { scheme, publicKey } = parseKeyFile(readFileSync("falcon.key", "utf8"))
 */
export function parseKeyFile(keyFile: string | unknown): KeyFile {
  const json = typeof keyFile === "string" ? parseJson(keyFile) : keyFile;
  if (!isRecord(json)) throw new InvalidKeyFileError({ reason: "expected a JSON object" });
  if (json.kind !== "pq4337-key" || json.version !== 1)
    throw new InvalidKeyFileError({ reason: 'expected "kind": "pq4337-key" and "version": 1 (or an Ethereum V3 keystore)' });
  if (typeof json.scheme !== "string" || !keyFileSchemes.includes(json.scheme as SchemeName))
    throw new InvalidKeyFileError({ reason: `unknown scheme ${JSON.stringify(json.scheme)}; expected one of ${keyFileSchemes.join(", ")}` });
  hexField(json, "publicKey");
  const crypto = json.crypto;
  if (!isRecord(crypto)) throw new InvalidKeyFileError({ reason: '"crypto" is missing' });
  if (crypto.cipher === "none") {
    hexField(crypto, "plaintextSecret");
  } else if (crypto.cipher === "aes-256-gcm") {
    const kdfparams = crypto.kdfparams;
    if (crypto.kdf !== "scrypt" || !isRecord(kdfparams)) throw new InvalidKeyFileError({ reason: 'expected "kdf": "scrypt" with "kdfparams"' });
    checkScryptParameters(kdfparams);
    if (kdfparams.dklen !== 32) throw new InvalidKeyFileError({ reason: "kdfparams.dklen must be 32" });
    hexField(kdfparams, "salt");
    if (!isRecord(crypto.cipherparams) || hexField(crypto.cipherparams, "iv").length !== 12)
      throw new InvalidKeyFileError({ reason: "cipherparams.iv must be 12 bytes" });
    if (hexField(crypto, "ciphertext").length <= 16) throw new InvalidKeyFileError({ reason: "ciphertext is too short" });
  } else {
    throw new InvalidKeyFileError({ reason: `unsupported cipher ${JSON.stringify(crypto.cipher)}` });
  }
  return json as KeyFile;
}

async function decryptSecret(file: KeyFile, crypto: EncryptedSecret, passphrase: string): Promise<Hex> {
  const { n, r, p, salt } = crypto.kdfparams;
  const key = await scryptAsync(passphraseBytes(passphrase), hexToBytes(salt), { N: n, r, p, dkLen: 32, maxmem: maxScryptMemory + 1024 });
  try {
    return bytesToHex(gcm(key, hexToBytes(crypto.cipherparams.iv), additionalData(file.scheme, file.publicKey)).decrypt(hexToBytes(crypto.ciphertext)));
  } catch {
    throw new KeyFileDecryptionError();
  }
}

/** The Web3 Secret Storage Definition (version 3): derive, check the MAC, then AES-128-CTR. */
async function decryptEthereumKeystore(json: Record<string, unknown>, passphrase: string): Promise<Hex> {
  const crypto = json.crypto ?? json.Crypto;
  if (!isRecord(crypto) || !isRecord(crypto.kdfparams) || !isRecord(crypto.cipherparams))
    throw new InvalidKeyFileError({ reason: "a V3 keystore needs crypto.kdfparams and crypto.cipherparams" });
  if (crypto.cipher !== "aes-128-ctr") throw new InvalidKeyFileError({ reason: `unsupported cipher ${JSON.stringify(crypto.cipher)}` });
  const { kdfparams } = crypto;
  const salt = hexField(kdfparams, "salt", { bare: true });
  const dklen = kdfparams.dklen;
  if (dklen !== 32) throw new InvalidKeyFileError({ reason: "kdfparams.dklen must be 32" });
  let key: Uint8Array;
  if (crypto.kdf === "scrypt") {
    checkScryptParameters(kdfparams);
    const { n, r, p } = kdfparams as { n: number; r: number; p: number };
    key = await scryptAsync(passphraseBytes(passphrase), salt, { N: n, r, p, dkLen: 32, maxmem: maxScryptMemory + 1024 });
  } else if (crypto.kdf === "pbkdf2") {
    if (kdfparams.prf !== "hmac-sha256" || !Number.isSafeInteger(kdfparams.c) || (kdfparams.c as number) < 1)
      throw new InvalidKeyFileError({ reason: 'pbkdf2 needs "prf": "hmac-sha256" and an iteration count "c"' });
    key = await pbkdf2Async(sha256, passphraseBytes(passphrase), salt, { c: kdfparams.c as number, dkLen: 32 });
  } else {
    throw new InvalidKeyFileError({ reason: `unsupported kdf ${JSON.stringify(crypto.kdf)}` });
  }
  const ciphertext = hexField(crypto, "ciphertext", { bare: true });
  const mac = keccak_256(concatBytes([key.subarray(16, 32), ciphertext]));
  if (!equalBytes(mac, hexField(crypto, "mac", { bare: true }))) throw new KeyFileDecryptionError();
  const iv = hexField(crypto.cipherparams, "iv", { bare: true });
  if (iv.length !== 16) throw new InvalidKeyFileError({ reason: "cipherparams.iv must be 16 bytes" });
  return bytesToHex(ctr(key.subarray(0, 16), iv).decrypt(ciphertext));
}

function signerFromSecret(scheme: SchemeName, secret: Hex): PQ4337Signer {
  try {
    return secretSigners[scheme].signer(secret);
  } catch (error) {
    if (error instanceof PQ4337Error) throw new InvalidKeyFileError({ reason: `its ${scheme} secret is malformed (${error.shortMessage})`, cause: error });
    throw error;
  }
}

/** The public fields, bound to the ciphertext so that neither can be swapped. */
function additionalData(scheme: SchemeName, publicKey: Hex): Uint8Array {
  return stringToBytes(`pq4337-key/1/${scheme}/${publicKey.toLowerCase()}`);
}

/** As Ethereum keystores (ethers, geth) take a passphrase: its UTF-8 bytes after NFKC normalisation. */
function passphraseBytes(passphrase: string): Uint8Array {
  return stringToBytes(passphrase.normalize("NFKC"));
}

function requirePassphrase(passphrase: string | undefined): string {
  if (passphrase === undefined) throw new InvalidKeyFileError({ reason: "it is encrypted and no passphrase was given" });
  return passphrase;
}

function checkScryptParameters(kdfparams: Record<string, unknown>): void {
  const { n, r, p } = kdfparams;
  const valid = [n, r, p].every((value) => Number.isSafeInteger(value) && (value as number) >= 1);
  if (!valid || ((n as number) & ((n as number) - 1)) !== 0 || (n as number) < 2)
    throw new InvalidKeyFileError({ reason: "scrypt needs n (a power of two), r and p as positive integers" });
  if (128 * (n as number) * (r as number) > maxScryptMemory || (r as number) * (p as number) >= 2 ** 30)
    throw new InvalidKeyFileError({ reason: "its scrypt parameters would need more than 1 GiB of memory" });
}

/** A non-empty hex field's bytes. Ethereum keystores mostly write hex without `0x` (`bare`); pq4337 key files with it. */
function hexField(record: Record<string, unknown>, name: string, { bare = false } = {}): Uint8Array {
  const value = record[name];
  const hex = bare && typeof value === "string" ? `0x${value.replace(/^0x/, "")}` : value;
  if (typeof hex !== "string" || !isHex(hex, { strict: true }) || hex.length % 2 !== 0 || hex.length === 2)
    throw new InvalidKeyFileError({ reason: `"${name}" must be non-empty ${bare ? "hex" : "0x-prefixed hex"}` });
  return hexToBytes(hex);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidKeyFileError({ reason: "it is not JSON", cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
