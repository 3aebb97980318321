// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA87} from "../utils/MLDSA87.sol";
import {KeyAttestation} from "../attestation/KeyAttestation.sol";
import {MLDSAKeyAttestor} from "../attestation/MLDSAKeyAttestor.sol";
import {MLDSAVerifier} from "./MLDSAVerifier.sol";

/**
 * @dev ERC-7913 signature verifier for ML-DSA-87 (FIPS 204), pure mode with an empty context: the signed message M is
 * the 32-byte `hash`, framed as M' = 0 ‖ 0 ‖ M. The signature is the 4,627-byte FIPS 204 encoding c̃ ‖ z ‖ h.
 *
 * The key (92 bytes) is `commitment(E ‖ pk) ‖ address(chunk 0) ‖ address(chunk 1) ‖ address(chunk 2)`, where E is the
 * expanded public key (Â, t̂1, tr; 65,600 bytes, see {MLDSA87}) and pk the standard 2,592-byte public key, stored in
 * the code of three contracts; deployed with the chain's EIP-8355 VERIFY_MLDSA87 address, it asks that precompile first
 * (see {MLDSAVerifier}).
 *
 * Encodings: a signature has one encoding. A public key has one expanded key, proven by {MLDSAKeyAttestor} before
 * {keyId} accepts it; {keyId} names the keypair by keccak256(pk), so that the same key stored at other addresses has
 * one identity.
 *
 * @custom:stateless
 */
contract MLDSA87Verifier is MLDSAVerifier {
    /// @param precompile_ The chain's EIP-8355 VERIFY_MLDSA87 address, or zero for none.
    constructor(address precompile_)
        MLDSAVerifier(precompile_, KeyAttestation.deterministicAddress(type(MLDSAKeyAttestor).creationCode))
    {}

    function _sizes() internal pure virtual override returns (uint256, uint256, uint256, uint256) {
        return (92, MLDSA87.EXPANDED_KEY_LENGTH, MLDSA87.PUBLIC_KEY_LENGTH, MLDSA87.SIGNATURE_LENGTH);
    }

    function _verifyWithExpandedKey(
        bytes memory expandedKey,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) internal view virtual override returns (bool) {
        return MLDSA87.verify(expandedKey, message, context, signature);
    }
}
