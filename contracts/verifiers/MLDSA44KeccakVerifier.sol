// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA44} from "../utils/MLDSA44.sol";
import {MLDSA44Keccak} from "../utils/MLDSA44Keccak.sol";
import {MLDSA44Verifier} from "./MLDSA44Verifier.sol";

/**
 * @dev ERC-7913 signature verifier for ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (see {MLDSA44Keccak}).
 * NOT ML-DSA as FIPS 204 specifies it and not NIST-approved: its hashes run on keccak-CTR instead of SHAKE, which
 * makes it cheaper on the EVM. Use {MLDSA44Verifier} for the standard.
 *
 * As {MLDSA44Verifier}, with ETHDILITHIUM's hashes: the signed message M is the 32-byte `hash`, framed as
 * M′ = 0 ‖ 0 ‖ M (what ZKNox's `ZKNOX_ethdilithium.verify(bytes, bytes32, bytes)` verifies); the signature is the
 * 2,420-byte c̃ ‖ z ‖ h; the key (52 bytes) is `keccak256(E ‖ pk) ‖ address(chunk 0)` for the expanded key E = Â ‖ t̂1 ‖
 * tr of ETHDILITHIUM's public key pk = ρ ‖ t1 (its own ExpandA and tr, computed by the SDK's
 * `expandMldsa44KeccakPublicKey`), checked against the commitment on every call.
 *
 * Any malformed input returns 0xffffffff; nothing reverts and the gas is bounded. A signature has one encoding.
 *
 * @custom:stateless
 */
contract MLDSA44KeccakVerifier is MLDSA44Verifier {
    /// @dev No precompile: EIP-8355 verifies the standard only.
    constructor() MLDSA44Verifier(address(0)) {}

    /**
     * @dev ETHDILITHIUM's verification for a `message` of any length and a `context` of 0–255 bytes, with the key as
     * {verify} takes it; {verify} is this function for a 32-byte message and an empty context. Returns false, never
     * reverts, on malformed input, including a context of more than 255 bytes. {keyId} is {MLDSA44Verifier}'s: the
     * key has the same form.
     */
    function verifyMessage(
        bytes calldata key,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) public view virtual override returns (bool) {
        if (key.length != 52 || signature.length != MLDSA44.SIGNATURE_LENGTH) return false;
        (bool ok, bytes memory expandedKey, ) =
            ExpandedKeyReader.readWithPublicKey(key, MLDSA44.EXPANDED_KEY_LENGTH, MLDSA44.PUBLIC_KEY_LENGTH);
        return ok && MLDSA44Keccak.verify(expandedKey, message, context, signature);
    }
}
