// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference of {MLDSANTT}: FIPS 204 Algorithms 41 and 42 written as in the standard,
 * every value reduced to [0, q), zetas computed from ζ = 1753. Test-only; the assembly must agree with it.
 */
library MLDSANTTReference {
    uint256 internal constant Q = 8380417;

    function zetas() internal pure returns (uint256[256] memory z) {
        uint256[256] memory powers;
        powers[0] = 1;
        for (uint256 i = 1; i < 256; i++) powers[i] = mulmod(powers[i - 1], 1753, Q);
        for (uint256 m = 0; m < 256; m++) z[m] = powers[_bitReverse8(m)];
    }

    function ntt(uint256[256] memory w) internal pure returns (uint256[256] memory) {
        uint256[256] memory z = zetas();
        for (uint256 j = 0; j < 256; j++) w[j] %= Q;
        uint256 m = 0;
        for (uint256 len = 128; len >= 1; len >>= 1) {
            for (uint256 start = 0; start < 256; start += 2 * len) {
                uint256 zeta = z[++m];
                for (uint256 j = start; j < start + len; j++) {
                    uint256 t = mulmod(zeta, w[j + len], Q);
                    w[j + len] = (w[j] + Q - t) % Q;
                    w[j] = (w[j] + t) % Q;
                }
            }
        }
        return w;
    }

    function invNtt(uint256[256] memory w) internal pure returns (uint256[256] memory) {
        uint256[256] memory z = zetas();
        for (uint256 j = 0; j < 256; j++) w[j] %= Q;
        uint256 m = 256;
        for (uint256 len = 1; len < 256; len <<= 1) {
            for (uint256 start = 0; start < 256; start += 2 * len) {
                uint256 zeta = Q - z[--m];
                for (uint256 j = start; j < start + len; j++) {
                    uint256 t = w[j];
                    w[j] = (t + w[j + len]) % Q;
                    w[j + len] = mulmod(zeta, t + Q - w[j + len], Q);
                }
            }
        }
        for (uint256 j = 0; j < 256; j++) w[j] = mulmod(w[j], 8347681, Q);
        return w;
    }

    function _bitReverse8(uint256 v) private pure returns (uint256 r) {
        for (uint256 bit = 0; bit < 8; bit++) r |= ((v >> bit) & 1) << (7 - bit);
    }
}
