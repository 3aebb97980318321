export { toPQSmartAccount, type ToPQSmartAccountParameters, type ToPQSmartAccountReturnType, type ToPQSmartAccountErrorType, type PQSmartAccountImplementation } from "./accounts/toPQSmartAccount.js";
export { getPQAccountAddress, type GetPQAccountAddressParameters } from "./accounts/getPQAccountAddress.js";
export { encodeMultiSignature, type EncodeMultiSignatureParameters } from "./accounts/encodeMultiSignature.js";
export { getErc7913Signer, type GetErc7913SignerErrorType, type GetErc7913SignerParameters, type GetErc7913SignerReturnType } from "./accounts/getErc7913Signer.js";
export { assertKnownVerifier, type AssertKnownVerifierErrorType, type AssertKnownVerifierParameters } from "./accounts/assertKnownVerifier.js";
export { decodeMultiSignature, type DecodeMultiSignatureReturnType } from "./accounts/decodeMultiSignature.js";
export { getSignerPossessionHash, type GetSignerPossessionHashParameters } from "./accounts/getSignerPossessionHash.js";
export {
  getSignerChangeCalls,
  type GetSignerChangeCallsErrorType,
  type GetSignerChangeCallsParameters,
  type GetSignerChangeCallsReturnType,
  type SignerChangeCall,
} from "./actions/getSignerChangeCalls.js";
export {
  type GetKeyPreparationCallsParameters,
  type GetKeyPreparationCallsReturnType,
  getKeyPreparationCalls,
} from "./actions/getKeyPreparationCalls.js";
export { sendUserOperation, type SendUserOperationErrorType, type SendUserOperationParameters } from "./actions/sendUserOperation.js";
export { deployAccount, type DeployAccountErrorType, type DeployAccountParameters, type DeployAccountReturnType } from "./actions/deployAccount.js";
export { checkErc7562, type CheckErc7562ErrorType, type CheckErc7562Parameters, type CheckErc7562ReturnType } from "./actions/checkErc7562.js";
export {
  type Erc7562Phase,
  type Erc7562RuleId,
  type Erc7562Verdict,
  type Erc7562Violation,
  erc7562Rules,
  maxUserOperationSize,
  maxVerificationGas,
} from "./erc7562/rules.js";
export { Erc7562TracerUnsupportedError } from "./errors/erc7562.js";
export { assertExpandedKeyDeployed, type AssertExpandedKeyDeployedParameters, type AssertExpandedKeyDeployedErrorType } from "./actions/assertExpandedKeyDeployed.js";
export { assertChain, type AssertChainErrorType } from "./utils/assertChain.js";
export { ClientChainMissingError } from "./errors/client.js";
export { create2DeployerAddress, defaultNonceKey, deploymentSalt, entryPointAddress } from "./constants.js";
export { deployDeterministic, getDeterministicAddress, matchesDeployedBytecode, type DeployDeterministicParameters, type DeployDeterministicReturnType, type DeployDeterministicErrorType, type GetDeterministicAddressParameters } from "./deploy/deployDeterministic.js";
export { checkCreate2Deployer, create2DeployerGasLimit, create2DeployerGasPrice, create2DeployerRuntimeCode, create2DeployerSigner, create2DeployerTransaction, deployCreate2Deployer, type DeployCreate2DeployerErrorType, type DeployCreate2DeployerParameters, type DeployCreate2DeployerReturnType } from "./deploy/deployCreate2Deployer.js";
export { getPQ4337Addresses, keyAttestorContractNames, verifierContractNames, type PQ4337Addresses } from "./deploy/getPQ4337Addresses.js";
export { deployPQ4337, entryPointSalt, getPQ4337Contracts, planPQ4337Deployment, type GetPQ4337ContractsParameters, type DeployPQ4337ErrorType, type DeployPQ4337Parameters, type DeployPQ4337ReturnType, type DeterministicContract, type PQ4337Deployment, type PQ4337DeploymentStep, type PlanPQ4337DeploymentErrorType, type PlanPQ4337DeploymentParameters, type PlanPQ4337DeploymentReturnType } from "./deploy/deployPQ4337.js";
export { DuplicateSignerError, InvalidThresholdError, MissingVerifierError, UnknownVerifierError, UnsupportedCallsError } from "./errors/account.js";
export { PQ4337Error, type PQ4337ErrorParameters } from "./errors/base.js";
export { Create2DeployerMissingError, Create2DeployerUnavailableError, DeploymentFailedError, InsufficientDeployerFundsError, UnexpectedCodeError } from "./errors/deploy.js";
export { InvalidContextError, InvalidHashError, InvalidPrivateKeyError } from "./errors/signer.js";
export {
  AccountCreationFailedError,
  AccountValidationRevertedError,
  EndpointUnreachableError,
  InsufficientBalanceError,
  InsufficientFundsError,
  InvalidNonceError,
  SignatureValidationFailedError,
  UserOperationRejectedError,
  UserOperationRevertedError,
  VerificationGasTooHighError,
  parseUserOperationError,
} from "./errors/userOperation.js";
export { type DecodeRevertReturnType, decodeRevert } from "./errors/decodeRevert.js";
export { StateOverrideUnsupportedError, VerificationGasEstimationFailedError } from "./errors/estimate.js";
export * from "./generated/contracts.js";
export { ecdsaSigner, type EcdsaSignerParameters, type EcdsaSignerReturnType, type EcdsaSignerErrorType } from "./signers/ecdsa.js";
export {
  ed25519Signer,
  verifyEd25519,
  type Ed25519SignerErrorType,
  type Ed25519SignerParameters,
  type Ed25519SignerReturnType,
} from "./signers/ed25519.js";
export {
  verifyWebAuthn,
  webauthnSigner,
  type VerifyWebAuthnParameters,
  type WebAuthnSignerErrorType,
  type WebAuthnSignerParameters,
  type WebAuthnSignerReturnType,
} from "./signers/webauthn.js";
export type { ExpandedKey, PQ4337Signer, SchemeName } from "./signers/types.js";
export {
  hybridSigner,
  multiSigner,
  type MultiSigner,
  type MultiSignerErrorType,
  type MultiSignerParameters,
  type MultiSignerReturnType,
} from "./signers/multiSigner.js";
export {
  measureVerifyGas,
  type MeasureVerifyGasErrorType,
  type MeasureVerifyGasParameters,
  type MeasureVerifyGasReturnType,
} from "./actions/measureVerifyGas.js";
export {
  measureVerifyMessageGas,
  type MeasureVerifyMessageGasErrorType,
  type MeasureVerifyMessageGasParameters,
  type MeasureVerifyMessageGasReturnType,
} from "./actions/measureVerifyMessageGas.js";
export { schemes, type Scheme } from "./schemes.js";
export {
  type ExpandPublicKeyErrorType,
  type ExpandPublicKeyParameters,
  type ExpandPublicKeyReturnType,
  type VerifyExpandedKeyErrorType,
  type VerifyExpandedKeyParameters,
  type VerifyExpandedKeyReturnType,
  expandPublicKey,
  verifyExpandedKey,
} from "./keys/mldsa65/expandPublicKey.js";
export {
  mldsa65ExpandedKeyLength,
  mldsa65PublicKeyLength,
  mldsa65SecretKeyLength,
  mldsa65SeedLength,
  mldsa65SignatureLength,
  verifyWithExpandedKey,
  type VerifyWithExpandedKeyErrorType,
  type VerifyWithExpandedKeyParameters,
} from "./keys/mldsa65/index.js";
export { getKeyAttestationRecord, keyAttestationRecordCreationCode, type GetKeyAttestationRecordParameters } from "./keys/keyAttestation.js";
export { codeChunkMaxSize, codeChunksCommitment, deployCodeChunks, toCodeChunks, type CodeChunk, type DeployCodeChunksParameters, type DeployCodeChunksReturnType, type DeployCodeChunksErrorType, type ToCodeChunksParameters, type ToCodeChunksReturnType, type ToCodeChunksErrorType } from "./keys/codeStore.js";
export * from "./errors/keys.js";
export * from "./errors/keyFile.js";
export {
  createPlaintextKeyFile,
  decryptKeyFile,
  defaultScryptParameters,
  encryptKeyFile,
  generateKeyFileSecret,
  keyFileSchemes,
  parseKeyFile,
  type DecryptKeyFileErrorType,
  type DecryptKeyFileParameters,
  type DecryptKeyFileReturnType,
  type EncryptKeyFileErrorType,
  type EncryptKeyFileParameters,
  type EncryptedSecret,
  type KeyFile,
  type PlaintextSecret,
} from "./keys/keyFile.js";
export * from "./signers/mldsa65.js";
export * from "./signers/mldsa44.js";
export * from "./signers/mldsa44Keccak.js";
export * from "./signers/mldsa87.js";
export {
  type ExpandMldsa44PublicKeyErrorType,
  type ExpandMldsa44PublicKeyParameters,
  type ExpandMldsa44PublicKeyReturnType,
  expandMldsa44PublicKey,
  verifyMldsa44ExpandedKey,
  mldsa44ExpandedKeyLength,
  mldsa44PublicKeyLength,
  mldsa44SecretKeyLength,
  mldsa44SeedLength,
  mldsa44SignatureLength,
} from "./keys/mldsa44/index.js";
export {
  type ExpandMldsa87PublicKeyErrorType,
  type ExpandMldsa87PublicKeyParameters,
  type ExpandMldsa87PublicKeyReturnType,
  expandMldsa87PublicKey,
  verifyMldsa87ExpandedKey,
  mldsa87ExpandedKeyLength,
  mldsa87PublicKeyLength,
  mldsa87SecretKeyLength,
  mldsa87SeedLength,
  mldsa87SignatureLength,
} from "./keys/mldsa87/index.js";
export { deployExpandedKey, type DeployExpandedKeyParameters, type DeployExpandedKeyReturnType } from "./actions/deployExpandedKey.js";
export { attestExpandedKey, type AttestExpandedKeyErrorType, type AttestExpandedKeyParameters, type AttestExpandedKeyReturnType } from "./actions/attestExpandedKey.js";
export {
  type ExpandFalconPublicKeyErrorType,
  type ExpandFalconPublicKeyParameters,
  type ExpandFalconPublicKeyReturnType,
  type FalconSignatureFormat,
  type TranscodeFalconSignatureErrorType,
  type TranscodeFalconSignatureParameters,
  type TranscodeFalconSignatureReturnType,
  type VerifyFalconExpandedKeyErrorType,
  type VerifyFalconExpandedKeyParameters,
  type VerifyFalconExpandedKeyReturnType,
  type VerifyFalconWithExpandedKeyErrorType,
  type VerifyFalconWithExpandedKeyParameters,
  type VerifyFalconWithExpandedKeyReturnType,
  expandFalconPublicKey,
  transcodeFalconSignature,
  verifyFalconExpandedKey,
  verifyFalconWithExpandedKey,
} from "./keys/falcon/index.js";
export * from "./errors/falcon.js";
export * from "./signers/falcon.js";
export * from "./signers/falcon512Keccak.js";
export { ExistingPrecompileAddressError, InvalidPrecompileAddressError } from "./errors/precompiles.js";
export { existingPrecompileAddresses, isExistingPrecompileAddress, maxPrecompileAddress, precompileNames, type PrecompileAddresses, type PrecompileName } from "./precompiles/types.js";
export { verifierConstructorArguments, type VerifierConstructorArgumentsErrorType, type VerifierConstructorArgumentsParameters, type VerifierConstructorArgumentsReturnType } from "./precompiles/verifierConstructorArguments.js";
export { verifierInitCode, type VerifierInitCodeErrorType, type VerifierInitCodeParameters, type VerifierInitCodeReturnType } from "./precompiles/verifierInitCode.js";
export * from "./erc7579/index.js";
export { safeAbi, safe4337ModuleAbi } from "./safe/abi.js";
export type { SafeSignature, SafeTransaction } from "./safe/types.js";
export { getSafeOwnerAddress, type GetSafeOwnerAddressErrorType, type GetSafeOwnerAddressParameters, type GetSafeOwnerAddressReturnType } from "./safe/getSafeOwnerAddress.js";
export { deploySafeOwner, type DeploySafeOwnerErrorType, type DeploySafeOwnerParameters, type DeploySafeOwnerReturnType } from "./safe/deploySafeOwner.js";
export { getSafeVersion, supportedSafeVersions, type GetSafeVersionErrorType, type GetSafeVersionParameters, type GetSafeVersionReturnType } from "./safe/getSafeVersion.js";
export { getAddSafeOwnerTransaction, type GetAddSafeOwnerTransactionErrorType, type GetAddSafeOwnerTransactionParameters } from "./safe/getAddSafeOwnerTransaction.js";
export { getSafeTransactionHash, safeTransactionTypes, type GetSafeTransactionHashParameters } from "./safe/getSafeTransactionHash.js";
export { signSafeHash, type SignSafeHashErrorType, type SignSafeHashParameters } from "./safe/signSafeHash.js";
export { encodeSafeSignatures, type EncodeSafeSignaturesErrorType, type EncodeSafeSignaturesParameters } from "./safe/encodeSafeSignatures.js";
export { executeSafeTransaction, type ExecuteSafeTransactionParameters } from "./safe/executeSafeTransaction.js";
export {
  prepareSafeUserOperation,
  type PrepareSafeUserOperationErrorType,
  type PrepareSafeUserOperationParameters,
  type PrepareSafeUserOperationReturnType,
} from "./safe/prepareSafeUserOperation.js";
export {
  sendSafeUserOperation,
  type SendSafeUserOperationErrorType,
  type SendSafeUserOperationParameters,
  type SendSafeUserOperationReturnType,
} from "./safe/sendSafeUserOperation.js";
export { encodeSafeOperationSignature, getSafeOperationData, getSafeOperationHash, safeOperationTypes, type EncodeSafeOperationSignatureParameters, type GetSafeOperationHashParameters } from "./safe/getSafeOperationHash.js";
export { DuplicateSafeOwnerSignatureError, InvalidSafeSignatureError, SafeOwnerSignerRefusedError, UnsupportedSafeVersionError } from "./errors/safe.js";
