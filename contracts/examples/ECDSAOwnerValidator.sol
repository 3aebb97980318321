// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {
    IERC7579Validator,
    MODULE_TYPE_VALIDATOR,
    VALIDATION_SUCCESS,
    VALIDATION_FAILED
} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/**
 * @dev The classical validator a modular account typically starts with: one ECDSA owner per account, which signs
 * user operation hashes directly. pq4337's tests and examples create {ERC7579ExampleAccount}s with it, then install
 * {PQValidatorModule} beside it, as a wallet user would. Its ERC-1271 answer is for the account's own use (no
 * rebinding), which is enough for an example and no more.
 */
contract ECDSAOwnerValidator is IERC7579Validator {
    mapping(address account => address) public ownerOf;

    /// @dev Installs `abi.encode(address owner)` for the calling account.
    function onInstall(bytes calldata data) external {
        ownerOf[msg.sender] = abi.decode(data, (address));
    }

    /// @dev Forgets the calling account's owner.
    function onUninstall(bytes calldata) external {
        delete ownerOf[msg.sender];
    }

    /// @dev A validator (1) only.
    function isModuleType(uint256 moduleTypeId) external pure returns (bool) {
        return moduleTypeId == MODULE_TYPE_VALIDATOR;
    }

    /// @dev 0 if `userOp.signature` is the owner's signature of `userOpHash`, else 1.
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external view returns (uint256) {
        return _isOwnerSignature(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    /// @dev The ERC-1271 magic value if `signature` is the owner's signature of `hash`.
    function isValidSignatureWithSender(address, bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _isOwnerSignature(msg.sender, hash, signature) ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    function _isOwnerSignature(address account, bytes32 hash, bytes calldata signature) private view returns (bool) {
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecoverCalldata(hash, signature);
        address owner = ownerOf[account];
        return error == ECDSA.RecoverError.NoError && owner != address(0) && recovered == owner;
    }
}
