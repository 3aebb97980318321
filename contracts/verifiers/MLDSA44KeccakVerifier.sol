// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeyAttestation} from "../attestation/KeyAttestation.sol";
import {MLDSA44KeccakKeyAttestor} from "../attestation/MLDSA44KeccakKeyAttestor.sol";
import {MLDSA44} from "../utils/MLDSA44.sol";
import {MLDSA44Keccak} from "../utils/MLDSA44Keccak.sol";
import {MLDSAVerifier} from "./MLDSAVerifier.sol";

/**
 * @dev ERC-7913 signature verifier for ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (see {MLDSA44Keccak}).
 * NOT ML-DSA as FIPS 204 specifies it and not NIST-approved: its hashes run on keccak-CTR instead of SHAKE, which
 * makes it cheaper on the EVM. Use {MLDSA44Verifier} for the standard.
 *
 * As {MLDSA44Verifier}, with ETHDILITHIUM's hashes: the signed message M is the 32-byte `hash`, framed as
 * M′ = 0 ‖ 0 ‖ M (what ZKNox's `ZKNOX_ethdilithium.verify(bytes, bytes32, bytes)` verifies); the signature is the
 * 2,420-byte c̃ ‖ z ‖ h; the key (52 bytes) is `commitment(E ‖ pk) ‖ address(chunk 0)` for the expanded key E = Â ‖ t̂1 ‖
 * tr of ETHDILITHIUM's public key pk = ρ ‖ t1 (its own ExpandA and tr, computed by the SDK's
 * `expandMldsa44KeccakPublicKey`), checked against the commitment on every call. {keyId} requires the commitment to
 * be attested by {MLDSA44KeccakKeyAttestor}, which recomputes E with the variant's hashes, and names the keypair by
 * keccak256(pk), as {MLDSA44Verifier} does: the same pk under both verifiers is one identity.
 *
 * Any malformed input returns 0xffffffff; nothing reverts and the gas is bounded. A signature has one encoding.
 *
 * @custom:stateless
 */
contract MLDSA44KeccakVerifier is MLDSAVerifier {
    /// @dev No precompile: EIP-8355 verifies the standard only.
    constructor()
        MLDSAVerifier(address(0), KeyAttestation.deterministicAddress(type(MLDSA44KeccakKeyAttestor).creationCode))
    {}

    function _sizes() internal pure virtual override returns (uint256, uint256, uint256, uint256) {
        return (52, MLDSA44.EXPANDED_KEY_LENGTH, MLDSA44.PUBLIC_KEY_LENGTH, MLDSA44.SIGNATURE_LENGTH);
    }

    /// @dev ETHDILITHIUM's verification over E: {verify} and {verifyMessage} are {MLDSAVerifier}'s with it.
    function _verifyWithExpandedKey(
        bytes memory expandedKey,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) internal view virtual override returns (bool) {
        return MLDSA44Keccak.verify(expandedKey, message, context, signature);
    }
}
