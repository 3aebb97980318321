// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA87} from "../utils/MLDSA87.sol";
import {MLDSARows} from "./MLDSARows.sol";

/// @dev Test harness for {MLDSA87}'s z decoding, hint check and UseHint + w1Encode (references: {MLDSA65Reference}).
contract MLDSA87Mock {
    /// @dev {MLDSA87-_decodeZ}: ok, the 1,792 coefficients in order, and its gas.
    function decodeZ(bytes calldata signature) external view returns (bool ok, uint256[] memory z, uint256 gas) {
        uint256 work;
        assembly ("memory-safe") {
            work := mload(0x40)
            mstore(0x40, add(work, 14336))
        }
        gas = gasleft();
        ok = MLDSA87._decodeZ(signature, work);
        gas -= gasleft();
        z = new uint256[](1792);
        for (uint256 c = 0; c < 1792; c++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(work, shl(3, c))))
            }
            z[c] = value;
        }
    }

    /// @dev {MLDSA87-_hintWellFormed}, and its gas.
    function hintWellFormed(bytes calldata signature) external view returns (bool ok, uint256 gas) {
        gas = gasleft();
        ok = MLDSA87._hintWellFormed(signature);
        gas -= gasleft();
    }

    /// @dev {MLDSA87-_useHintAndEncode} of row i = `w` (coefficients below 2q), as little-endian lanes, and its gas.
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
        MLDSA87._useHintAndEncode(packed, signature, i, outData);
        gas -= gasleft();
    }

    /// @dev {MLDSA87-cTildeMatches} for the transcript μ ‖ w1Encode(w1′) `transcript` (held as little-endian lanes)
    /// and σ = `signature`.
    function cTildeMatches(bytes memory transcript, bytes calldata signature) external pure returns (bool) {
        return MLDSA87.cTildeMatches(MLDSARows.transcriptRoom(transcript, MLDSA87.TRANSCRIPT_BYTES), signature);
    }
}
