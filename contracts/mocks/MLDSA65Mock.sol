// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65} from "../utils/MLDSA65.sol";

/// @dev Test harness for {MLDSA65}: the full verification, and its stages with the challenge supplied.
contract MLDSA65Mock {
    /// @dev {MLDSA65.verify} with a message and context of any length.
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        external
        pure
        returns (bool)
    {
        return MLDSA65.verify(expandedKey, message, context, signature);
    }

    /**
     * @dev w1Encode(w1′) for the expanded key, σ and the challenge c (coefficients in {-1, 0, 1}), or
     * ok = false for a malformed σ.
     */
    function w1Encode(bytes memory expandedKey, bytes calldata signature, int256[256] memory c)
        external
        pure
        returns (bool ok, bytes memory encoded)
    {
        uint256 z;
        (ok, z) = MLDSA65.decodeSignature(signature);
        if (!ok) return (false, encoded);
        uint256 negC = z + MLDSA65.C_OFFSET;
        for (uint256 j = 0; j < 256; j++) {
            uint256 value = c[j] == 0 ? 0 : c[j] == 1 ? 8380416 : 1;
            assembly ("memory-safe") {
                mstore(add(negC, shl(5, j)), value)
            }
        }
        encoded = new bytes(768);
        uint256 expanded;
        uint256 out;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
            out := add(encoded, 0x20)
        }
        MLDSA65.computeW1(expanded, signature, z, out);
    }
}
