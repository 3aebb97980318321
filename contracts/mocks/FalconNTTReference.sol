// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference for {FalconNTT}: one coefficient per array entry, every operation reduced mod q,
 * twiddles computed as powers of 7. Slow and obviously correct, for differential tests only.
 */
library FalconNTTReference {
    uint256 internal constant Q = 12289;

    /// @dev The first log2(n) − 3 layers of the forward negacyclic NTT (Cooley–Tukey, ζ[k] for k = 1, 2, …).
    function forward(uint256[] memory a) internal pure returns (uint256[] memory) {
        uint256 n = a.length;
        uint256 k = 0;
        for (uint256 len = n / 2; len >= 8; len /= 2) {
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

    /// @dev Inverse of {forward} without the final scaling by (n/8)⁻¹ (Gentleman–Sande, −ζ[k] for k = n/8 − 1 down).
    function inverse(uint256[] memory a) internal pure returns (uint256[] memory) {
        return inverseFrom(a, 8);
    }

    /// @dev {inverse}'s layers from the one pairing coefficients `len` apart on (8: all of them).
    function inverseFrom(uint256[] memory a, uint256 len) internal pure returns (uint256[] memory) {
        uint256 n = a.length;
        // Each layer before `len` would have used n/(2·its len) twiddles.
        uint256 k = (n / 8) * 8 / len;
        for (; len < n; len *= 2) {
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

    /// @dev Block w (coefficients 8w … 8w + 7) of a times that of b mod (X^8 − ζ[n/8 + w]²), times 2^-16, mod q.
    function multiply(uint256[] memory a, uint256[] memory b) internal pure returns (uint256[] memory c) {
        uint256 n = a.length;
        uint256 rInverse = _power(1 << 16, Q - 2);
        c = new uint256[](n);
        for (uint256 w = 0; w < n / 8; w++) {
            uint256 zeta = zetaOf(n / 8 + w);
            uint256 r = mulmod(zeta, zeta, Q);
            // The integer product of the two blocks (unchecked: the values are below q), then X^8 = r.
            uint256[15] memory product;
            uint256[8] memory x;
            uint256[8] memory y;
            for (uint256 i = 0; i < 8; i++) (x[i], y[i]) = (a[8 * w + i], b[8 * w + i]);
            unchecked {
                for (uint256 i = 0; i < 8; i++) {
                    for (uint256 j = 0; j < 8; j++) product[i + j] += x[i] * y[j];
                }
            }
            for (uint256 k = 0; k < 8; k++) {
                uint256 folded = k < 7 ? product[k] + mulmod(product[k + 8], r, Q) : product[k];
                c[8 * w + k] = mulmod(folded % Q, rInverse, Q);
            }
        }
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
