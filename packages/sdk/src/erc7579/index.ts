export { decodeErc7579Calls, encodeErc7579Calls, batchExecutionMode as erc7579BatchExecutionMode, singleExecutionMode as erc7579SingleExecutionMode, type Erc7579Call } from "./encodeErc7579Calls.js";
export { erc7579AccountAbi, validatorModuleType } from "./erc7579AccountAbi.js";
export { ModuleAlreadyInstalledError, ModuleNotDeployedError, UnsupportedErc7579CallsError } from "./errors.js";
export { deployPQValidatorModule, type DeployPQValidatorModuleErrorType, type DeployPQValidatorModuleParameters, type DeployPQValidatorModuleReturnType } from "./deployPQValidatorModule.js";
export {
  getInstallPQValidatorCall,
  type GetInstallPQValidatorCallErrorType,
  type GetInstallPQValidatorCallParameters,
  type GetInstallPQValidatorCallReturnType,
} from "./getInstallPQValidatorCall.js";
export {
  getPQValidatorSignerChangeCalls,
  type GetPQValidatorSignerChangeCallsErrorType,
  type GetPQValidatorSignerChangeCallsParameters,
  type GetPQValidatorSignerChangeCallsReturnType,
} from "./getPQValidatorSignerChangeCalls.js";
export { getModulePossessionHash, type GetModulePossessionHashParameters } from "./getModulePossessionHash.js";
export { getModuleReplaySafeHash, type GetModuleReplaySafeHashParameters } from "./getModuleReplaySafeHash.js";
export { getPQValidatorModuleAddress, type GetPQValidatorModuleAddressParameters } from "./getPQValidatorModuleAddress.js";
export { pqValidator, type PqValidatorErrorType, type PqValidatorParameters, type PqValidatorReturnType } from "./pqValidator.js";
export {
  toErc7579SmartAccount,
  type Erc7579SmartAccountImplementation,
  type Erc7579Validator,
  type ToErc7579SmartAccountErrorType,
  type ToErc7579SmartAccountParameters,
  type ToErc7579SmartAccountReturnType,
} from "./toErc7579SmartAccount.js";
