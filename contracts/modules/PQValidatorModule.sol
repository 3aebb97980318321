// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {
    IERC7579Module,
    IERC7579Validator,
    MODULE_TYPE_VALIDATOR,
    VALIDATION_SUCCESS,
    VALIDATION_FAILED
} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {ERC7913SignerGuard} from "../accounts/ERC7913SignerGuard.sol";

/**
 * @dev ERC-7579 validator module (module type 1): a threshold of ERC-7913 signers (`verifier ‖ key`) per account,
 * the signer model of {PQAccount} for the modular accounts people already hold (OpenZeppelin's AccountERC7579,
 * and any ERC-7579 account that hands its validators the user operation and ERC-1271 requests).
 *
 * - A signer is checked by {ERC7913SignerGuard-signerKeyId} before it is stored (a verifier with code that answers a
 *   malformed call with failure, a canonical key), one signer per keypair per account, and only with a proof of
 *   possession: its signature of {possessionHash} (the account, the chain, this module, the account's nonce).
 * - The signature of a user operation or message is `abi.encode(bytes[] signers, bytes[] signatures)`, signers
 *   ordered by keccak256, exactly as for {PQAccount}.
 * - ERC-1271 ({isValidSignatureWithSender}) checks the signers' signature of {replaySafeHash}: the hash rebound to
 *   the account, the chain and this module, so one signature cannot be replayed on another account that shares
 *   the signers.
 *
 * Storage, and ERC-7562. Everything validation reads is associated with the account (ERC-7562's
 * `keccak(A ‖ x) + n`): the threshold is `_accounts[account]` and a signer's membership is
 * `_positions[keccak256(signer)][account]`, the account being the innermost mapping key. The list of an account's
 * signers (`_signerLists`) is read only by views and by changes, in the execution phase.
 *
 * Uninstall clears everything of the account's signers (list, memberships, keypair identities, threshold), so a
 * later install starts from nothing. The one word kept is the account's {possessionNonce}: it keeps counting, so a
 * proof of possession made for an earlier installation cannot be replayed into a later one.
 */
