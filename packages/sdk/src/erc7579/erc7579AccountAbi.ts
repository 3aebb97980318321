import { parseAbi } from "viem";

/** The ERC-7579 account functions the SDK calls: execution and module configuration (ERC-7579 §Account). */
export const erc7579AccountAbi = parseAbi([
  "function execute(bytes32 mode, bytes executionCalldata) payable",
  "function installModule(uint256 moduleTypeId, address module, bytes initData)",
  "function uninstallModule(uint256 moduleTypeId, address module, bytes deInitData)",
  "function isModuleInstalled(uint256 moduleTypeId, address module, bytes additionalContext) view returns (bool)",
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);

/** ERC-7579 module type of a validator. */
export const validatorModuleType = 1n;
