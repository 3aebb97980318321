export {
  type DecodeExpandedKeyErrorType,
  type DecodePublicKeyErrorType,
  type DecodePublicKeyReturnType,
  type DecodeSignatureErrorType,
  type DecodeSignatureReturnType,
  type ExpandedKeyParts,
  type SimpleBitPackErrorType,
  type SimpleBitUnpackErrorType,
  decodeExpandedKey,
  decodePublicKey,
  decodeSignature,
  encodeExpandedKey,
  hintBitUnpack,
  simpleBitPack,
  simpleBitUnpack,
  w1Encode,
} from "../mldsa/encoding.js";
export { type ExpandAErrorType, expandA, rejNttPoly } from "../mldsa/expandA.js";
export {
  type ExpandPublicKeyErrorType,
  type ExpandPublicKeyParameters,
  type ExpandPublicKeyReturnType,
  type VerifyExpandedKeyErrorType,
  type VerifyExpandedKeyParameters,
  type VerifyExpandedKeyReturnType,
  expandPublicKey,
  verifyExpandedKey,
} from "./expandPublicKey.js";
export {
  type InverseNttErrorType,
  type MultiplyNttErrorType,
  type NttErrorType,
  type Polynomial,
  inverseNtt,
  multiplyNtt,
  ntt,
  zetas,
} from "../mldsa/ntt.js";
export {
  expandedKeyLength as mldsa65ExpandedKeyLength,
  publicKeyLength as mldsa65PublicKeyLength,
  secretKeyLength as mldsa65SecretKeyLength,
  seedLength as mldsa65SeedLength,
  signatureLength as mldsa65SignatureLength,
} from "./params.js";
export {
  type VerifyWithExpandedKeyErrorType,
  type VerifyWithExpandedKeyParameters,
  type VerifyWithExpandedKeyReturnType,
  verifyWithExpandedKey,
} from "./verify.js";
export type { ToBytesErrorType } from "../toBytes.js";
