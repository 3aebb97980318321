// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../utils/Falcon.sol";
import {FalconReference} from "./FalconReference.sol";

/// @dev Test harness exposing {FalconReference}, the plain version {FalconMock}'s results are compared with.
contract FalconReferenceMock {
    /// @dev {FalconReference.decodeSignature}.
    function decodeSignature(uint256 logn, bytes memory signature) external pure returns (bool, int256[] memory) {
        return FalconReference.decodeSignature(logn, signature);
    }

    /// @dev {FalconReference.hashToPoint}.
    function hashToPoint(uint256 logn, bytes memory input) external pure returns (uint256[] memory) {
        return FalconReference.hashToPoint(logn, input);
    }

    /// @dev {FalconReference.norm} compared with ⌊β²⌋.
    function isShort(uint256[] memory c, int256[] memory s2, uint256[] memory expandedKey) external pure returns (bool) {
        return FalconReference.norm(c, s2, expandedKey) <= Falcon.normBound(c.length == 512 ? 9 : 10);
    }
}