contract PQValidatorModule is IERC7579Validator, ERC7913SignerGuard, EIP712 {
    /// @dev EIP-712 type of a proof of possession, signed by the signer being added.
    bytes32 public constant SIGNER_POSSESSION_TYPEHASH =
        keccak256("SignerPossession(address account,bytes signer,uint256 nonce)");

    /// @dev EIP-712 type of an ERC-1271 request: a hash, bound to the account that is asked.
    bytes32 public constant ACCOUNT_MESSAGE_TYPEHASH = keccak256("AccountMessage(address account,bytes32 hash)");

    struct AccountConfig {
        /// @dev Number of signatures an operation needs; 0 while the module is not installed for the account.
        uint64 threshold;
        /// @dev Nonce of the next proofs of possession; never reset.
        uint64 possessionNonce;
    }

    mapping(address account => AccountConfig) private _accounts;
    /// @dev The account's signers, in insertion order (swap-and-pop on removal).
    mapping(address account => bytes[]) private _signerLists;
    /// @dev 1 + the signer's index in `_signerLists[account]`; 0 when it is not a signer of the account.
    mapping(bytes32 signerHash => mapping(address account => uint256)) private _positions;
    /// @dev The keypair identity ({ERC7913SignerGuard-signerKeyId}) recorded for a signer of the account.
    mapping(bytes32 signerHash => mapping(address account => bytes32)) private _keyIds;
    /// @dev Whether a keypair already stands behind one of the account's signers.
    mapping(bytes32 keyId => mapping(address account => bool)) private _claimedKeys;

    /// @dev `signer` became a signer of `account`.
    event PQValidatorSignerAdded(address indexed account, bytes signer);

    /// @dev `signer` is no longer a signer of `account`.
    event PQValidatorSignerRemoved(address indexed account, bytes signer);

    /// @dev `account` now needs `threshold` signatures.
    event PQValidatorThresholdSet(address indexed account, uint64 threshold);

    /// @dev {onInstall} for an account that already has signers here.
    error PQValidatorModuleAlreadyInitialized(address account);

    /// @dev A signer change from an account that has not installed the module.
    error PQValidatorModuleNotInitialized(address account);

    /// @dev A different number of proofs than signers.
    error PQValidatorModuleProofsMismatch(uint256 signers, uint256 proofs);

    /// @dev `signer`'s proof of possession is not its signature of {possessionHash}.
    error PQValidatorModuleInvalidPossessionProof(bytes signer);

    /// @dev `signer` is already a signer of the account.
    error PQValidatorModuleAlreadySigner(bytes signer);

    /// @dev A stored signer of the account already stands for this keypair.
    error PQValidatorModuleDuplicateKey(bytes signer, bytes32 keyId);

    /// @dev `signer` is not a signer of the account.
    error PQValidatorModuleNonexistentSigner(bytes signer);

    /// @dev The threshold is 0.
    error PQValidatorModuleZeroThreshold();

    /// @dev The threshold is above the number of signers.
    error PQValidatorModuleUnreachableThreshold(uint256 signers, uint64 threshold);

    constructor() EIP712("PQValidatorModule", "1") {}

    /**
     * @dev Installs the module for the calling account: `data` is `abi.encode(bytes[] signers, bytes[] proofs,
     * uint64 threshold)`, `proofs[i]` being `signers[i]`'s signature of `possessionHash(account, signers[i])`.
     * Reverts, storing nothing, if any signer or proof is refused or the threshold is unreachable.
     */
    function onInstall(bytes calldata data) external virtual override {
        address account = msg.sender;
        if (isInitialized(account)) revert PQValidatorModuleAlreadyInitialized(account);
        (bytes[] memory signers, bytes[] memory proofs, uint64 threshold_) = abi.decode(data, (bytes[], bytes[], uint64));
        _addSigners(account, signers, proofs);
        _setThreshold(account, threshold_);
    }

    /// @dev Removes every signer and the threshold of the calling account; `data` is ignored.
    function onUninstall(bytes calldata) external virtual override {
        address account = msg.sender;
        bytes[] storage list = _signerLists[account];
        for (uint256 i = list.length; i > 0; --i) {
            bytes memory signer = list[i - 1];
            _forgetSigner(account, keccak256(signer));
            list.pop();
            emit PQValidatorSignerRemoved(account, signer);
        }
        _accounts[account].threshold = 0;
        emit PQValidatorThresholdSet(account, 0);
    }

    /// @dev Whether this is a module of type `moduleTypeId`: a validator (1) only.
    function isModuleType(uint256 moduleTypeId) external pure virtual override returns (bool) {
        return moduleTypeId == MODULE_TYPE_VALIDATOR;
    }

    /// @dev Whether `account` has installed the module (it has signers and a threshold here).
    function isInitialized(address account) public view virtual returns (bool) {
        return _accounts[account].threshold != 0;
    }

    /**
     * @dev Adds `signers` to the calling account, each with `proofs[i]`, its signature of
     * `possessionHash(account, signers[i])`. Called by the account (e.g. from a user operation's execution).
     */
    function addSigners(bytes[] calldata signers, bytes[] calldata proofs) external virtual {
        _requireInitialized(msg.sender);
        _addSigners(msg.sender, signers, proofs);
    }

    /// @dev Removes `signers` from the calling account; its threshold must stay reachable.
    function removeSigners(bytes[] calldata signers) external virtual {
        address account = msg.sender;
        _requireInitialized(account);
        for (uint256 i = 0; i < signers.length; ++i) _removeSigner(account, signers[i]);
        _validateReachableThreshold(account, _accounts[account].threshold);
    }

    /// @dev Sets how many signatures the calling account needs.
    function setThreshold(uint64 threshold_) external virtual {
        _requireInitialized(msg.sender);
        _setThreshold(msg.sender, threshold_);
    }

    /**
     * @dev Validates a user operation of the calling account: 0 ({VALIDATION_SUCCESS}) if `userOp.signature` holds
     * valid signatures of `userOpHash` by at least the threshold of the account's signers, else 1.
     */
    function validateUserOp(
        PackedUserOperation calldata userOp,
        bytes32 userOpHash
    ) external view virtual override returns (uint256) {
        return _isValidSignature(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    /**
     * @dev ERC-1271 for the calling account: the magic value if `signature` holds the account's signers' signatures
     * of `replaySafeHash(account, hash)`, else `0xffffffff`. `sender` (who asked the account) is not used.
     */
    function isValidSignatureWithSender(
        address,
        bytes32 hash,
        bytes calldata signature
    ) external view virtual override returns (bytes4) {
        return
            _isValidSignature(msg.sender, replaySafeHash(msg.sender, hash), signature)
                ? IERC1271.isValidSignature.selector
                : bytes4(0xffffffff);
    }

    /// @dev The signers of `account`, in the order they are stored.
    function getSigners(address account) external view virtual returns (bytes[] memory) {
        return _signerLists[account];
    }

    /// @dev Whether `signer` is a signer of `account`.
    function isSigner(address account, bytes calldata signer) external view virtual returns (bool) {
        return _positions[keccak256(signer)][account] != 0;
    }

    /// @dev How many signatures an operation of `account` needs; 0 if the module is not installed for it.
    function threshold(address account) external view virtual returns (uint64) {
        return _accounts[account].threshold;
    }

    /// @dev The nonce that the next proofs of possession for `account` sign.
    function possessionNonce(address account) public view virtual returns (uint256) {
        return _accounts[account].possessionNonce;
    }

    /**
     * @dev What `signer` signs to prove possession before it is added to `account`: the EIP-712 hash of
     * `SignerPossession(account, signer, possessionNonce(account))` under this module's domain (name
     * "PQValidatorModule", version "1", the chain id, this module's address).
     */
    function possessionHash(address account, bytes calldata signer) public view virtual returns (bytes32) {
        return _possessionHash(account, signer);
    }

    /**
     * @dev What the signers of `account` sign for an ERC-1271 request about `hash`: the EIP-712 hash of
     * `AccountMessage(account, hash)` under this module's domain.
     */
    function replaySafeHash(address account, bytes32 hash) public view virtual returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(ACCOUNT_MESSAGE_TYPEHASH, account, hash)));
    }

    /**
     * @dev Checks every signer (the guard first, so no unchecked verifier is ever called) and its proof, then stores
     * them; the possession nonce advances once.
     */
    function _addSigners(address account, bytes[] memory signers, bytes[] memory proofs) internal virtual {
        if (signers.length != proofs.length) revert PQValidatorModuleProofsMismatch(signers.length, proofs.length);
        bytes32[] memory keyIds = new bytes32[](signers.length);
        for (uint256 i = 0; i < signers.length; ++i) {
            keyIds[i] = signerKeyId(signers[i]);
            if (!SignatureChecker.isValidSignatureNow(signers[i], _possessionHash(account, signers[i]), proofs[i])) {
                revert PQValidatorModuleInvalidPossessionProof(signers[i]);
            }
        }
        ++_accounts[account].possessionNonce;
        for (uint256 i = 0; i < signers.length; ++i) _addSigner(account, signers[i], keyIds[i]);
    }

    /// @dev Stores one checked signer, unless it or its keypair is already one of the account's.
    function _addSigner(address account, bytes memory signer, bytes32 keyId) internal virtual {
        bytes32 signerHash = keccak256(signer);
        if (_positions[signerHash][account] != 0) revert PQValidatorModuleAlreadySigner(signer);
        if (_claimedKeys[keyId][account]) revert PQValidatorModuleDuplicateKey(signer, keyId);
        _claimedKeys[keyId][account] = true;
        _keyIds[signerHash][account] = keyId;
        _signerLists[account].push(signer);
        _positions[signerHash][account] = _signerLists[account].length;
        emit PQValidatorSignerAdded(account, signer);
    }

    /// @dev Removes one signer: the last one of the list takes its place.
    function _removeSigner(address account, bytes memory signer) internal virtual {
        bytes32 signerHash = keccak256(signer);
        uint256 position = _positions[signerHash][account];
        if (position == 0) revert PQValidatorModuleNonexistentSigner(signer);
        bytes[] storage list = _signerLists[account];
        uint256 last = list.length;
        if (position != last) {
            bytes memory moved = list[last - 1];
            list[position - 1] = moved;
            _positions[keccak256(moved)][account] = position;
        }
        list.pop();
        _forgetSigner(account, signerHash);
        emit PQValidatorSignerRemoved(account, signer);
    }

    /// @dev Clears a signer's membership and keypair identity (not its list entry).
    function _forgetSigner(address account, bytes32 signerHash) private {
        delete _claimedKeys[_keyIds[signerHash][account]][account];
        delete _keyIds[signerHash][account];
        delete _positions[signerHash][account];
    }

    function _setThreshold(address account, uint64 threshold_) internal virtual {
        if (threshold_ == 0) revert PQValidatorModuleZeroThreshold();
        _validateReachableThreshold(account, threshold_);
        _accounts[account].threshold = threshold_;
        emit PQValidatorThresholdSet(account, threshold_);
    }

    function _validateReachableThreshold(address account, uint64 threshold_) internal view virtual {
        uint256 count = _signerLists[account].length;
        if (count < threshold_) revert PQValidatorModuleUnreachableThreshold(count, threshold_);
    }

    function _requireInitialized(address account) internal view virtual {
        if (!isInitialized(account)) revert PQValidatorModuleNotInitialized(account);
    }

    /**
     * @dev Whether `signature` (`abi.encode(bytes[] signers, bytes[] signatures)`) holds valid signatures of `hash`
     * by at least the threshold of `account`'s signers, each counted once. Reads only storage associated with
     * `account`: its threshold and each presented signer's membership.
     */
    function _isValidSignature(
        address account,
        bytes32 hash,
        bytes calldata signature
    ) internal view virtual returns (bool) {
        uint64 threshold_ = _accounts[account].threshold;
        if (threshold_ == 0) return false;
        (bool decoded, bytes[] calldata signers, bytes[] calldata signatures) = _tryDecodeMultiSignature(signature);
        if (!decoded || signers.length < threshold_) return false;
        for (uint256 i = 0; i < signers.length; ++i) {
            if (_positions[keccak256(signers[i])][account] == 0) return false;
        }
        // Rejects a signer counted twice, and a signer-signature count mismatch.
        return SignatureChecker.areValidSignaturesNow(hash, signers, signatures);
    }

    function _possessionHash(address account, bytes memory signer) internal view virtual returns (bytes32) {
        return
            _hashTypedDataV4(
                keccak256(
                    abi.encode(
                        SIGNER_POSSESSION_TYPEHASH,
                        account,
                        keccak256(signer),
                        _accounts[account].possessionNonce
                    )
                )
            );
    }

    /**
     * @dev Reads `abi.encode(bytes[], bytes[])` from calldata without copying, or returns false where the two
     * array heads (offset, length, offset table) do not fit inside `signature`. The elements themselves are
     * bounds-checked by Solidity when they are read, so a malformed element reverts rather than reading outside.
     */
    function _tryDecodeMultiSignature(
        bytes calldata signature
    ) private pure returns (bool success, bytes[] calldata signers, bytes[] calldata signatures) {
        assembly ("memory-safe") {
            signers.offset := 0
            signers.length := 0
            signatures.offset := 0
            signatures.length := 0
        }
        uint256 total = signature.length;
        if (total < 0x40) return (false, signers, signatures);
        uint256 signersHead = uint256(bytes32(signature[0x00:0x20]));
        uint256 signaturesHead = uint256(bytes32(signature[0x20:0x40]));
        if (signersHead > total - 0x20 || signaturesHead > total - 0x20) return (false, signers, signatures);
        uint256 signersLength = uint256(bytes32(signature[signersHead:signersHead + 0x20]));
        uint256 signaturesLength = uint256(bytes32(signature[signaturesHead:signaturesHead + 0x20]));
        // Lengths capped first, so that the offset tables' sizes (32 bytes per element) cannot overflow.
        if (signersLength > type(uint64).max || signaturesLength > type(uint64).max) return (false, signers, signatures);
        if (
            signersLength * 0x20 > total - signersHead - 0x20 || signaturesLength * 0x20 > total - signaturesHead - 0x20
        ) return (false, signers, signatures);
        assembly ("memory-safe") {
            signers.offset := add(signature.offset, add(signersHead, 0x20))
            signers.length := signersLength
            signatures.offset := add(signature.offset, add(signaturesHead, 0x20))
            signatures.length := signaturesLength
        }
        return (true, signers, signatures);
    }
}
