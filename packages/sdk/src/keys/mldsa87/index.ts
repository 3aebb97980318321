export {
  type ExpandMldsa87PublicKeyErrorType,
  type ExpandMldsa87PublicKeyParameters,
  type ExpandMldsa87PublicKeyReturnType,
  expandMldsa87PublicKey,
  verifyMldsa87ExpandedKey,
} from "./expandPublicKey.js";
export {
  expandedKeyLength as mldsa87ExpandedKeyLength,
  publicKeyLength as mldsa87PublicKeyLength,
  secretKeyLength as mldsa87SecretKeyLength,
  seedLength as mldsa87SeedLength,
  signatureLength as mldsa87SignatureLength,
} from "./params.js";
