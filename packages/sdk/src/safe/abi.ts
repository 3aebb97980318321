// The parts of Safe 1.4.1 / 1.5.0 and of the Safe 4337 module 0.3.0 that the SDK calls, in viem's human-readable
// form: each function's parameters stand once, as in Safe's Solidity.
import { parseAbi } from "viem";

export const safeAbi = parseAbi([
  "function VERSION() view returns (string)",
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function nonce() view returns (uint256)",
  "function isOwner(address owner) view returns (bool)",
  "function domainSeparator() view returns (bytes32)",
  "function addOwnerWithThreshold(address owner, uint256 _threshold)",
  "function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)",
  "function checkSignatures(bytes32 dataHash, bytes data, bytes signatures) view",
  "event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)",
  "event ExecutionFailure(bytes32 indexed txHash, uint256 payment)",
]);

/** The Safe 4337 module 0.3.0 (EntryPoint v0.7): the Safe's fallback handler and an enabled module. */
export const safe4337ModuleAbi = parseAbi([
  "function SUPPORTED_ENTRYPOINT() view returns (address)",
  "function executeUserOp(address to, uint256 value, bytes data, uint8 operation)",
]);
