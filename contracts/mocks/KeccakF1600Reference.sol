// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev A plain, readable Keccak-f[1600] (FIPS 202, Algorithm 7), only for tests: the optimised
 * {KeccakF1600} must agree with it on every input.
 */
library KeccakF1600Reference {
    function permute(uint64[25] memory a) internal pure {
        uint64[24] memory rc = [
            0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
            0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
            0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
            0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
            0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
            0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008
        ];
        uint8[25] memory rotation = [
            0, 1, 62, 28, 27,
            36, 44, 6, 55, 20,
            3, 10, 43, 25, 39,
            41, 45, 15, 21, 8,
            18, 2, 61, 56, 14
        ];
        for (uint256 round = 0; round < 24; round++) {
            // θ
            uint64[5] memory c;
            for (uint256 x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
            for (uint256 x = 0; x < 5; x++) {
                uint64 d = c[(x + 4) % 5] ^ _rotl(c[(x + 1) % 5], 1);
                for (uint256 y = 0; y < 5; y++) a[x + 5 * y] ^= d;
            }
            // ρ and π
            uint64[25] memory b;
            for (uint256 x = 0; x < 5; x++) {
                for (uint256 y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = _rotl(a[x + 5 * y], rotation[x + 5 * y]);
            }
            // χ
            for (uint256 x = 0; x < 5; x++) {
                for (uint256 y = 0; y < 5; y++) a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
            }
            // ι
            a[0] ^= rc[round];
        }
    }

    function _rotl(uint64 v, uint256 n) private pure returns (uint64) {
        return n == 0 ? v : (v << n) | (v >> (64 - n));
    }
}
