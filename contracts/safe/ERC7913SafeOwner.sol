// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/**
 * @dev A Safe owner that is one ERC-7913 signer (`verifier ‖ key`): an ERC-1271 signer whose signatures are its
 * verifier's. A Safe takes it as an owner like any contract owner (a contract signature, v = 0) and asks it through
 * ERC-1271 whether a signature is the signer's; that is the only thing it does. It executes nothing, holds no
 * storage, has no admin and cannot be changed: each instance is an ERC-1167 clone of one implementation, deployed
 * by {ERC7913SafeOwnerFactory}, whose signer is the clone's immutable arguments (appended to its code).
 *
 * Safe asks both ways: Safe 1.5.0 calls `isValidSignature(bytes32,bytes)` (ERC-1271) with the hash it checks,
 * Safe 1.4.1 (and the Safe 4337 module 0.3.0 built on it) the legacy `isValidSignature(bytes,bytes)` with the
 * hash's preimage; both verify the same hash.
 *
 * The hash is verified as it is, not wrapped: every hash a Safe asks its owners about is already an EIP-712 hash
 * under the Safe's own domain (its chain id and address): a Safe transaction's hash also holds the Safe's nonce,
 * a message's (CompatibilityFallbackHandler) is a `SafeMessage` of that domain, and the Safe 4337 module's
 * operation hash is a `SafeOp` of the module's domain with the Safe's address as a field. So a signature made for
 * one Safe, on one chain, is refused by every other Safe and chain without anything added here, and keys keep
 * signing the hash that Safe's own tools show. One instance may serve any number of Safes.
 */
contract ERC7913SafeOwner is IERC1271 {
    /// @dev The value the legacy `isValidSignature(bytes,bytes)` returns for a valid signature (Safe's `EIP1271_MAGIC_VALUE`).
    bytes4 internal constant LEGACY_MAGIC_VALUE = 0x20c13b0b;

    /// @dev The implementation itself, which has no signer and accepts nothing.
    address private immutable _implementation = address(this);

    /// @dev Called on the implementation, which has no signer.
    error ERC7913SafeOwnerNoSigner();

    /// @dev The ERC-7913 signer (`verifier ‖ key`) whose signatures this owner accepts.
    function signer() public view virtual returns (bytes memory) {
        if (address(this) == _implementation) revert ERC7913SafeOwnerNoSigner();
        return Clones.fetchCloneArgs(address(this));
    }

    /**
     * @dev ERC-1271: `0x1626ba7e` if `signature` is the signer's signature of `hash` (its verifier says so), else
     * `0xffffffff`. Safe 1.5.0 asks this way.
     */
    function isValidSignature(bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        return _isValidSignature(hash, signature) ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    /**
     * @dev The legacy ERC-1271 of Safe 1.4.1 and earlier: `0x20c13b0b` if `signature` is the signer's signature of
     * `keccak256(data)`, else `0xffffffff`. Safe 1.4.1 passes the preimage of the hash its owners sign (for a
     * transaction, `0x1901 ‖ domainSeparator ‖ safeTxStructHash`).
     */
    function isValidSignature(bytes calldata data, bytes calldata signature) public view virtual returns (bytes4) {
        return _isValidSignature(keccak256(data), signature) ? LEGACY_MAGIC_VALUE : bytes4(0xffffffff);
    }

    /// @dev Whether the signer's verifier accepts `signature` of `hash`; never for the implementation itself.
    function _isValidSignature(bytes32 hash, bytes calldata signature) internal view virtual returns (bool) {
        if (address(this) == _implementation) return false;
        return SignatureChecker.isValidSignatureNow(Clones.fetchCloneArgs(address(this)), hash, signature);
    }
}
