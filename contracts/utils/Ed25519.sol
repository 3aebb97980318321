// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ED25519_BASE_TABLE_WIDTH} from "./Ed25519BaseTable.sol";
import {SHA512} from "./SHA512.sol";

/**
 * @dev Ed25519 signature verification (RFC 8032 §5.1.7) for messages of any length.
 *
 * Semantics, the ones integrators can rely on:
 * - S is rejected unless S < L (no malleable twin S + L);
 * - A and R are rejected unless canonical: y < p, and not x = 0 with the sign bit set; A must decode to a point
 *   of the curve;
 * - the cofactorless equation [S]B = R + [k]A is checked, as encodings: [S]B − [k]A is computed and encoded, and
 *   its 32 bytes must equal R's. RFC 8032 allows either equation; the cofactorless one is the check of libsodium,
 *   Go's crypto/ed25519 and ed25519-dalek's `verify`, it needs no decompression of R (one square root fewer),
 *   and it accepts every signature an RFC 8032 signer produces (all of RFC 8032's test vectors). It differs from
 *   the cofactored [8][S]B = [8]R + [8][k]A only on crafted signatures whose R or A has a small-order component:
 *   those may be rejected here and accepted by a cofactored (ZIP-215) verifier, never the other way round for
 *   canonical encodings.
 *
 * [S]B − [k]A is computed by interleaved wNAF over one doubling chain, in extended twisted Edwards coordinates
 * (Hisil–Wong–Carter–Dawson 2008, a = −1) with MULMOD arithmetic: S in width {ED25519_BASE_TABLE_WIDTH} over
 * a table of B's odd multiples read from a data contract ({Ed25519BaseTable}), k in width 5 over A, 3A, …, 15A
 * computed per call. Decompressing A takes one MODEXP call (the square root), encoding the result one more (the
 * inversion of Z).
 */
