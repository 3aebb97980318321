// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44Keccak} from "../utils/MLDSA44Keccak.sol";
import {MLDSA44KeccakReference} from "./MLDSA44KeccakReference.sol";

/// @dev Test harness for {MLDSA44Keccak}'s hashes beside their plain reference ({MLDSA44KeccakReference}).
contract MLDSA44KeccakMock {
    /// @dev {MLDSA44Keccak-_mu} for tr (64 bytes, placed where an expanded key has it).
    function mu(bytes calldata tr, bytes memory message, bytes memory context) external pure returns (bytes memory out) {
        bytes memory expandedKey = new bytes(20544);
        for (uint256 b = 0; b < 64; b++) expandedKey[20480 + b] = tr[b];
        out = new bytes(64);
        uint256 expanded;
        uint256 target;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
            target := add(out, 0x20)
        }
        MLDSA44Keccak._mu(expanded, message, context, target);
    }

    /**
     * @dev {MLDSA44Keccak-_sampleInBall} for c̃ = `cTilde`: whether it found all 39 positions, and c (coefficients in
     * {-1, 0, 1}; type(int256).max for a value that is none of q − 1, 1, 0).
     */
    function sampleInBall(bytes calldata cTilde) external pure returns (bool ok, int256[256] memory c) {
        uint256 negC;
        assembly ("memory-safe") {
            negC := mload(0x40)
            // 2 KiB and the 24 bytes past it that writing the last coefficients touches.
            mstore(0x40, add(negC, 2080))
            calldatacopy(negC, calldatasize(), 2080)
        }
        ok = MLDSA44Keccak._sampleInBall(cTilde, negC);
        for (uint256 j = 0; j < 256; j++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(negC, shl(3, j))))
            }
            c[j] = value == 0 ? int256(0) : value == 1 ? -1 : value == 8380416 ? int256(1) : type(int256).max;
        }
    }

    function referenceMu(bytes memory tr, bytes memory message, bytes memory context) external pure returns (bytes memory) {
        return MLDSA44KeccakReference.mu(tr, message, context);
    }

    function referenceSampleInBall(bytes32 cTilde) external pure returns (bool, int256[256] memory) {
        return MLDSA44KeccakReference.sampleInBall(cTilde);
    }
}
