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

    /**
     * @dev [s]B − [k]A in extended coordinates (X, Y, Z, T), for A = (x, y) affine, by interleaved wNAF over one
     * doubling chain from the top digit down: per digit a doubling, then B's odd multiple from the table for a
     * nonzero digit of s, then ±A's odd multiple (A, 3A, …, 15A, computed first) for a nonzero digit of k.
     * Assembly: 256 doublings and about 70 additions, where Solidity's function calls and memory arrays cost more
     * than the arithmetic (this routine went from about 338,000 to 182,000 gas). The formulas are {_double}'s and
     * {_addCached}'s, on a point kept at a fixed memory address (on the stack, the compiler spills the chain's
     * variables and it costs more); {Ed25519PointReference-doubleScalarMul} is the plain-Solidity version the tests
     * compare it with.
     */
    function _doubleScalarMul(
        address table,
        uint256 s,
        uint256 k,
        uint256 x,
        uint256 y
    ) internal view returns (uint256[4] memory q) {
        int256[256] memory nafS = wnaf(s, ED25519_BASE_TABLE_WIDTH);
        int256[256] memory nafK = wnaf(k, WIDTH_A);
        assembly ("memory-safe") {
            // The point at memory `p` ← 2p: {_double}'s negated intermediates h = X² + Y², g = X² − Y²,
            // e = h − (X + Y)², f = 2Z² + g; T is not read.
            function double(p) {
                let x1 := mload(p)
                let y1 := mload(add(p, 0x20))
                let e := addmod(x1, y1, P)
                e := mulmod(e, e, P)
                {
                    let a := mulmod(x1, x1, P)
                    let b := mulmod(y1, y1, P)
                    y1 := addmod(a, b, P)
                    x1 := addmod(a, sub(P, b), P)
                }
                e := addmod(y1, sub(P, e), P)
                let f := mload(add(p, 0x40))
                f := addmod(shl(1, mulmod(f, f, P)), x1, P)
                mstore(p, mulmod(e, f, P))
                mstore(add(p, 0x20), mulmod(x1, y1, P))
                mstore(add(p, 0x40), mulmod(f, x1, P))
                mstore(add(p, 0x60), mulmod(e, y1, P))
            }
            // The point at memory `p` ← p + c, or p − c when `subtract` (0 or 1), for c at memory `c` in cached form
            // (Y + X, Y − X, 2d·T, 2Z): −c is (Y − X, Y + X, −2d·T, 2Z), so subtracting reads the first two words the
            // other way round and negates the third's product.
            function addCached(p, c, subtract) {
                let e
                let h
                {
                    let x1 := mload(p)
                    let y1 := mload(add(p, 0x20))
                    let a := mulmod(addmod(y1, sub(P, x1), P), mload(add(c, shl(5, iszero(subtract)))), P)
                    let b := mulmod(addmod(y1, x1, P), mload(add(c, shl(5, subtract))), P)
                    e := addmod(b, sub(P, a), P)
                    h := addmod(b, a, P)
                }
                let f
                let g
                {
                    let cc := mulmod(mload(add(p, 0x60)), mload(add(c, 0x40)), P)
                    if subtract { cc := sub(P, cc) }
                    let d := mulmod(mload(add(p, 0x40)), mload(add(c, 0x60)), P)
                    f := addmod(d, sub(P, cc), P)
                    g := addmod(d, cc, P)
                }
                mstore(p, mulmod(e, f, P))
                mstore(add(p, 0x20), mulmod(g, h, P))
                mstore(add(p, 0x40), mulmod(f, g, P))
                mstore(add(p, 0x60), mulmod(e, h, P))
            }
            // The point at memory `p`, in cached form at memory `out`.
            function storeCached(out, p) {
                let x1 := mload(p)
                let y1 := mload(add(p, 0x20))
                mstore(out, addmod(y1, x1, P))
                mstore(add(out, 0x20), addmod(y1, sub(P, x1), P))
                mstore(add(out, 0x40), mulmod(D2, mload(add(p, 0x60)), P))
                mstore(add(out, 0x60), shl(1, mload(add(p, 0x40))))
            }
            // q is the return value's memory (allocated on entry). Above the free memory pointer, unallocated: A, 3A, …,
            // 15A in cached form, 128 bytes each, then 2A, then a table entry (whose Z is 1, so its 2Z is 2).
            let multiples := mload(0x40)
            let twice := add(multiples, 0x400)
            let entry := add(multiples, 0x480)
            mstore(q, x)
            mstore(add(q, 0x20), y)
            mstore(add(q, 0x40), 1)
            mstore(add(q, 0x60), mulmod(x, y, P))
            storeCached(multiples, q)
            double(q)
            storeCached(twice, q)
            mstore(q, x)
            mstore(add(q, 0x20), y)
            mstore(add(q, 0x40), 1)
            mstore(add(q, 0x60), mulmod(x, y, P))
            for { let j := 0x80 } lt(j, 0x400) { j := add(j, 0x80) } {
                addCached(q, twice, 0)
                storeCached(add(multiples, j), q)
            }
            mstore(add(entry, 0x60), 2)
            // The chain, from the identity (0, 1, 1, 0); nafS's digits from the top, nafK's digit i `kOffset` bytes on.
            mstore(q, 0)
            mstore(add(q, 0x20), 1)
            mstore(add(q, 0x40), 1)
            mstore(add(q, 0x60), 0)
            let kOffset := sub(nafK, nafS)
            for { let digits := add(nafS, 0x2000) } gt(digits, nafS) {} {
                digits := sub(digits, 0x20)
                double(q)
                let digit := mload(digits)
                if digit {
                    // ±(2j + 1)B for j = |digit| >> 1: the table's affine x ‖ y at byte 1 + 64j, in cached form.
                    let negative := slt(digit, 0)
                    if negative { digit := sub(0, digit) }
                    extcodecopy(table, 0x00, add(1, shl(6, shr(1, digit))), 64)
                    let bx := mload(0x00)
                    let by := mload(0x20)
                    mstore(entry, addmod(by, bx, P))
                    mstore(add(entry, 0x20), addmod(by, sub(P, bx), P))
                    mstore(add(entry, 0x40), mulmod(D2, mulmod(bx, by, P), P))
                    addCached(q, entry, negative)
                }
                digit := mload(add(digits, kOffset))
                if digit {
                    // −[k]A: a positive digit subtracts its multiple of A, a negative one adds it.
                    let positive := sgt(digit, 0)
                    if iszero(positive) { digit := sub(0, digit) }
                    addCached(q, add(multiples, shl(7, shr(1, digit))), positive)
                }
            }
        }
    }

    /**
     * @dev The width-`w` non-adjacent form of `k` < 2^254, least significant digit first: every nonzero digit is
     * odd with |d| < 2^(w−1), any w consecutive digits hold at most one nonzero, and Σ dᵢ·2^i = k. Assembly (two
     * recodings a verification); after a nonzero digit the next w − 1 digits are zero, so the loop steps over them.
     * {Ed25519PointReference-wnaf} is its plain-Solidity version.
     */
    function wnaf(uint256 k, uint256 w) internal pure returns (int256[256] memory digits) {
        assembly ("memory-safe") {
            let window := shl(w, 1)
            for { let i := 0 } and(iszero(iszero(k)), lt(i, 256)) {} {
                switch and(k, 1)
                case 0 {
                    k := shr(1, k)
                    i := add(i, 1)
                }
                default {
                    // The odd residue of k mod 2^w, taken in (−2^(w−1), 2^(w−1)); a negative digit is stored in two's
                    // complement, and k − digit is then k + |digit|, divisible by 2^w.
                    let digit := and(k, sub(window, 1))
                    if iszero(lt(digit, shr(1, window))) { digit := sub(digit, window) }
                    mstore(add(digits, shl(5, i)), digit)
                    k := shr(w, sub(k, digit))
                    i := add(i, w)
                }
            }
        }
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
