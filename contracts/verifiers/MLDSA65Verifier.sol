// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA65} from "../utils/MLDSA65.sol";

/**
 * @dev ERC-7913 signature verifier for ML-DSA-65 (FIPS 204), pure mode with an empty context: the signed
 * message M is the 32-byte `hash`, framed as M' = 0 ‖ 0 ‖ M.
 *
 * The key (72 bytes) is `keccak256(E) ‖ address(chunk 0) ‖ address(chunk 1)`, where E is the expanded
 * public key (Â, t̂1, tr; 36,928 bytes, see {MLDSA65}) stored in the code of two contracts by the SDK's code
 * store. Every call reads E back and checks it against the commitment, so a key can only ever verify with
 * the exact data it names. The signature is the 3,309-byte FIPS 204 encoding c̃ ‖ z ‖ h.
 *
 * Any malformed input (lengths, a chunk without the expected code, a commitment mismatch, a malformed
 * hint, an out-of-range z) returns 0xffffffff; nothing reverts and the gas is bounded.
 *
 * @custom:stateless
 */
contract MLDSA65Verifier is IERC7913SignatureVerifier {
    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        if (key.length == 72 && signature.length == MLDSA65.SIGNATURE_LENGTH) {
            (bool ok, bytes memory expandedKey) = ExpandedKeyReader.read(key, MLDSA65.EXPANDED_KEY_LENGTH);
            if (ok && MLDSA65.verify(expandedKey, abi.encodePacked(hash), "", signature)) {
                return IERC7913SignatureVerifier.verify.selector;
            }
        }
        return 0xFFFFFFFF;
    }
}
