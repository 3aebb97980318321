// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSAInverseNTT} from "../utils/MLDSAInverseNTT.sol";
import {MLDSANTT} from "../utils/MLDSANTT.sol";
import {MLDSANTTReference} from "./MLDSANTTReference.sol";

/**
 * @dev Test harness exposing {MLDSANTT}, {MLDSAInverseNTT} and their plain reference side by side. Polynomials
 * cross the ABI as 256 coefficients and are packed into {MLDSANTT}'s four-lanes-per-word layout (each below 2^64)
 * here.
 */
contract MLDSANTTMock {
    /// @dev {MLDSANTT.ntt}, reduced mod q for comparison (the library leaves results lazily reduced).
    function ntt(uint256[256] memory w) external pure returns (uint256[256] memory result, uint256 maxLane) {
        uint256 a = _pack(w);
        MLDSANTT.ntt(a, _zetas());
        result = _unpack(a);
        for (uint256 j = 0; j < 256; j++) {
            if (result[j] > maxLane) maxLane = result[j];
            result[j] %= MLDSANTT.Q;
        }
    }

    /**
     * @dev {MLDSAInverseNTT-transform} on ŵ = `w` given as pair words, with `cross` (the products' cross terms,
     * which the transform must ignore) in their middle fields; unreduced (below 2q).
     */
    function invNttPairs(uint256[256] memory w, uint256[256] memory cross) external view returns (uint256[256] memory) {
        uint256 src = _pairWords(w, cross);
        uint256 a = _pack(w);
        MLDSAInverseNTT.requireDeployed();
        MLDSAInverseNTT.transform(src, a);
        return _unpack(a);
    }

    /// @dev {MLDSAInverseNTT-requireDeployed}: reverts unless the inverse NTT's contract is at its address.
    function requireInverseDeployed() external view {
        MLDSAInverseNTT.requireDeployed();
    }

    /// @dev {MLDSAInverseNTT-transform} without {MLDSAInverseNTT-requireDeployed}: what a call to `w`'s pair words returns.
    function transformUnchecked(uint256[256] memory w) external view returns (uint256[256] memory) {
        uint256[256] memory cross;
        uint256 src = _pairWords(w, cross);
        uint256 a = _pack(w);
        MLDSAInverseNTT.transform(src, a);
        return _unpack(a);
    }

    /// @dev {MLDSAInverseNTT}'s address and code hash (its creation code alone would fill a contract).
    function inverseDeployment() external pure returns (address deployment, bytes32 codeHash) {
        return (MLDSAInverseNTT.DEPLOYMENT, MLDSAInverseNTT.CODE_HASH);
    }

    /// @dev Gas of one {MLDSANTT.ntt} on `w`, and of one warm {MLDSAInverseNTT-transform} (the verifiers' inverse) on
    /// `w` given as pair words.
    function gasOf(uint256[256] memory w) external view returns (uint256 forward, uint256 inverse) {
        uint256[256] memory cross;
        uint256 src = _pairWords(w, cross);
        uint256 a = _pack(w);
        uint256 zetas = _zetas();
        forward = gasleft();
        MLDSANTT.ntt(a, zetas);
        forward -= gasleft();
        MLDSAInverseNTT.requireDeployed();
        inverse = gasleft();
        MLDSAInverseNTT.transform(src, a);
        inverse -= gasleft();
    }

    function referenceNtt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        return MLDSANTTReference.ntt(w);
    }

    function referenceInvNtt(uint256[256] memory w) external pure returns (uint256[256] memory) {
        return MLDSANTTReference.invNtt(w);
    }

    function _zetas() private pure returns (uint256 pointer) {
        bytes memory table = MLDSANTT.zetaTable();
        assembly ("memory-safe") {
            pointer := add(table, 0x20)
        }
    }

    /**
     * @dev `w` as {MLDSAInverseNTT}'s pair words in fresh memory: for c = 4g + e (e = 0, 1), w[c] in bits
     * 192..255 and w[c + 2] in bits 0..63 of the word at 64g + 32e, cross[c] in bits 128..191 and cross[c + 2] in
     * bits 64..127 (every value below 2^64).
     */
    function _pairWords(uint256[256] memory w, uint256[256] memory cross) private pure returns (uint256 src) {
        assembly ("memory-safe") {
            src := mload(0x40)
            mstore(0x40, add(src, 4096))
        }
        for (uint256 c = 0; c < 256; c++) {
            if (c % 4 >= 2) continue;
            require((w[c] | w[c + 2] | cross[c] | cross[c + 2]) >> 64 == 0);
            uint256 word = (w[c] << 192) | (cross[c] << 128) | (cross[c + 2] << 64) | w[c + 2];
            uint256 at = src + 64 * (c / 4) + 32 * (c % 4);
            assembly ("memory-safe") {
                mstore(at, word)
            }
        }
    }

    /// @dev A fresh packed copy of `w` (coefficients below 2^64).
    function _pack(uint256[256] memory w) private pure returns (uint256 a) {
        assembly ("memory-safe") {
            a := mload(0x40)
            mstore(0x40, add(a, 2048))
            calldatacopy(a, calldatasize(), 2048)
        }
        for (uint256 c = 0; c < 256; c++) {
            require(w[c] >> 64 == 0);
            uint256 value = w[c];
            uint256 word = a + 32 * (c / 4);
            uint256 shift = 64 * (3 - (c % 4));
            assembly ("memory-safe") {
                mstore(word, or(mload(word), shl(shift, value)))
            }
        }
    }

    function _unpack(uint256 a) private pure returns (uint256[256] memory w) {
        for (uint256 c = 0; c < 256; c++) {
            uint256 value;
            assembly ("memory-safe") {
                value := shr(192, mload(add(a, shl(3, c))))
            }
            w[c] = value;
        }
    }
}
