// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FalconNTT} from "../utils/FalconNTT.sol";
import {FalconNTTReference} from "./FalconNTTReference.sol";

/**
 * @dev Test harness exposing {FalconNTT} on plain coefficient arrays (packed into lanes and back) next to its
 * reference {FalconNTTReference}. Lane results are returned as they are (lazily reduced) so tests can check the
 * documented bounds as well as the values mod q.
 */
contract FalconNTTMock {
    /// @dev {FalconNTT.forward}, lanes returned unreduced.
    function forward(uint256[] memory a) external pure returns (uint256[] memory) {
        (uint256 p, uint256 words) = _pack(a);
        FalconNTT.forward(p, words, FalconNTT.loadTwiddles());
        return _unpack(p, words);
    }

    /// @dev {FalconNTT.inverse}, lanes returned unreduced.
    function inverse(uint256[] memory a) external pure returns (uint256[] memory) {
        (uint256 p, uint256 words) = _pack(a);
        FalconNTT.inverse(p, words, FalconNTT.loadTwiddles(), 1);
        return _unpack(p, words);
    }

    /// @dev {FalconNTT.multiply} of `a` by the key residues `b`, lanes returned unreduced.
    function multiply(uint256[] memory a, uint256[] memory b) external pure returns (uint256[] memory) {
        (uint256 p, uint256 words) = _pack(a);
        (uint256 e, ) = _pack(b);
        FalconNTT.multiply(p, e, words, FalconNTT.loadTwiddles());
        return _unpack(p, words);
    }

    /**
     * @dev {FalconNTT.forwardMultiply} of `a` by the key residues `b` (the product fused into the last pass, and for
     * n = 512 the first pair of inverse layers after it), then {FalconNTT.inverse} from where it left off: lanes
     * returned unreduced, to compare with inverse ∘ multiply ∘ forward.
     */
    function forwardMultiplyInverse(uint256[] memory a, uint256[] memory b) external pure returns (uint256[] memory) {
        (uint256 p, uint256 words) = _pack(a);
        (uint256 e, ) = _pack(b);
        uint256 twiddles = FalconNTT.loadTwiddles();
        (, uint256 inverseFrom) = FalconNTT.forwardMultiply(p, e, words, twiddles);
        FalconNTT.inverse(p, words, twiddles, inverseFrom);
        return _unpack(p, words);
    }

    /**
     * @dev {FalconNTT.inverseNorm} of `a` against the point `c`, and its gas: from the first layer for n = 512, from
     * the second for n = 1024 (it takes an even number of layers; {FalconNTT.forwardMultiply} runs the first).
     */
    function inverseNorm(uint256[] memory a, uint256[] memory c) external view returns (uint256 norm, uint256 gasUsed) {
        (uint256 p, uint256 words) = _pack(a);
        (uint256 cp, ) = _pack(c);
        uint256 twiddles = FalconNTT.loadTwiddles();
        gasUsed = gasleft();
        norm = FalconNTT.inverseNorm(p, cp, words, twiddles, words >> 6);
        gasUsed -= gasleft();
    }

    /**
     * @dev ‖c − {FalconNTTReference.inverseFrom}(a) mod q‖², centred, in plain Solidity (`c` taken mod 2^16 then q),
     * from the layer {inverseNorm} starts at.
     */
    function referenceInverseNorm(uint256[] memory a, uint256[] memory c) external pure returns (uint256 norm) {
        for (uint256 i = 0; i < a.length; i++) a[i] %= FalconNTT.Q;
        uint256[] memory s = FalconNTTReference.inverseFrom(a, a.length >> 6);
        for (uint256 i = 0; i < s.length; i++) {
            uint256 r = ((c[i] & 0xffff) % FalconNTT.Q + FalconNTT.Q - s[i] % FalconNTT.Q) % FalconNTT.Q;
            uint256 m = r > FalconNTT.Q / 2 ? FalconNTT.Q - r : r;
            norm += m * m;
        }
    }

    /// @dev Gas of {FalconNTT.forward}, {FalconNTT.multiply} and {FalconNTT.inverse} in sequence.
    function gasOf(uint256[] memory a, uint256[] memory b)
        external
        view
        returns (uint256 forwardGas, uint256 multiplyGas, uint256 inverseGas)
    {
        (uint256 p, uint256 words) = _pack(a);
        (uint256 e, ) = _pack(b);
        uint256 twiddles = FalconNTT.loadTwiddles();
        forwardGas = gasleft();
        FalconNTT.forward(p, words, twiddles);
        forwardGas -= gasleft();
        multiplyGas = gasleft();
        FalconNTT.multiply(p, e, words, twiddles);
        multiplyGas -= gasleft();
        inverseGas = gasleft();
        FalconNTT.inverse(p, words, twiddles, 1);
        inverseGas -= gasleft();
    }

    /// @dev {FalconNTTReference.forward}.
    function referenceForward(uint256[] memory a) external pure returns (uint256[] memory) {
        return FalconNTTReference.forward(a);
    }

    /// @dev {FalconNTTReference.inverse}.
    function referenceInverse(uint256[] memory a) external pure returns (uint256[] memory) {
        return FalconNTTReference.inverse(a);
    }

    /// @dev {FalconNTTReference.multiply}.
    function referenceMultiply(uint256[] memory a, uint256[] memory b) external pure returns (uint256[] memory) {
        return FalconNTTReference.multiply(a, b);
    }

    /// @dev Packs coefficients (each below 2^32) eight to a word, coefficient 8w + j in lane j of word w.
    function _pack(uint256[] memory a) private pure returns (uint256 p, uint256 words) {
        words = a.length / 8;
        bytes memory buffer = new bytes(words * 32);
        assembly ("memory-safe") {
            p := add(buffer, 0x20)
        }
        for (uint256 w = 0; w < words; w++) {
            uint256 word = 0;
            for (uint256 j = 0; j < 8; j++) word |= a[8 * w + j] << (32 * (7 - j));
            assembly ("memory-safe") {
                mstore(add(p, shl(5, w)), word)
            }
        }
    }

    function _unpack(uint256 p, uint256 words) private pure returns (uint256[] memory a) {
        a = new uint256[](words * 8);
        for (uint256 w = 0; w < words; w++) {
            uint256 word;
            assembly ("memory-safe") {
                word := mload(add(p, shl(5, w)))
            }
            for (uint256 j = 0; j < 8; j++) a[8 * w + j] = (word >> (32 * (7 - j))) & 0xffffffff;
        }
    }
}
