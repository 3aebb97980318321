import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type Hex, bytesToHex, hexToBytes } from "viem";
import { shake256 } from "@noble/hashes/sha3.js";
import { falcon512, falcon512padded, falcon1024, falcon1024padded } from "@noble/post-quantum/falcon.js";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import {
  ecdsaVerifierBytecode,
  ecdsaVerifierDeployedBytecode,
  ed25519VerifierBytecode,
  ed25519VerifierDeployedBytecode,
  falcon1024VerifierBytecode,
  falcon1024VerifierDeployedBytecode,
  falcon512KeccakVerifierBytecode,
  falcon512KeccakVerifierDeployedBytecode,
  falcon512VerifierBytecode,
  falcon512VerifierDeployedBytecode,
  mldsa44KeccakVerifierBytecode,
  mldsa44KeccakVerifierDeployedBytecode,
  mldsa44VerifierBytecode,
  mldsa44VerifierDeployedBytecode,
  mldsa65VerifierBytecode,
  webAuthnVerifierBytecode,
  webAuthnVerifierDeployedBytecode,
  mldsa65VerifierDeployedBytecode,
  mldsa87VerifierBytecode,
  mldsa87VerifierDeployedBytecode,
} from "./generated/contracts.js";
import { verifierContractNames } from "./deploy/getPQ4337Addresses.js";
import { InvalidFalconSignatureError } from "./errors/falcon.js";
import { InvalidPublicKeyLengthError } from "./errors/keys.js";
import { expandFalconPublicKey } from "./keys/falcon/expandPublicKey.js";
import { verifyFalconKeccakWithExpandedKey } from "./keys/falcon/keccak.js";
import { type FalconDegree, falconParameters } from "./keys/falcon/params.js";
import { transcodeFalconSignature } from "./keys/falcon/transcodeSignature.js";
import { expandPublicKey } from "./keys/mldsa65/expandPublicKey.js";
import { expandMldsa44PublicKey } from "./keys/mldsa44/expandPublicKey.js";
import { expandMldsa44KeccakPublicKey } from "./keys/mldsa44/keccak.js";
import { verifyMldsa44Keccak } from "./keys/mldsa44/keccakSign.js";
import { expandMldsa87PublicKey } from "./keys/mldsa87/expandPublicKey.js";
import { toBytes } from "./keys/toBytes.js";
import { ecdsaSigner } from "./signers/ecdsa.js";
import { ed25519Signer, verifyEd25519 } from "./signers/ed25519.js";
import { falcon1024Signer, falcon512Signer, falconSeedLength } from "./signers/falcon.js";
import { mldsa44Signer } from "./signers/mldsa44.js";
import { mldsa44KeccakSigner } from "./signers/mldsa44Keccak.js";
import { falcon512KeccakSigner } from "./signers/falcon512Keccak.js";
import { mldsa65Signer } from "./signers/mldsa65.js";
import { mldsa87Signer } from "./signers/mldsa87.js";
import { verifyWebAuthn, webauthnSigner } from "./signers/webauthn.js";
import type { PrecompileName } from "./precompiles/types.js";
import type { PQ4337Signer, SchemeName } from "./signers/types.js";

