// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {Ed25519} from "../utils/Ed25519.sol";
import {Ed25519BaseTable} from "../utils/Ed25519BaseTable.sol";

/**
 * @dev ERC-7913 signature verifier for Ed25519 (RFC 8032, pure Ed25519 without context or prehash).
 *
 * The key is the 32-byte RFC 8032 public key A; the signature is the 64-byte R ‖ S; the signed message is the
 * 32-byte `hash` itself (Ed25519 hashes it again with SHA-512 internally). The checks are {Ed25519-verify}'s:
 * S < L, canonical A and R, A not of small order, and the cofactored equation [8][S]B = [8]R + [8][k]A (see the
 * library for why): the verdicts of noble-curves' `ed25519.verify` with `zip215: false`.
 *
 * The constructor deploys the tables of the signed odd multiples of B and [2^128]B ({Ed25519BaseTable}) that the
 * verification reads; its address is immutable.
 *
 * @custom:stateless
 */
contract Ed25519Verifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev The {Ed25519BaseTable} this verifier reads.
    address public immutable baseTable;

    constructor() {
        baseTable = address(new Ed25519BaseTable());
    }

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        if (
            key.length == 32 &&
            signature.length == 64 &&
            Ed25519.verify(
                baseTable,
                bytes32(key),
                bytes32(signature[0:32]),
                bytes32(signature[32:64]),
                abi.encodePacked(hash)
            )
        ) {
            return IERC7913SignatureVerifier.verify.selector;
        }
        return 0xFFFFFFFF;
    }

    /**
     * @dev Verifies an Ed25519 signature over a `message` of any length (a Solana transaction, an SSH challenge,
     * an attestation) with the same checks as {verify}, which is this function for a 32-byte message. Returns
     * false, never reverts, on malformed input.
     */
    function verifyMessage(bytes calldata key, bytes calldata message, bytes calldata signature) public view virtual returns (bool) {
        return
            key.length == 32 &&
            signature.length == 64 &&
            Ed25519.verify(baseTable, bytes32(key), bytes32(signature[0:32]), bytes32(signature[32:64]), message);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev A public key has one canonical encoding, the 32 bytes themselves, which are its identity. A key of
    /// small order is refused too, as {verify} refuses it: anyone can make signatures that satisfy its equation. So
    /// is a key with a torsion component, A + T for T of order 2, 4 or 8 ({Ed25519-isTorsionFree}): RFC 8032 keys
    /// never have one, and the cofactored equation accepts A's signatures for each A + T, so one secret would fill
    /// eight places of a threshold. keyId then costs about 116,700 gas, nearly all of it that check; {verify} never pays it.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (key.length != 32) revert ERC7913NonCanonicalKey(key);
        (bool ok, uint256 x, uint256 y) = Ed25519.decompress(bytes32(key));
        if (!ok || Ed25519.isSmallOrder(y) || !Ed25519.isTorsionFree(x, y)) revert ERC7913NonCanonicalKey(key);
        return bytes32(key);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
