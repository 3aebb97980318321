// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600Reference} from "./KeccakF1600Reference.sol";

/**
 * @dev Plain-Solidity reference of SampleInBall (FIPS 204 Algorithm 29) for the three ML-DSA sets, written from the
 * standard over a plain SHAKE256 (FIPS 202: pad10*1 with the suffix 1111, rate 136 bytes, lanes little-endian) on
 * {KeccakF1600Reference}. Tests compare {MLDSA44}, {MLDSA65} and {MLDSA87}'s assembly with it.
 */
library MLDSASampleInBallReference {
    uint256 private constant RATE = 136;

    /// @dev c (coefficients in {−1, 0, 1}) with τ = `tau` nonzero coefficients from c̃ = `cTilde` (at most 135 bytes).
    function sampleInBall(bytes memory cTilde, uint256 tau) internal pure returns (int256[256] memory c) {
        uint64[25] memory state;
        bytes memory block_ = new bytes(RATE);
        for (uint256 m = 0; m < cTilde.length; m++) block_[m] = cTilde[m];
        block_[cTilde.length] = bytes1(uint8(block_[cTilde.length]) ^ 0x1f);
        block_[RATE - 1] = bytes1(uint8(block_[RATE - 1]) ^ 0x80);
        for (uint256 m = 0; m < RATE; m++) state[m / 8] ^= uint64(uint8(block_[m])) << uint64(8 * (m % 8));
        KeccakF1600Reference.permute(state);

        // The squeezed stream, one byte at a time: byte `k` of the current block.
        uint256 k = 0;
        uint256 signs = 0;
        for (uint256 m = 0; m < 8; m++) {
            signs |= uint256(_byteAt(state, k)) << (8 * m);
            k++;
        }
        for (uint256 i = 256 - tau; i < 256; i++) {
            uint256 j;
            do {
                if (k == RATE) {
                    KeccakF1600Reference.permute(state);
                    k = 0;
                }
                j = _byteAt(state, k);
                k++;
            } while (j > i);
            c[i] = c[j];
            c[j] = (signs >> (i + tau - 256)) & 1 == 1 ? int256(-1) : int256(1);
        }
    }

    function _byteAt(uint64[25] memory state, uint256 k) private pure returns (uint256) {
        return uint8(state[k / 8] >> (8 * (k % 8)));
    }
}