/** What every tool (CLI, gas suite, tests) needs to know about a signature scheme. */
export type Scheme = {
  name: SchemeName;
  /** Human name, e.g. "ML-DSA-65 (FIPS 204)". */
  label: string;
  /** `fips` for the standard scheme, or the name of a clearly labelled non-standard variant. */
  variant: string;
  /** Claimed classical security in bits, by the convention NIST category 1/3/5 → 128/192/256. */
  securityBits: number;
  /** NIST PQC security category (ML-DSA-44 is 2, counted as 128 bits), or `undefined` for a classical scheme. */
  nistCategory: 1 | 2 | 3 | 5 | undefined;
  /** The verifier contract's name, e.g. "MLDSA65Verifier". */
  verifierName: string;
  /** Creation code of the scheme's ERC-7913 verifier, deployed at a deterministic address by `deployPQ4337`. */
  verifierBytecode: Hex;
  /** The verifier's runtime code, which `deployPQ4337` checks the code at its address against. */
  verifierDeployedBytecode: Hex;
  /**
   * The precompiles the verifier's constructor takes, in order: it asks them first where the chain has them (see
   * `verifierInitCode`); empty for a verifier that uses none.
   */
  verifierPrecompiles: readonly PrecompileName[];
  /** A signer from a 32-byte seed that signs deterministically, so runs can be reproduced. */
  createSigner: (seed: Hex) => PQ4337Signer;
  /**
   * The ERC-7913 key for a public key in the scheme's own encoding, and the expanded key that must be in
   * contract code (see `deployCodeChunks`) for the verifier to read; `undefined` when the key is self-contained.
   */
  toErc7913Key: (publicKey: Hex) => { key: Hex; expandedKey: Hex | undefined };
  /** Off-chain verification of a signature of a 32-byte hash, as the on-chain verifier defines it. */
  verify: (publicKey: Hex, hash: Hex, signature: Hex) => boolean;
  /**
   * Whether the verifier also verifies messages of any length, through `verifyMessage(key, message, signature)`,
   * or with a context as well (`context: true`), through `verifyMessage(key, message, context, signature)` (see
   * `measureVerifyMessageGas`).
   */
  verifiesMessages?: { context: boolean } | undefined;
};

/** The ECDSA verifier's key forms: an address, a compressed or an uncompressed SEC1 point. */
const ecdsaKeyLengths: readonly number[] = [20, 33, 65];

/**
 * The registry of supported schemes. Deployment, the CLI's `verify`, the gas suite and the end-to-end tests
 * iterate over it, so a new verifier joins all of them by being added here.
 */
