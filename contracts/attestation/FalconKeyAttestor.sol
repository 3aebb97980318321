// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FalconKeyExpansion} from "../utils/FalconKeyExpansion.sol";
import {KeyAttestor} from "./KeyAttestor.sol";

/**
 * @dev The {KeyAttestor} of Falcon-512 and Falcon-1024 (round 3): E is h's residues in the verifier's transform
 * domain, scaled ({FalconKeyExpansion}), from the public key `0x00 + logn ‖ h` (897 or 1,793 bytes). The keccak
 * variant of Falcon-512 ({Falcon512KeccakVerifier}) reads the same E from the same public key, so its keys are
 * attested here too.
 *
 * @custom:stateless
 */
contract FalconKeyAttestor is KeyAttestor {
    function _expand(bytes calldata publicKey) internal pure virtual override returns (bytes memory expandedKey) {
        uint256 logn = publicKey.length == FalconKeyExpansion.publicKeyLength(9) ? 9 : 10;
        bool ok;
        (ok, expandedKey) = FalconKeyExpansion.expand(logn, publicKey);
        if (!ok) revert KeyAttestorInvalidPublicKey(publicKey);
    }
}