library Ed25519 {
    /// @dev The field prime 2^255 − 19.
    uint256 internal constant P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed;
    /// @dev The order of the base point, 2^252 + 27742317777372353535851937790883648493.
    uint256 internal constant L = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed;
    /// @dev The curve constant d = −121665/121666 mod p, and 2d.
    uint256 private constant D = 37095705934669439343138083508754565189542113879843219016388785533085940283555;
    uint256 private constant D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161;
    /// @dev √−1 mod p = 2^((p−1)/4).
    uint256 private constant SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752;
    /// @dev 2^256 mod L, to reduce the 512-bit hash.
    uint256 private constant R256 = 7237005577332262213973186563042994240413239274941949949428319933631315875101;
    /// @dev The wNAF width for the key A (8 odd multiples).
    uint256 private constant WIDTH_A = 5;

    /**
     * @dev Whether `signature` = R ‖ S (64 bytes) is a valid Ed25519 signature of `message` by the 32-byte RFC 8032
     * public key `publicKey`. `table` is an {Ed25519BaseTable} deployment. Never reverts on bad input.
     */
    function verify(
        address table,
        bytes32 publicKey,
        bytes32 r,
        bytes32 s,
        bytes memory message
    ) internal view returns (bool) {
        uint256 scalarS = _littleEndian(s);
        if (scalarS >= L) return false;
        (bool ok, uint256 x, uint256 y) = decompress(publicKey);
        if (!ok) return false;
        uint256[4] memory q = _doubleScalarMul(table, scalarS, challenge(r, publicKey, message), x, y);
        (ok, x, y) = _toAffine(q);
        return ok && _littleEndian(r) == (y | ((x & 1) << 255));
    }

    /// @dev k = SHA-512(R ‖ A ‖ M) read little-endian (the first half is the low 256 bits), mod L.
    function challenge(bytes32 r, bytes32 publicKey, bytes memory message) internal pure returns (uint256) {
        (bytes32 first, bytes32 second) = SHA512.hash(bytes.concat(r, publicKey, message));
        return addmod(_littleEndian(first) % L, mulmod(_littleEndian(second), R256, L), L);
    }

    /**
     * @dev The affine point (x, y) of a 32-byte encoding (RFC 8032 §5.1.3), or `false` when the encoding is not
     * canonical (y ≥ p, or x = 0 with the sign bit set) or y is not the ordinate of a curve point.
     */
    function decompress(bytes32 encoded) internal view returns (bool, uint256, uint256) {
        uint256 value = _littleEndian(encoded);
        uint256 y = value & ((1 << 255) - 1);
        uint256 sign = value >> 255;
        if (y >= P) return (false, 0, 0);
        uint256 yy = mulmod(y, y, P);
        uint256 u = addmod(yy, P - 1, P);
        uint256 v = addmod(mulmod(D, yy, P), 1, P);
        // x = u·v³·(u·v⁷)^((p−5)/8), a square root of u/v or of −u/v (RFC 8032 §5.1.3 step 3).
        uint256 v3 = mulmod(mulmod(v, v, P), v, P);
        (bool ok, uint256 power) = _modExp(mulmod(u, mulmod(mulmod(v3, v3, P), v, P), P), (P - 5) / 8);
        if (!ok) return (false, 0, 0);
        uint256 x = mulmod(mulmod(u, v3, P), power, P);
        uint256 vxx = mulmod(v, mulmod(x, x, P), P);
        if (vxx != u) {
            if (vxx != P - u) return (false, 0, 0);
            x = mulmod(x, SQRT_M1, P);
        }
        if (x == 0 && sign == 1) return (false, 0, 0);
        if (x & 1 != sign) x = P - x;
        return (true, x, y);
    }

    /**
     * @dev Whether the affine point (x, y) has small order (divides 8): [8](x, y) is the identity. Anyone can sign
     * for such a public key (its discrete logarithm is known up to the cofactor), so it is no key to register.
     */
    function isSmallOrder(uint256 x, uint256 y) internal pure returns (bool) {
        uint256[4] memory q = [x, y, 1, mulmod(x, y, P)];
        _double(q);
        _double(q);
        _double(q);
        return q[0] == 0 && q[1] == q[2];
    }

    /// @dev [s]B − [k]A in extended coordinates (X, Y, Z, T), for A = (x, y) affine.
    function _doubleScalarMul(
        address table,
        uint256 s,
        uint256 k,
        uint256 x,
        uint256 y
    ) internal view returns (uint256[4] memory q) {
        int256[256] memory nafS = wnaf(s, ED25519_BASE_TABLE_WIDTH);
        int256[256] memory nafK = wnaf(k, WIDTH_A);
        uint256[4][8] memory multiplesA = _oddMultiples(x, y);
        uint256[4] memory entry;
        q = [uint256(0), 1, 1, 0];
        for (uint256 i = 256; i > 0; ) {
            --i;
            _double(q);
            int256 digit = nafS[i];
            if (digit != 0) {
                _readBase(table, uint256(digit > 0 ? digit : -digit) >> 1, entry);
                _addCached(q, entry, digit < 0);
            }
            digit = nafK[i];
            if (digit != 0) _addCached(q, multiplesA[uint256(digit > 0 ? digit : -digit) >> 1], digit > 0);
        }
    }

    /**
     * @dev The width-`w` non-adjacent form of `k` < 2^254, least significant digit first: every nonzero digit is
     * odd with |d| < 2^(w−1), any w consecutive digits hold at most one nonzero, and Σ dᵢ·2^i = k. Assembly (two
     * recodings a verification, 256 digits each); {Ed25519PointReference-wnaf} is its plain-Solidity version.
     */
    function wnaf(uint256 k, uint256 w) internal pure returns (int256[256] memory digits) {
        assembly ("memory-safe") {
            let window := shl(w, 1)
            for { let i := 0 } and(iszero(iszero(k)), lt(i, 256)) { i := add(i, 1) } {
                if and(k, 1) {
                    // The odd residue of k mod 2^w, taken in (−2^(w−1), 2^(w−1)); a negative digit is stored in two's
                    // complement, and k − digit is then k + |digit|.
                    let digit := and(k, sub(window, 1))
                    if iszero(lt(digit, shr(1, window))) { digit := sub(digit, window) }
                    mstore(add(digits, shl(5, i)), digit)
                    k := sub(k, digit)
                }
                k := shr(1, k)
            }
        }
    }

    /// @dev A, 3A, …, 15A in the cached form (Y + X, Y − X, 2d·T, 2Z), for A = (x, y) affine.
    function _oddMultiples(uint256 x, uint256 y) private pure returns (uint256[4][8] memory multiples) {
        uint256[4] memory point = [x, y, 1, mulmod(x, y, P)];
        uint256[4] memory twice = [x, y, 1, point[3]];
        _double(twice);
        uint256[4] memory twiceCached = _cached(twice);
        multiples[0] = _cached(point);
        for (uint256 j = 1; j < 8; ++j) {
            _addCached(point, twiceCached, false);
            multiples[j] = _cached(point);
        }
    }

    /// @dev Entry `index` of the base table, (2·index + 1)B, in the cached form (Y + X, Y − X, 2d·T, 2Z) with Z = 1.
    function _readBase(address table, uint256 index, uint256[4] memory entry) private view {
        uint256 x;
        uint256 y;
        assembly ("memory-safe") {
            // Scratch space (0x00 … 0x3f) holds the 64-byte entry: x, then y.
            extcodecopy(table, 0x00, add(1, mul(index, 64)), 64)
            x := mload(0x00)
            y := mload(0x20)
        }
        entry[0] = addmod(y, x, P);
        entry[1] = addmod(y, P - x, P);
        entry[2] = mulmod(D2, mulmod(x, y, P), P);
        entry[3] = 2;
    }

    function _cached(uint256[4] memory p) private pure returns (uint256[4] memory) {
        return [addmod(p[1], p[0], P), addmod(p[1], P - p[0], P), mulmod(D2, p[3], P), addmod(p[2], p[2], P)];
    }

    /**
     * @dev q ← 2q (dbl-2008-hwcd with a = −1, all four intermediates negated, which leaves the products unchanged).
     * Assembly, because the doubling runs 256 times a verification; {Ed25519PointReference-double} (contracts/mocks)
     * is the plain-Solidity version the tests compare it with.
     */
    function _double(uint256[4] memory q) internal pure {
        assembly ("memory-safe") {
            let x := mload(q)
            let y := mload(add(q, 0x20))
            let a := mulmod(x, x, P)
            let b := mulmod(y, y, P)
            let c := mulmod(mload(add(q, 0x40)), mload(add(q, 0x40)), P)
            c := addmod(c, c, P)
            let h := addmod(a, b, P)
            let e := addmod(x, y, P)
            e := addmod(h, sub(P, mulmod(e, e, P)), P)
            let g := addmod(a, sub(P, b), P)
            let f := addmod(c, g, P)
            mstore(q, mulmod(e, f, P))
            mstore(add(q, 0x20), mulmod(g, h, P))
            mstore(add(q, 0x40), mulmod(f, g, P))
            mstore(add(q, 0x60), mulmod(e, h, P))
        }
    }

    /**
     * @dev q ← q + c, or q − c when `subtract`, for c in cached form (add-2008-hwcd-3 with a = −1). Assembly, as
     * {_double}; {Ed25519PointReference-addCached} is its plain-Solidity version.
     */
    function _addCached(uint256[4] memory q, uint256[4] memory c, bool subtract) internal pure {
        assembly ("memory-safe") {
            let yPlusX := mload(c)
            let yMinusX := mload(add(c, 0x20))
            let t2d := mload(add(c, 0x40))
            // −c = (Y − X, Y + X, −2d·T, 2Z) in cached form.
            if subtract {
                let swap := yPlusX
                yPlusX := yMinusX
                yMinusX := swap
                t2d := sub(P, t2d)
            }
            let x := mload(q)
            let y := mload(add(q, 0x20))
            let a := mulmod(addmod(y, sub(P, x), P), yMinusX, P)
            let b := mulmod(addmod(y, x, P), yPlusX, P)
            let cc := mulmod(mload(add(q, 0x60)), t2d, P)
            let d := mulmod(mload(add(q, 0x40)), mload(add(c, 0x60)), P)
            let e := addmod(b, sub(P, a), P)
            let f := addmod(d, sub(P, cc), P)
            let g := addmod(d, cc, P)
            let h := addmod(b, a, P)
            mstore(q, mulmod(e, f, P))
            mstore(add(q, 0x20), mulmod(g, h, P))
            mstore(add(q, 0x40), mulmod(f, g, P))
            mstore(add(q, 0x60), mulmod(e, h, P))
        }
    }

    /// @dev The affine (X/Z, Y/Z) of q, by one MODEXP (Z^(p−2)).
    function _toAffine(uint256[4] memory q) internal view returns (bool, uint256, uint256) {
        (bool ok, uint256 inverse) = _modExp(q[2], P - 2);
        return (ok, mulmod(q[0], inverse, P), mulmod(q[1], inverse, P));
    }

    /// @dev base^exponent mod p by the MODEXP precompile (0x05).
    function _modExp(uint256 base, uint256 exponent) private view returns (bool, uint256) {
        (bool ok, bytes memory result) = address(0x05).staticcall(
            abi.encodePacked(uint256(32), uint256(32), uint256(32), base, exponent, P)
        );
        if (!ok || result.length != 32) return (false, 0);
        return (true, abi.decode(result, (uint256)));
    }

    /// @dev The integer whose little-endian encoding is `b` (byte order reversed).
    function _littleEndian(bytes32 b) internal pure returns (uint256 v) {
        v = uint256(b);
        v = ((v & 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff) << 8) |
            ((v >> 8) & 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff);
        v = ((v & 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff) << 16) |
            ((v >> 16) & 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff);
        v = ((v & 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff) << 32) |
            ((v >> 32) & 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff);
        v = ((v & 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff) << 64) |
            ((v >> 64) & 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff);
        v = (v << 128) | (v >> 128);
    }
}