export const schemes: Record<string, Scheme> = {
  ecdsa: {
    name: "ecdsa",
    label: "ECDSA secp256k1",
    variant: "fips",
    securityBits: 128,
    nistCategory: undefined,
    verifierName: verifierContractNames.ecdsa,
    verifierBytecode: ecdsaVerifierBytecode,
    verifierDeployedBytecode: ecdsaVerifierDeployedBytecode,
    verifierPrecompiles: [],
    createSigner: (seed) => ecdsaSigner({ privateKey: seed }),
    // The verifier takes the public key itself: a 20-byte address or a 33/65-byte SEC1 point.
    toErc7913Key: (publicKey) => {
      const { length } = toBytes(publicKey, "publicKey");
      if (!ecdsaKeyLengths.includes(length)) throw new InvalidPublicKeyLengthError({ scheme: "ECDSA", expected: ecdsaKeyLengths, length });
      return { key: publicKey, expandedKey: undefined };
    },
    verify: (publicKey, hash, signature) => {
      const bytes = hexToBytes(signature);
      // Low-s only, like the verifier; the recovery byte is not needed with the public key at hand.
      return bytes.length === 65 && secp256k1.verify(bytes.subarray(0, 64), hexToBytes(hash), hexToBytes(publicKey), { prehash: false, lowS: true, format: "compact" });
    },
  },
  webauthn: {
    name: "webauthn",
    label: "WebAuthn P-256 (passkey)",
    variant: "fips",
    securityBits: 128,
    nistCategory: undefined,
    // OpenZeppelin's verifier with bounded gas: the P-256 precompile (EIP-7951) where the chain has one.
    verifierName: verifierContractNames.webauthn,
    verifierBytecode: webAuthnVerifierBytecode,
    verifierDeployedBytecode: webAuthnVerifierDeployedBytecode,
    verifierPrecompiles: [],
    createSigner: (seed) => webauthnSigner({ privateKey: seed }),
    // The verifier takes the point as x ‖ y.
    toErc7913Key: (publicKey) => ({ key: `0x${publicKey.slice(4)}`, expandedKey: undefined }),
    verify: (publicKey, hash, signature) => verifyWebAuthn({ publicKey, hash, signature }),
  },
  ed25519: {
    name: "ed25519",
    label: "Ed25519 (RFC 8032)",
    variant: "fips",
    // Classical (~2^128 work for the discrete logarithm, the level of NIST category 1), so no PQC category,
    // like ECDSA: the category field is for post-quantum schemes.
    securityBits: 128,
    nistCategory: undefined,
    verifierName: verifierContractNames.ed25519,
    verifierBytecode: ed25519VerifierBytecode,
    verifierDeployedBytecode: ed25519VerifierDeployedBytecode,
    verifierPrecompiles: [],
    createSigner: (seed) => ed25519Signer({ privateKey: seed }),
    // The verifier takes the 32-byte RFC 8032 public key itself.
    toErc7913Key: (publicKey) => {
      const { length } = toBytes(publicKey, "publicKey");
      if (length !== 32) throw new InvalidPublicKeyLengthError({ scheme: "Ed25519", expected: [32], length });
      return { key: publicKey, expandedKey: undefined };
    },
    verify: (publicKey, hash, signature) => verifyEd25519({ publicKey, hash, signature }),
    verifiesMessages: { context: false },
  },
  mldsa44: {
    name: "mldsa44",
    label: "ML-DSA-44 (FIPS 204)",
    variant: "fips",
    securityBits: 128,
    nistCategory: 2,
    verifierName: verifierContractNames.mldsa44,
    verifierBytecode: mldsa44VerifierBytecode,
    verifierDeployedBytecode: mldsa44VerifierDeployedBytecode,
    verifierPrecompiles: ["VERIFY_MLDSA44"],
    createSigner: (seed) => mldsa44Signer({ seed, deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandMldsa44PublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    // Pure ML-DSA with an empty context, the framing the verifier applies to ERC-7913's hash.
    verify: (publicKey, hash, signature) => ml_dsa44.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(publicKey)),
    verifiesMessages: { context: true },
  },
  mldsa65: {
    name: "mldsa65",
    label: "ML-DSA-65 (FIPS 204)",
    variant: "fips",
    securityBits: 192,
    nistCategory: 3,
    verifierName: verifierContractNames.mldsa65,
    verifierBytecode: mldsa65VerifierBytecode,
    verifierDeployedBytecode: mldsa65VerifierDeployedBytecode,
    verifierPrecompiles: ["VERIFY_MLDSA65"],
    createSigner: (seed) => mldsa65Signer({ seed, deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandPublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    // Pure ML-DSA with an empty context, the framing the verifier applies to ERC-7913's hash.
    verify: (publicKey, hash, signature) => ml_dsa65.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(publicKey)),
    verifiesMessages: { context: true },
  },
  mldsa87: {
    name: "mldsa87",
    label: "ML-DSA-87 (FIPS 204)",
    variant: "fips",
    securityBits: 256,
    nistCategory: 5,
    verifierName: verifierContractNames.mldsa87,
    verifierBytecode: mldsa87VerifierBytecode,
    verifierDeployedBytecode: mldsa87VerifierDeployedBytecode,
    verifierPrecompiles: ["VERIFY_MLDSA87"],
    createSigner: (seed) => mldsa87Signer({ seed, deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandMldsa87PublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    // Pure ML-DSA with an empty context, the framing the verifier applies to ERC-7913's hash.
    verify: (publicKey, hash, signature) => ml_dsa87.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(publicKey)),
    verifiesMessages: { context: true },
  },
  falcon512: falconScheme({
    name: "falcon512",
    label: "Falcon-512 (round 3, SHAKE256)",
    securityBits: 128,
    nistCategory: 1,
    verifierName: verifierContractNames.falcon512,
    verifierBytecode: falcon512VerifierBytecode,
    verifierDeployedBytecode: falcon512VerifierDeployedBytecode,
    verifierPrecompiles: ["FALCON_HASH_TO_POINT_SHAKE256", "FALCON_CORE"],
    n: 512,
    createSigner: falcon512Signer,
    noble: { compressed: falcon512, padded: falcon512padded },
  }),
  falcon1024: falconScheme({
    name: "falcon1024",
    label: "Falcon-1024 (round 3, SHAKE256)",
    securityBits: 256,
    nistCategory: 5,
    verifierName: verifierContractNames.falcon1024,
    verifierBytecode: falcon1024VerifierBytecode,
    verifierDeployedBytecode: falcon1024VerifierDeployedBytecode,
    verifierPrecompiles: [],
    n: 1024,
    createSigner: falcon1024Signer,
    noble: { compressed: falcon1024, padded: falcon1024padded },
  }),
  mldsa44keccak: {
    name: "mldsa44keccak",
    label: "ML-DSA-44 keccak variant (ETHDILITHIUM; not FIPS 204)",
    // ZKNox's ETHDILITHIUM: ML-DSA-44 with keccak-CTR in place of SHAKE. Not NIST-approved: no NIST category.
    variant: "keccak",
    securityBits: 128,
    nistCategory: undefined,
    verifierName: verifierContractNames.mldsa44keccak,
    verifierBytecode: mldsa44KeccakVerifierBytecode,
    verifierDeployedBytecode: mldsa44KeccakVerifierDeployedBytecode,
    verifierPrecompiles: [],
    createSigner: (seed) => mldsa44KeccakSigner({ seed, deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandMldsa44KeccakPublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    verify: (publicKey, hash, signature) => verifyMldsa44Keccak({ publicKey, message: hash, signature }),
    verifiesMessages: { context: true },
  },
  falcon512keccak: {
    name: "falcon512keccak",
    label: "Falcon-512 keccak variant (ETHFALCON; not FIPS 206)",
    // ZKNox's ETHFALCON: Falcon-512 with a keccak-CTR HashToPoint. Not NIST-approved: no NIST category.
    variant: "keccak",
    securityBits: 128,
    nistCategory: undefined,
    verifierName: verifierContractNames.falcon512keccak,
    verifierBytecode: falcon512KeccakVerifierBytecode,
    verifierDeployedBytecode: falcon512KeccakVerifierDeployedBytecode,
    verifierPrecompiles: [],
    createSigner: (seed) => falcon512KeccakSigner({ seed: falconSeed(seed), deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandFalconPublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    verify: (publicKey, hash, signature) =>
      verifyFalconKeccakWithExpandedKey(expandFalconPublicKey(publicKey).bytes, hash, signature),
    verifiesMessages: { context: false },
  },
};

type FalconVerify = { verify: (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean };

/** Both Falcon degrees differ only in their parameters, signer and noble verifiers. */
function falconScheme(
  parameters: Pick<Scheme, "name" | "label" | "securityBits" | "nistCategory" | "verifierName" | "verifierBytecode" | "verifierDeployedBytecode" | "verifierPrecompiles"> & {
  n: FalconDegree;
  createSigner: (parameters: { seed: Hex; deterministic: boolean }) => PQ4337Signer;
  noble: { compressed: FalconVerify; padded: FalconVerify };
}): Scheme {
  const { n, createSigner, noble, ...rest } = parameters;
  const { paddedSignatureLength } = falconParameters(n);
  return {
    ...rest,
    variant: "fips",
    createSigner: (seed) => createSigner({ seed: falconSeed(seed), deterministic: true }),
    toErc7913Key: (publicKey) => {
      const expanded = expandFalconPublicKey(publicKey);
      return { key: expanded.key, expandedKey: expanded.bytes };
    },
    // The on-chain verifiers accept the compressed, padded and CT forms. noble has one verifier per compressed
    // form, told apart by length, and none for CT (header 0x50 + logn): a CT signature is checked in the
    // compressed form, which every CT signature within the norm bound fits, so nothing valid is lost.
    verify: (publicKey, hash, signature) => {
      let bytes = hexToBytes(signature);
      if ((bytes[0] & 0xf0) === 0x50) {
        try {
          bytes = transcodeFalconSignature({ signature: bytes, n, format: "compressed" });
        } catch (error) {
          if (error instanceof InvalidFalconSignatureError) return false;
          throw error;
        }
      }
      const nobleVerifier = bytes.length === paddedSignatureLength ? noble.padded : noble.compressed;
      return nobleVerifier.verify(bytes, hexToBytes(hash), hexToBytes(publicKey));
    },
  };
}

/** noble's Falcon key generation takes 48 bytes: the registry's 32-byte seed stretched with SHAKE256. */
function falconSeed(seed: Hex): Hex {
  return bytesToHex(shake256(hexToBytes(seed), { dkLen: falconSeedLength }));
}
