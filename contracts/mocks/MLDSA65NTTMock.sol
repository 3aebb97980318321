// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65NTT} from "../utils/MLDSA65NTT.sol";
import {MLDSA65NTTReference} from "./MLDSA65NTTReference.sol";

/// @dev Test harness exposing {MLDSA65NTT} and its plain reference side by side.
contract MLDSA65NTTMock {
    /// @dev {MLDSA65NTT.ntt}, reduced mod q for comparison (the library leaves results lazily reduced).
    function ntt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        bytes memory zetas = MLDSA65NTT.zetaTable();
        uint256 a;
        uint256 zp;
        assembly ("memory-safe") {
            a := w
            zp := add(zetas, 0x20)
        }
        MLDSA65NTT.ntt(a, zp);
        for (uint256 j = 0; j < 256; j++) w[j] %= MLDSA65NTT.Q;
        return w;
    }

    /// @dev {MLDSA65NTT.invNtt}.
    function invNtt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        bytes memory zetas = MLDSA65NTT.zetaTable();
        uint256 a;
        uint256 zp;
        assembly ("memory-safe") {
            a := w
            zp := add(zetas, 0x20)
        }
        MLDSA65NTT.invNtt(a, zp);
        return w;
    }

    /// @dev Gas of one {MLDSA65NTT.ntt} and one {MLDSA65NTT.invNtt} on `w`.
    function gasOf(uint256[256] memory w) external view returns (uint256 forward, uint256 inverse) {
        bytes memory zetas = MLDSA65NTT.zetaTable();
        uint256 a;
        uint256 zp;
        assembly ("memory-safe") {
            a := w
            zp := add(zetas, 0x20)
        }
        forward = gasleft();
        MLDSA65NTT.ntt(a, zp);
        forward -= gasleft();
        inverse = gasleft();
        MLDSA65NTT.invNtt(a, zp);
        inverse -= gasleft();
    }

    function referenceNtt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        return MLDSA65NTTReference.ntt(w);
    }

    function referenceInvNtt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        return MLDSA65NTTReference.invNtt(w);
    }
}
