// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ERC7739} from "@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol";
import {SignerERC7913} from "@openzeppelin/contracts/utils/cryptography/signers/SignerERC7913.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";

/**
 * @dev ERC-4337 account (EntryPoint v0.8) whose key is an ERC-7913 signer: `verifier ‖ key`. Any ERC-7913
 * verifier plugs in: {ECDSAVerifier} today, the post-quantum verifiers through the same interface, with
 * their large keys kept in immutable code and referenced by a short key (pointer and commitment).
 *
 * It combines OpenZeppelin's {Account}, {SignerERC7913}, {ERC7821} batched execution, {ERC7739}
 * typed-data protection for ERC-1271, and the ERC-721/ERC-1155 holders. What it adds: instances are
 * ERC-1167 clones initialised once by {PQAccountFactory}, and the account can rotate its own signer.
 */
contract PQAccount is Account, SignerERC7913, ERC7739, ERC7821, ERC721Holder, ERC1155Holder, Initializable {
    /// @dev The factory allowed to initialise instances of this implementation.
    address public immutable factory;

    /// @dev Emitted when the account's ERC-7913 signer is set, at initialisation or by rotation.
    event SignerChanged(bytes signer);

    /// @dev `initialize` was called by someone other than {factory}.
    error PQAccountUnauthorizedInitializer(address caller);

    /// @dev The signer is not `verifier ‖ key` with a 20-byte verifier address and a non-empty key.
    error PQAccountInvalidSigner(bytes signer);

    constructor(address factory_) EIP712("PQAccount", "1") SignerERC7913("") {
        factory = factory_;
        _disableInitializers();
    }

    /// @dev Sets the first signer of a fresh clone. Callable once, by {factory} only.
    function initialize(bytes calldata signer_) external initializer {
        if (msg.sender != factory) revert PQAccountUnauthorizedInitializer(msg.sender);
        _changeSigner(signer_);
    }

    /// @dev Rotates the account's signer. Callable by the account itself (e.g. from a user operation).
    function setSigner(bytes calldata signer_) external onlyEntryPointOrSelf {
        _changeSigner(signer_);
    }

    /// @dev The canonical EntryPoint v0.8 (OpenZeppelin 5.7 defaults to v0.9).
    function entryPoint() public view virtual override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    function _changeSigner(bytes calldata signer_) internal virtual {
        if (signer_.length <= 20) revert PQAccountInvalidSigner(signer_);
        _setSigner(signer_);
        emit SignerChanged(signer_);
    }

    /// @dev The EntryPoint may execute batches on the account's behalf, besides the account itself.
    function _erc7821AuthorizedExecutor(
        address caller,
        bytes32 mode,
        bytes calldata executionData
    ) internal view virtual override returns (bool) {
        return caller == address(entryPoint()) || super._erc7821AuthorizedExecutor(caller, mode, executionData);
    }
}
