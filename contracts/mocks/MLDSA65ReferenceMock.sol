// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65Reference} from "./MLDSA65Reference.sol";

/// @dev {MLDSA65Reference} for the tests, compiled as plain Solidity (the legacy pipeline) beside the mocks.
contract MLDSA65ReferenceMock {
    /// @dev {MLDSA65Reference-decodeZ} for ML-DSA-65 (c̃ of 48 bytes, five polynomials, β = 196).
    function decodeZ65(bytes calldata signature) external pure returns (bool, uint256[] memory) {
        return MLDSA65Reference.decodeZ(signature, 48, 5, 196);
    }

    /// @dev {MLDSA65Reference-decodeZ} for ML-DSA-87 (c̃ of 64 bytes, seven polynomials, β = 120).
    function decodeZ87(bytes calldata signature) external pure returns (bool, uint256[] memory) {
        return MLDSA65Reference.decodeZ(signature, 64, 7, 120);
    }

    /// @dev {MLDSA65Reference-hintWellFormed} for the hint at byte `offset` of σ, with ω = `omega` and k = `k`.
    function hintWellFormed(bytes calldata signature, uint256 offset, uint256 omega, uint256 k) external pure returns (bool) {
        return MLDSA65Reference.hintWellFormed(signature, offset, omega, k);
    }

    /// @dev {MLDSA65Reference-useHintAndEncode} for ML-DSA-65 (hint at byte 3248, ω = 55).
    function useHintAndEncode65(uint256[256] memory w, bytes calldata signature, uint256 i) external pure returns (bytes memory) {
        return MLDSA65Reference.useHintAndEncode(w, signature, i, 3248, 55);
    }

    /// @dev {MLDSA65Reference-useHintAndEncode} for ML-DSA-87 (hint at byte 4544, ω = 75).
    function useHintAndEncode87(uint256[256] memory w, bytes calldata signature, uint256 i) external pure returns (bytes memory) {
        return MLDSA65Reference.useHintAndEncode(w, signature, i, 4544, 75);
    }
}
