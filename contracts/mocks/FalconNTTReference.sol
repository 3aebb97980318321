// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference for {FalconNTT}: one coefficient per array entry, every operation reduced mod q,
 * twiddles computed as powers of 7. Slow and obviously correct, for differential tests only.
 */
library FalconNTTReference {
    uint256 internal constant Q = 12289;

    /// @dev Forward negacyclic NTT (Cooley–Tukey, natural order in, bit-reversed order out).
    function forward(uint256[] memory a) internal pure returns (uint256[] memory) {
        uint256 n = a.length;
        uint256 k = 0;
        for (uint256 len = n / 2; len >= 1; len /= 2) {
            for (uint256 start = 0; start < n; start += 2 * len) {
                uint256 zeta = zetaOf(++k);
                for (uint256 j = start; j < start + len; j++) {
                    uint256 t = mulmod(zeta, a[j + len], Q);
                    a[j + len] = addmod(a[j], Q - t, Q);
                    a[j] = addmod(a[j], t, Q);
                }
            }
        }
        return a;
    }

    /// @dev Inverse of {forward} without the final scaling by n⁻¹ (Gentleman–Sande).
    function inverse(uint256[] memory a) internal pure returns (uint256[] memory) {
        uint256 n = a.length;
        uint256 k = n;
        for (uint256 len = 1; len < n; len *= 2) {
            for (uint256 start = 0; start < n; start += 2 * len) {
                uint256 zeta = Q - zetaOf(--k);
                for (uint256 j = start; j < start + len; j++) {
                    uint256 t = a[j];
                    a[j] = addmod(t, a[j + len], Q);
                    a[j + len] = mulmod(zeta, addmod(t, Q - a[j + len], Q), Q);
                }
            }
        }
        return a;
    }

    /// @dev a[i]·b[i]·2^-16 mod q.
    function multiplyMontgomery(uint256[] memory a, uint256[] memory b) internal pure returns (uint256[] memory) {
        uint256 rInverse = _power(1 << 16, Q - 2);
        for (uint256 i = 0; i < a.length; i++) a[i] = mulmod(mulmod(a[i], b[i], Q), rInverse, Q);
        return a;
    }

    /// @dev ζ[k] = 7^brv10(k) mod q.
    function zetaOf(uint256 k) internal pure returns (uint256) {
        uint256 reversed = 0;
        for (uint256 i = 0; i < 10; i++) reversed |= ((k >> i) & 1) << (9 - i);
        return _power(7, reversed);
    }

    function _power(uint256 base, uint256 exponent) private pure returns (uint256 result) {
        result = 1;
        for (; exponent > 0; exponent >>= 1) {
            if (exponent & 1 == 1) result = mulmod(result, base, Q);
            base = mulmod(base, base, Q);
        }
    }
}
