// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65} from "../utils/MLDSA65.sol";
import {MLDSARows} from "./MLDSARows.sol";

/// @dev Test harness for {MLDSA65}: the full verification, and its stages with the challenge supplied.
contract MLDSA65Mock {
    /// @dev {MLDSA65.verify} with a message and context of any length.
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        external
        view
        returns (bool)
    {
        return MLDSA65.verify(expandedKey, message, context, signature);
    }

    /// @dev {MLDSA65-_decodeZ}: ok, the 1,280 coefficients in order, and its gas (reference: {MLDSA65Reference-decodeZ}).
    function decodeZ(bytes calldata signature) external view returns (bool ok, uint256[] memory z, uint256 gas) {
        uint256 work;
        assembly ("memory-safe") {
            work := mload(0x40)
            mstore(0x40, add(work, 10240))
        }
        gas = gasleft();
        ok = MLDSA65._decodeZ(signature, work);
        gas -= gasleft();
        z = new uint256[](1280);
        for (uint256 c = 0; c < 1280; c++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(work, shl(3, c))))
            }
            z[c] = value;
        }
    }

    /// @dev {MLDSA65.isReduced}, compared in the tests with a coefficient-by-coefficient reference.
    function isReduced(bytes memory expandedKey) external pure returns (bool) {
        return MLDSA65.isReduced(expandedKey);
    }

    /**
     * @dev w1Encode(w1′) for the expanded key, σ and the challenge c (coefficients in {-1, 0, 1}), or
     * ok = false for a malformed σ. {MLDSA65-computeW1} writes it as little-endian lanes (each 8-byte group
     * byte-reversed); the bytes are put back in order here.
     */
    function w1Encode(bytes memory expandedKey, bytes calldata signature, int256[256] memory c)
        external
        view
        returns (bool ok, bytes memory encoded)
    {
        uint256 z;
        (ok, z) = MLDSA65.decodeSignature(signature);
        if (!ok) return (false, encoded);
        uint256 negC = z + MLDSA65.C_OFFSET;
        for (uint256 j = 0; j < 256; j++) {
            uint256 value = c[j] == 0 ? 0 : c[j] == 1 ? 8380416 : 1;
            // Packed: coefficient j is the 8 bytes at negC + 8j.
            uint256 word = negC + 32 * (j / 4);
            uint256 shift = 64 * (3 - (j % 4));
            assembly ("memory-safe") {
                mstore(word, or(and(mload(word), not(shl(shift, 0xffffffffffffffff))), shl(shift, value)))
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
        bytes memory lanes = encoded;
        encoded = new bytes(768);
        for (uint256 i = 0; i < 768; i++) encoded[i] = lanes[i ^ 7];
    }

    /**
     * @dev SampleInBall's c (coefficients in {-1, 0, 1}) for σ's c̃, squeezing `firstLength` bytes first (136 as
     * in verification; fewer force the continuation into a second squeeze), and whether it found all 49 positions.
     */
    function sampleInBall(bytes calldata signature, uint256 firstLength)
        external
        pure
        returns (bool ok, int256[256] memory c)
    {
        uint256 negC;
        assembly ("memory-safe") {
            negC := mload(0x40)
            // 2 KiB and the 24 bytes past it that writing the last coefficients touches.
            mstore(0x40, add(negC, 2080))
            calldatacopy(negC, calldatasize(), 2080)
        }
        ok = MLDSA65._sampleInBall(signature[0:48], negC, firstLength);
        for (uint256 j = 0; j < 256; j++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(negC, shl(3, j))))
            }
            c[j] = value == 0 ? int256(0) : value == 1 ? -1 : value == 8380416 ? int256(1) : type(int256).max;
        }
    }

    /// @dev {MLDSA65-_hintWellFormed}, and its gas.
    function hintWellFormed(bytes calldata signature) external view returns (bool ok, uint256 gas) {
        gas = gasleft();
        ok = MLDSA65._hintWellFormed(signature);
        gas -= gasleft();
    }

    /// @dev {MLDSA65-_useHintAndEncode} of row i = `w` (coefficients below 2q), as little-endian lanes, and its gas.
    function useHintAndEncode(uint256[256] memory w, bytes calldata signature, uint256 i)
        external
        view
        returns (bytes memory out, uint256 gas)
    {
        // The row, and the 24 bytes past it that a hint at position 255 rewrites unchanged.
        uint256 packed = MLDSARows.pack(w, 32);
        out = new bytes(128);
        uint256 outData;
        assembly ("memory-safe") {
            outData := add(out, 0x20)
        }
        gas = gasleft();
        MLDSA65._useHintAndEncode(packed, signature, i, outData);
        gas -= gasleft();
    }
}
