// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65} from "../utils/MLDSA65.sol";
import {MLDSAVerifier} from "./MLDSAVerifier.sol";

/**
 * @dev ERC-7913 signature verifier for ML-DSA-65 (FIPS 204), pure mode with an empty context: the signed message M is
 * the 32-byte `hash`, framed as M' = 0 ‖ 0 ‖ M. The signature is the 3,309-byte FIPS 204 encoding c̃ ‖ z ‖ h.
 *
 * The key (72 bytes) is `keccak256(E ‖ pk) ‖ address(chunk 0) ‖ address(chunk 1)`, where E is the expanded public key
 * (Â, t̂1, tr; 36,928 bytes, see {MLDSA65}) and pk the standard 1,952-byte public key, stored in the code of two
 * contracts; deployed with the chain's EIP-8355 VERIFY_MLDSA65 address, it asks that precompile first (see
 * {MLDSAVerifier}).
 *
 * Encodings: a signature has one encoding. A public key has one canonical expanded key (coefficients below q), but
 * {verify} does not spend the gas to require it (every call would pay ~12k); {keyId} does, and names the key by Â ‖ t̂1
 * and pk, so that the same key stored at other addresses, or with another tr (which the holder of the secret key can
 * sign for), has one identity.
 *
 * @custom:stateless
 */
contract MLDSA65Verifier is MLDSAVerifier {
    /// @param precompile_ The chain's EIP-8355 VERIFY_MLDSA65 address, or zero for none.
    constructor(address precompile_) MLDSAVerifier(precompile_) {}

    function _sizes() internal pure virtual override returns (uint256, uint256, uint256, uint256) {
        return (72, MLDSA65.EXPANDED_KEY_LENGTH, MLDSA65.PUBLIC_KEY_LENGTH, MLDSA65.SIGNATURE_LENGTH);
    }

    function _verifyWithExpandedKey(
        bytes memory expandedKey,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) internal pure virtual override returns (bool) {
        return MLDSA65.verify(expandedKey, message, context, signature);
    }

    function _isReduced(bytes memory expandedKey) internal pure virtual override returns (bool) {
        return MLDSA65.isReduced(expandedKey);
    }

    function _matrixAndKeyHash(bytes memory expandedKey) internal pure virtual override returns (bytes32) {
        return MLDSA65.matrixAndKeyHash(expandedKey);
    }
}
