// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44} from "../utils/MLDSA44.sol";
import {MLDSA65NTT} from "../utils/MLDSA65NTT.sol";
import {SHAKE} from "../utils/SHAKE.sol";

/// @dev Test harness for {MLDSA44}: its assembly routines, with the gas of each (references: {MLDSA44ReferenceMock}).
contract MLDSA44Mock {
    /// @dev {MLDSA44-_decodeZ}: ok, the 1,024 coefficients in order, and its gas.
    function decodeZ(bytes calldata signature) external view returns (bool ok, uint256[1024] memory z, uint256 gas) {
        uint256 work;
        assembly ("memory-safe") {
            work := mload(0x40)
            mstore(0x40, add(work, 8192))
        }
        gas = gasleft();
        ok = MLDSA44._decodeZ(signature, work);
        gas -= gasleft();
        for (uint256 c = 0; c < 1024; c++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(work, shl(3, c))))
            }
            z[c] = value;
        }
    }

    /// @dev {MLDSA44-_useHintAndEncode} of row i = `w` (coefficients below 2q), and its gas.
    function useHintAndEncode(uint256[256] memory w, bytes calldata signature, uint256 i)
        external
        view
        returns (bytes memory out, uint256 gas)
    {
        uint256 packed;
        assembly ("memory-safe") {
            // The row, and the 24 bytes past it that a hint at position 255 rewrites unchanged.
            packed := mload(0x40)
            mstore(0x40, add(packed, 2080))
        }
        for (uint256 c = 0; c < 256; c++) {
            uint256 value = w[c];
            assembly ("memory-safe") {
                let at := add(packed, shl(3, c))
                mstore(at, or(and(mload(at), 0xffffffffffffffffffffffffffffffffffffffffffffffff), shl(192, value)))
            }
        }
        out = new bytes(192);
        uint256 outData;
        assembly ("memory-safe") {
            outData := add(out, 0x20)
        }
        gas = gasleft();
        MLDSA44._useHintAndEncode(packed, signature, i, outData);
        gas -= gasleft();
    }

    /**
     * @dev The gas of each stage of {MLDSA44-verify} for a 32-byte message and an empty context: decoding σ, μ,
     * SampleInBall, the forward NTTs, the pair products, the inverse NTTs with UseHint and w1Encode, and the final
     * hash. Where the gas goes, for the report.
     */
    function profile(bytes memory expandedKey, bytes32 hash, bytes calldata signature)
        external
        view
        returns (uint256[7] memory gas)
    {
        uint256 expanded;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
        }
        bytes memory transcript = new bytes(832);
        uint256 t;
        assembly ("memory-safe") {
            t := add(transcript, 0x20)
        }
        uint256 z = MLDSA44._allocate();
        uint256 g = gasleft();
        require(MLDSA44._hintWellFormed(signature) && MLDSA44._decodeZ(signature, z));
        gas[0] = g - gasleft();
        g = gasleft();
        MLDSA44._mu(expanded, abi.encodePacked(hash), "", t);
        gas[1] = g - gasleft();
        g = gasleft();
        require(MLDSA44._sampleInBall(signature, z + MLDSA44.C_OFFSET));
        gas[2] = g - gasleft();
        bytes memory zetaTable = MLDSA65NTT.zetaTable();
        uint256 zetas;
        assembly ("memory-safe") {
            zetas := add(zetaTable, 0x20)
        }
        g = gasleft();
        for (uint256 j = 0; j < 5; ++j) MLDSA65NTT.ntt(z + j * 2048, zetas);
        gas[3] = g - gasleft();
        g = gasleft();
        MLDSA44._accumulate(expanded, z);
        gas[4] = g - gasleft();
        g = gasleft();
        for (uint256 i = 0; i < 4; ++i) {
            MLDSA65NTT.invNttPairs(z + MLDSA44.PRODUCTS_OFFSET + i * 4096, z + i * 2048, zetas);
            MLDSA44._useHintAndEncode(z + i * 2048, signature, i, t + 64 + i * 192);
        }
        gas[5] = g - gasleft();
        g = gasleft();
        SHAKE.shake256(transcript, 32);
        gas[6] = g - gasleft();
    }
}
