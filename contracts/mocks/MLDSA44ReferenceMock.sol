// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44Reference} from "./MLDSA44Reference.sol";

/// @dev {MLDSA44Reference} for the tests, compiled as plain Solidity (the legacy pipeline) beside {MLDSA44Mock}.
contract MLDSA44ReferenceMock {
    /// @dev {MLDSA44Reference-decodeZ}, in the order of {MLDSA44Mock-decodeZ}.
    function decodeZ(bytes calldata signature) external pure returns (bool ok, uint256[1024] memory z) {
        uint256[256][4] memory polynomials;
        (ok, polynomials) = MLDSA44Reference.decodeZ(signature);
        for (uint256 c = 0; c < 1024; c++) z[c] = polynomials[c / 256][c % 256];
    }

    /// @dev {MLDSA44Reference-useHintAndEncode}.
    function useHintAndEncode(uint256[256] memory w, bytes calldata signature, uint256 i) external pure returns (bytes memory) {
        return MLDSA44Reference.useHintAndEncode(w, signature, i);
    }
}
