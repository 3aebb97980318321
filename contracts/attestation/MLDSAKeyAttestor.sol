// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSAKeyExpansion} from "../utils/MLDSAKeyExpansion.sol";
import {KeyAttestor} from "./KeyAttestor.sol";

/**
 * @dev The {KeyAttestor} of ML-DSA-44, ML-DSA-65 and ML-DSA-87 (FIPS 204): E = Â ‖ t̂1 ‖ tr with Â = ExpandA(ρ)
 * (SHAKE128), t̂1 = NTT(t1 · 2^13) and tr = SHAKE256(pk, 64), as {MLDSAKeyExpansion} computes it. The parameter set
 * follows from pk's length (1,312, 1,952 or 2,592 bytes), which the commitment covers, so one attestor serves the
 * three verifiers.
 *
 * @custom:stateless
 */
contract MLDSAKeyAttestor is KeyAttestor {
    function _expand(bytes calldata publicKey) internal pure virtual override returns (bytes memory) {
        uint256 length = publicKey.length;
        if (length == MLDSAKeyExpansion.publicKeyLength(4)) return MLDSAKeyExpansion.expand(publicKey, 4, 4);
        if (length == MLDSAKeyExpansion.publicKeyLength(6)) return MLDSAKeyExpansion.expand(publicKey, 6, 5);
        if (length == MLDSAKeyExpansion.publicKeyLength(8)) return MLDSAKeyExpansion.expand(publicKey, 8, 7);
        revert KeyAttestorInvalidPublicKey(publicKey);
    }
}
