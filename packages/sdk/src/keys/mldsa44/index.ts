export {
  type ExpandMldsa44PublicKeyErrorType,
  type ExpandMldsa44PublicKeyParameters,
  type ExpandMldsa44PublicKeyReturnType,
  expandMldsa44PublicKey,
  verifyMldsa44ExpandedKey,
} from "./expandPublicKey.js";
export {
  expandedKeyLength as mldsa44ExpandedKeyLength,
  publicKeyLength as mldsa44PublicKeyLength,
  secretKeyLength as mldsa44SecretKeyLength,
  seedLength as mldsa44SeedLength,
  signatureLength as mldsa44SignatureLength,
} from "./params.js";
export {
  type ExpandMldsa44KeccakPublicKeyErrorType,
  expandMldsa44KeccakPublicKey,
  keccakExpansionHashes,
} from "./keccak.js";
export { keccakCtrReader, keccakCtrStream } from "../keccakCtr.js";
export {
  type Mldsa44KeccakKeyPair,
  type Mldsa44KeccakSignParameters,
  type VerifyMldsa44KeccakParameters,
  mldsa44KeccakKeygen,
  mldsa44KeccakPublicKey,
  mldsa44KeccakSign,
  verifyMldsa44Keccak,
} from "./keccakSign.js";
