// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA44} from "../utils/MLDSA44.sol";

/**
 * @dev ERC-7913 signature verifier for ML-DSA-44 (FIPS 204), pure mode with an empty context: the signed
 * message M is the 32-byte `hash`, framed as M' = 0 ‖ 0 ‖ M.
 *
 * The key (52 bytes) is `keccak256(E) ‖ address(chunk 0)`, where E is the expanded
 * public key (Â, t̂1, tr; 20,544 bytes, see {MLDSA44}) stored in the code of one contract by the SDK's code
 * store. Every call reads E back and checks it against the commitment, so a key can only ever verify with
 * the exact data it names. The signature is the 2,420-byte FIPS 204 encoding c̃ ‖ z ‖ h.
 *
 * Any malformed input (lengths, a chunk without the expected code, a commitment mismatch, a malformed
 * hint, an out-of-range z) returns 0xffffffff; nothing reverts and the gas is bounded.
 *
 * Encodings: a signature has one encoding. A public key has one canonical expanded key (coefficients below q),
 * but {verify} does not spend the gas to require it (every call would pay ~7k); {keyId} does, and names the key
 * by Â ‖ t̂1 alone, so that the same key stored at other addresses, or with another tr (which the holder of the
 * secret key can sign for), has one identity.
 *
 * @custom:stateless
 */
contract MLDSA44Verifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        if (key.length == 52 && signature.length == MLDSA44.SIGNATURE_LENGTH) {
            (bool ok, bytes memory expandedKey) = ExpandedKeyReader.read(key, MLDSA44.EXPANDED_KEY_LENGTH);
            if (ok && MLDSA44.verify(expandedKey, abi.encodePacked(hash), "", signature)) {
                return IERC7913SignatureVerifier.verify.selector;
            }
        }
        return 0xFFFFFFFF;
    }

    /**
     * @dev FIPS 204 ML-DSA.Verify(pk, M, σ, ctx) in pure mode for a `message` of any length and a `context` of
     * 0–255 bytes, with the key as {verify} takes it; {verify} is this function for a 32-byte message and an empty
     * context. Returns false, never reverts, on malformed input, including a context of more than 255 bytes.
     */
    function verifyMessage(
        bytes calldata key,
        bytes calldata message,
        bytes calldata context,
        bytes calldata signature
    ) public view virtual returns (bool) {
        if (key.length != 52 || signature.length != MLDSA44.SIGNATURE_LENGTH) return false;
        (bool ok, bytes memory expandedKey) = ExpandedKeyReader.read(key, MLDSA44.EXPANDED_KEY_LENGTH);
        return ok && MLDSA44.verify(expandedKey, message, context, signature);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(Â ‖ t̂1), once E is read from code, matches its commitment and has every coefficient below q.
    function keyId(bytes calldata key) public view virtual returns (bytes32 id) {
        if (key.length == 52) {
            (bool ok, bytes memory expandedKey) = ExpandedKeyReader.read(key, MLDSA44.EXPANDED_KEY_LENGTH);
            if (ok && MLDSA44.isReduced(expandedKey)) return MLDSA44.matrixAndKeyHash(expandedKey);
        }
        revert ERC7913NonCanonicalKey(key);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
