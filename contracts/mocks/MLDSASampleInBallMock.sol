// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44} from "../utils/MLDSA44.sol";
import {MLDSA65} from "../utils/MLDSA65.sol";
import {MLDSA87} from "../utils/MLDSA87.sol";
import {MLDSASampleInBallReference} from "./MLDSASampleInBallReference.sol";

/// @dev Test harness for the three sets' SampleInBall (reference: {MLDSASampleInBallReference}).
contract MLDSASampleInBallMock {
    /**
     * @dev {MLDSA44-_sampleInBall}, {MLDSA65-_sampleInBall} or {MLDSA87-_sampleInBall} (`set` 44, 65 or 87) for
     * c̃ = `cTilde`, squeezing `firstLength` bytes first (136 as in verification; fewer force the continuation): whether
     * it found all τ positions, c (coefficients in {−1, 0, 1}; type(int256).max for a value that is none of them), and
     * its gas.
     */
    function sampleInBall(uint256 set, bytes calldata cTilde, uint256 firstLength)
        external
        view
        returns (bool ok, int256[256] memory c, uint256 gas)
    {
        uint256 negC;
        assembly ("memory-safe") {
            negC := mload(0x40)
            // 2 KiB and the 24 bytes past it that writing the last coefficients touches.
            mstore(0x40, add(negC, 2080))
            calldatacopy(negC, calldatasize(), 2080)
        }
        gas = gasleft();
        if (set == 44) ok = MLDSA44._sampleInBall(cTilde, negC, firstLength);
        else if (set == 65) ok = MLDSA65._sampleInBall(cTilde, negC, firstLength);
        else ok = MLDSA87._sampleInBall(cTilde, negC, firstLength);
        gas -= gasleft();
        for (uint256 j = 0; j < 256; j++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(negC, shl(3, j))))
            }
            c[j] = value == 0 ? int256(0) : value == 1 ? -1 : value == 8380416 ? int256(1) : type(int256).max;
        }
    }

    /// @dev {MLDSASampleInBallReference-sampleInBall}.
    function referenceSampleInBall(bytes calldata cTilde, uint256 tau) external pure returns (int256[256] memory) {
        return MLDSASampleInBallReference.sampleInBall(cTilde, tau);
    }
}
