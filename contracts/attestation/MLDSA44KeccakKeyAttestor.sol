// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44KeccakKeyExpansion} from "../utils/MLDSA44KeccakKeyExpansion.sol";
import {KeyAttestor} from "./KeyAttestor.sol";

/**
 * @dev The {KeyAttestor} of ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (NOT FIPS 204; see {MLDSA44Keccak}):
 * E = Â ‖ t̂1 ‖ tr with the variant's keccak-CTR ExpandA and tr ({MLDSA44KeccakKeyExpansion}). A separate attestor,
 * so that a commitment attested here is never taken for a FIPS 204 one, and the reverse.
 *
 * @custom:stateless
 */
contract MLDSA44KeccakKeyAttestor is KeyAttestor {
    function _expand(bytes calldata publicKey) internal pure virtual override returns (bytes memory) {
        if (publicKey.length != MLDSA44KeccakKeyExpansion.PUBLIC_KEY_LENGTH) revert KeyAttestorInvalidPublicKey(publicKey);
        return MLDSA44KeccakKeyExpansion.expand(publicKey);
    }
}
