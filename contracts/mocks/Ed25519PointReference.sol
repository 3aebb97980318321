// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev The plain-Solidity references of {Ed25519}'s routines in assembly, written to be read: the tests
 * compare the two on random points. Extended twisted Edwards coordinates (X, Y, Z, T) with a = −1 over p = 2^255 − 19.
 */
library Ed25519PointReference {
    uint256 private constant P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed;
    uint256 private constant D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161;
    /// @dev The base point B, affine.
    uint256 private constant BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202;
    uint256 private constant BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960;

    /**
     * @dev [s]B − [k]A for A = (x, y) affine, by interleaved wNAF (s in width 10 over B, 3B, …, 511B; k in width 5
     * over A, 3A, …, 15A) with {double} and {addCached}: what {Ed25519-_doubleScalarMul} computes, with B's odd
     * multiples computed here rather than read from the table contract.
     */
    function doubleScalarMul(uint256 s, uint256 k, uint256 x, uint256 y) internal pure returns (uint256[4] memory q) {
        int256[256] memory nafS = wnaf(s, 10);
        int256[256] memory nafK = wnaf(k, 5);
        uint256[4][] memory multiplesB = oddMultiples(BX, BY, 256);
        uint256[4][] memory multiplesA = oddMultiples(x, y, 8);
        q = [uint256(0), 1, 1, 0];
        for (uint256 i = 256; i > 0; ) {
            --i;
            double(q);
            int256 digit = nafS[i];
            if (digit != 0) addCached(q, multiplesB[uint256(digit > 0 ? digit : -digit) >> 1], digit < 0);
            digit = nafK[i];
            if (digit != 0) addCached(q, multiplesA[uint256(digit > 0 ? digit : -digit) >> 1], digit > 0);
        }
    }

    /// @dev P, 3P, …, (2n − 1)P in cached form (Y + X, Y − X, 2d·T, 2Z), for P = (x, y) affine.
    function oddMultiples(uint256 x, uint256 y, uint256 n) internal pure returns (uint256[4][] memory multiples) {
        multiples = new uint256[4][](n);
        uint256[4] memory point = [x, y, 1, mulmod(x, y, P)];
        uint256[4] memory twice = [x, y, 1, point[3]];
        double(twice);
        uint256[4] memory twiceCached = cached(twice);
        multiples[0] = cached(point);
        for (uint256 j = 1; j < n; ++j) {
            addCached(point, twiceCached, false);
            multiples[j] = cached(point);
        }
    }

    /// @dev (X, Y, Z, T) in cached form.
    function cached(uint256[4] memory p) internal pure returns (uint256[4] memory) {
        return [addmod(p[1], p[0], P), addmod(p[1], P - p[0], P), mulmod(D2, p[3], P), addmod(p[2], p[2], P)];
    }

    /// @dev q ← 2q (dbl-2008-hwcd with a = −1, all four intermediates negated, which leaves the products unchanged).
    function double(uint256[4] memory q) internal pure {
        uint256 a = mulmod(q[0], q[0], P);
        uint256 b = mulmod(q[1], q[1], P);
        uint256 c = mulmod(q[2], q[2], P);
        c = addmod(c, c, P);
        uint256 h = addmod(a, b, P);
        uint256 e = addmod(q[0], q[1], P);
        e = addmod(h, P - mulmod(e, e, P), P);
        uint256 g = addmod(a, P - b, P);
        uint256 f = addmod(c, g, P);
        q[0] = mulmod(e, f, P);
        q[1] = mulmod(g, h, P);
        q[2] = mulmod(f, g, P);
        q[3] = mulmod(e, h, P);
    }

    /// @dev q ← q + c, or q − c when `subtract`, for c in cached form (add-2008-hwcd-3 with a = −1).
    function addCached(uint256[4] memory q, uint256[4] memory c, bool subtract) internal pure {
        (uint256 yPlusX, uint256 yMinusX, uint256 t2d) = subtract ? (c[1], c[0], P - c[2]) : (c[0], c[1], c[2]);
        uint256 a = mulmod(addmod(q[1], P - q[0], P), yMinusX, P);
        uint256 b = mulmod(addmod(q[1], q[0], P), yPlusX, P);
        uint256 cc = mulmod(q[3], t2d, P);
        uint256 d = mulmod(q[2], c[3], P);
        uint256 e = addmod(b, P - a, P);
        uint256 f = addmod(d, P - cc, P);
        uint256 g = addmod(d, cc, P);
        uint256 h = addmod(b, a, P);
        q[0] = mulmod(e, f, P);
        q[1] = mulmod(g, h, P);
        q[2] = mulmod(f, g, P);
        q[3] = mulmod(e, h, P);
    }

    /// @dev The width-`w` non-adjacent form of `k` < 2^254, least significant digit first.
    function wnaf(uint256 k, uint256 w) internal pure returns (int256[256] memory digits) {
        int256 window = int256(1 << w);
        int256 half = window >> 1;
        for (uint256 i = 0; k != 0; ++i) {
            if (k & 1 == 1) {
                int256 digit = int256(k & uint256(window - 1));
                if (digit >= half) digit -= window;
                digits[i] = digit;
                k = digit > 0 ? k - uint256(digit) : k + uint256(-digit);
            }
            k >>= 1;
        }
    }
}
