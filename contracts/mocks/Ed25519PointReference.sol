// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ED25519_BASE_TABLE_WIDTH} from "../utils/Ed25519BaseTable.sol";

/**
 * @dev The plain-Solidity references of {Ed25519}'s routines in assembly, written to be read: the tests
 * compare the two on random points. Extended twisted Edwards coordinates (X, Y, Z, T) with a = −1 over p = 2^255 − 19.
 */
library Ed25519PointReference {
    uint256 private constant P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed;
    uint256 private constant D = 37095705934669439343138083508754565189542113879843219016388785533085940283555;
    uint256 private constant SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752;
    uint256 private constant D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161;
    /// @dev The base point B and B' = [2^128]B, affine.
    uint256 private constant BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202;
    uint256 private constant BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960;
    uint256 private constant B128X = 34445898214599204196824587830670445739267303633182408050117152659121903233060;
    uint256 private constant B128Y = 43048524062920118298805915568484795959327268000798232147099016825120495085163;

    /**
     * @dev [b]B − [c]R ∓ [a]A (+ when `addA`) for `points` = (R.x, R.y, A.x, A.y) affine, by interleaved wNAF
     * (b's low and high 128 bits in the table width over B's and B''s odd multiples, c and a in width 5 over R's and A's)
     * with {double} and {addCached}: what {Ed25519-_multiScalarMul} computes, with the base points' multiples
     * computed here rather than read from the table contract.
     */
    function multiScalarMul(
        uint256 b,
        uint256 c,
        uint256 a,
        bool addA,
        uint256[4] memory points
    ) internal pure returns (uint256[4] memory q) {
        uint256 width = ED25519_BASE_TABLE_WIDTH;
        int256[256][4] memory digits = [wnaf(b & type(uint128).max, width), wnaf(b >> 128, width), wnaf(c, 5), wnaf(a, 5)];
        uint256[4][][4] memory multiples = [
            oddMultiples(BX, BY, 1 << (width - 2)),
            oddMultiples(B128X, B128Y, 1 << (width - 2)),
            oddMultiples(points[0], points[1], 8),
            oddMultiples(points[2], points[3], 8)
        ];
        // Whether a positive digit subtracts its multiple: +[b]B, −[c]R, −[a]A unless addA.
        bool[4] memory subtractPositive = [false, false, true, !addA];
        q = [uint256(0), 1, 1, 0];
        for (uint256 i = 129; i > 0; ) {
            --i;
            double(q);
            for (uint256 j = 0; j < 4; ++j) {
                int256 digit = digits[j][i];
                if (digit != 0) {
                    addCached(q, multiples[j][uint256(digit > 0 ? digit : -digit) >> 1], (digit > 0) == subtractPositive[j]);
                }
            }
        }
    }

    /**
     * @dev {Ed25519-decompress}: the affine point (x, y) of a 32-byte encoding (RFC 8032 §5.1.3), or `false` when
     * the encoding is not canonical (y ≥ p, or x = 0 with the sign bit set) or y is not the ordinate of a curve point.
     */
    function decompress(bytes32 encoded) internal view returns (bool, uint256, uint256) {
        uint256 value;
        for (uint256 i = 0; i < 32; ++i) value |= uint256(uint8(encoded[i])) << (8 * i);
        uint256 y = value & ((1 << 255) - 1);
        uint256 sign = value >> 255;
        if (y >= P) return (false, 0, 0);
        uint256 yy = mulmod(y, y, P);
        uint256 u = addmod(yy, P - 1, P);
        uint256 v = addmod(mulmod(D, yy, P), 1, P);
        uint256 v3 = mulmod(mulmod(v, v, P), v, P);
        (bool ok, bytes memory power) = address(0x05).staticcall(
            abi.encodePacked(uint256(32), uint256(32), uint256(32), mulmod(u, mulmod(mulmod(v3, v3, P), v, P), P), (P - 5) / 8, P)
        );
        if (!ok || power.length != 32) return (false, 0, 0);
        uint256 x = mulmod(mulmod(u, v3, P), abi.decode(power, (uint256)), P);
        uint256 vxx = mulmod(v, mulmod(x, x, P), P);
        if (vxx != u) {
            if (vxx != P - u) return (false, 0, 0);
            x = mulmod(x, SQRT_M1, P);
        }
        if (x == 0 && sign == 1) return (false, 0, 0);
        if (x & 1 != sign) x = P - x;
        return (true, x, y);
    }

    /// @dev {Ed25519-clearsToIdentity}: whether [8]q is the identity (0 : Z : Z : 0), by three doublings.
    function clearsToIdentity(uint256[4] memory q) internal pure returns (bool) {
        uint256[4] memory r = [q[0], q[1], q[2], q[3]];
        double(r);
        double(r);
        double(r);
        return r[0] == 0 && r[1] == r[2];
    }

    /// @dev {Ed25519-halfSize}: c·k ≡ ±a (mod L) with c < 2^127, a < 2^126, by the extended Euclidean algorithm.
    function halfSize(uint256 k) internal pure returns (uint256 c, uint256 a, bool negative) {
        uint256 previous = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed;
        a = k;
        int256 previousT = 0;
        int256 t = 1;
        while (a >= 1 << 126) {
            uint256 quotient = previous / a;
            (previous, a) = (a, previous % a);
            (previousT, t) = (t, previousT - int256(quotient) * t);
        }
        negative = t < 0;
        c = uint256(negative ? -t : t);
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
