// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ED25519_BASE_TABLE_WIDTH} from "./Ed25519BaseTable.sol";
import {SHA512} from "./SHA512.sol";

/**
 * @dev Ed25519 signature verification (RFC 8032 §5.1.7) for messages of any length.
 *
 * Semantics, the ones integrators can rely on:
 * - S is rejected unless S < L (no malleable twin S + L);
 * - A and R are rejected unless canonical (y < p, and not x = 0 with the sign bit set) and on the curve;
 * - A of small order (one of the eight points whose [8]-multiple is the identity) is rejected: with such a key the
 *   equation holds for R = [S]B plus any small-order point, whatever the message, so anyone could sign for it;
 * - the cofactored equation [8][S]B = [8]R + [8][k]A is checked: the one RFC 8032 §5.1.7 states (it allows the
 *   cofactorless [S]B = R + [k]A instead), ZIP-215's, and that of noble-curves' `ed25519.verify` with `zip215:
 *   false`, which makes the same three checks above. Every signature an RFC 8032 signer makes passes both
 *   equations (all of RFC 8032's test vectors do); they differ only on crafted signatures whose R or A has a
 *   small-order component, which the cofactored equation accepts when their prime-order parts satisfy it. It is
 *   also what makes the half-size scalars below exact: [c] times the cofactorless difference would vanish or not
 *   depending on c's divisibility by 2, 4 and 8.
 *
 * The equation is checked as [8]Q = O for Q = [c·S mod L]B − [c]R ∓ [a]A with half-size scalars (Pornin,
 * "Optimized Lattice Basis Reduction In Dimension 2, and Fast Schnorr and EdDSA Signature Verification", IACR
 * ePrint 2020/454): the extended Euclidean algorithm on (L, k), stopped half-way, gives 0 < c < 2^127 and
 * a < 2^126 with c·k ≡ ±a (mod L) ({halfSize}). [8L] is the identity on every curve point, so
 * [8]Q = ±[c]([8]([S]B − R − [k]A)); that point lies in the prime-order subgroup and 0 < c < L, so [8]Q = O
 * exactly when the cofactored equation holds. c·S mod L is split at bit 128 over B and B' = [2^128]B, and the
 * four scalars share one doubling chain of 129 steps instead of 253 ({_multiScalarMul}).
 *
 * Arithmetic is in extended twisted Edwards coordinates (Hisil–Wong–Carter–Dawson 2008, a = −1) with MULMOD:
 * interleaved wNAF with width {ED25519_BASE_TABLE_WIDTH} over tables of B's and B''s odd multiples read from a
 * data contract ({Ed25519BaseTable}), and width 5 over R, 3R, …, 15R and A, 3A, …, 15A computed per call.
 * Decompressing A and R takes one MODEXP call each (the square root); the final check needs no inversion.
 */
library Ed25519 {
    /// @dev The field prime 2^255 − 19.
    uint256 internal constant P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed;
    /// @dev The order of the base point, 2^252 + 27742317777372353535851937790883648493.
    uint256 internal constant L = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed;
    /// @dev The curve constant d = −121665/121666 mod p, and 2d.
    uint256 private constant D = 37095705934669439343138083508754565189542113879843219016388785533085940283555;
    uint256 private constant D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161;
    /// @dev (p − 5) / 8, the square root's exponent (RFC 8032 §5.1.3).
    uint256 private constant SQRT_EXPONENT = 0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffd;
    /// @dev √−1 mod p = 2^((p−1)/4).
    uint256 private constant SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752;
    /// @dev The ordinate of two of the four points of order 8 (the other two have p − Y_ORDER_8).
    uint256 private constant Y_ORDER_8 = 2707385501144840649318225287225658788936804267575313519463743609750303402022;
    /// @dev 2^256 mod L, to reduce the 512-bit hash.
    uint256 private constant R256 = 7237005577332262213973186563042994240413239274941949949428319933631315875101;
    /// @dev The wNAF width for R and A (8 odd multiples each).
    uint256 private constant WIDTH_POINTS = 5;
    /// @dev The half-size bound: {halfSize} stops once the remainder is below 2^126.
    uint256 private constant HALF = 1 << 126;
    /// @dev Byte 2^z mod 11 (from the most significant) is z, for z < 8: the trailing zeros of a power of two below 2^8.
    uint256 private constant TRAILING_ZEROS = 0x0000010002040007030605000000000000000000000000000000000000000000;
    /// @dev The doubling chain's length: digit positions 0 … 128 (a 128-bit scalar's wNAF has up to 129 digits).
    uint256 private constant POSITIONS = 129;

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
        uint256[4] memory points;
        bool ok;
        (ok, points[0], points[1]) = decompress(r);
        if (!ok) return false;
        (ok, points[2], points[3]) = decompress(publicKey);
        if (!ok || isSmallOrder(points[3])) return false;
        (uint256 c, uint256 a, bool addA) = halfSize(challenge(r, publicKey, message));
        return clearsToIdentity(_multiScalarMul(table, ED25519_BASE_TABLE_WIDTH, mulmod(c, scalarS, L), c, a, addA, points));
    }

    /// @dev k = SHA-512(R ‖ A ‖ M) read little-endian (the first half is the low 256 bits), mod L.
    function challenge(bytes32 r, bytes32 publicKey, bytes memory message) internal pure returns (uint256) {
        (bytes32 first, bytes32 second) = SHA512.hash(bytes.concat(r, publicKey, message));
        return addmod(_littleEndian(first) % L, mulmod(_littleEndian(second), R256, L), L);
    }

    /**
     * @dev For k < L, c and a with 0 < c < 2^127, a < 2^126 and c·k ≡ a (mod L), or c·k ≡ −a when `negative`:
     * the extended Euclidean algorithm on (L, k), tracking only k's cofactor t (rᵢ ≡ tᵢ·k mod L), stopped at the
     * first remainder below 2^126. The previous remainder was at least 2^126 and |tᵢ|·rᵢ₋₁ ≤ L, so |tᵢ| ≤ L / 2^126.
     * About 75 division steps, in assembly so that each is a handful of opcodes without overflow checks;
     * {Ed25519PointReference-halfSize} is the plain-Solidity version the tests compare it with.
     */
    function halfSize(uint256 k) internal pure returns (uint256 c, uint256 a, bool negative) {
        assembly ("memory-safe") {
            // Two remainders and their cofactors in two's complement (|tᵢ| stays below 2^127, so wrapping products
            // and differences are exact). Each step replaces the larger remainder by itself mod the smaller, in
            // place, so the two alternate roles and nothing is moved: r1, t1 hold the newer pair after an odd
            // number of steps, r0, t0 after an even one.
            let r0 := L
            let r1 := k
            let t0 := 0
            let t1 := 1
            for {} 1 {} {
                if lt(r1, HALF) {
                    a := r1
                    c := t1
                    break
                }
                t0 := sub(t0, mul(div(r0, r1), t1))
                r0 := mod(r0, r1)
                if lt(r0, HALF) {
                    a := r0
                    c := t0
                    break
                }
                t1 := sub(t1, mul(div(r1, r0), t0))
                r1 := mod(r1, r0)
            }
            negative := slt(c, 0)
            if negative { c := sub(0, c) }
        }
    }

    /**
     * @dev The affine point (x, y) of a 32-byte encoding (RFC 8032 §5.1.3), or `false` when the encoding is not
     * canonical (y ≥ p, or x = 0 with the sign bit set) or y is not the ordinate of a curve point.
     */
    function decompress(bytes32 encoded) internal view returns (bool ok, uint256 x, uint256 y) {
        uint256 value = _littleEndian(encoded);
        // Assembly, as the checked Solidity version cost about 900 gas more a point; {Ed25519PointReference-decompress}
        // is that version, which the tests compare this with.
        assembly ("memory-safe") {
            y := and(value, sub(shl(255, 1), 1))
            let sign := shr(255, value)
            if lt(y, P) {
                let yy := mulmod(y, y, P)
                let u := addmod(yy, sub(P, 1), P)
                let v := addmod(mulmod(D, yy, P), 1, P)
                // x = u·v³·(u·v⁷)^((p−5)/8), a square root of u/v or of −u/v (RFC 8032 §5.1.3 step 3), the power by
                // the MODEXP precompile (0x05) in scratch memory past the free memory pointer.
                let v3 := mulmod(mulmod(v, v, P), v, P)
                let input := mload(0x40)
                mstore(input, 32)
                mstore(add(input, 0x20), 32)
                mstore(add(input, 0x40), 32)
                mstore(add(input, 0x60), mulmod(u, mulmod(mulmod(v3, v3, P), v, P), P))
                mstore(add(input, 0x80), SQRT_EXPONENT)
                mstore(add(input, 0xa0), P)
                // The call before its return data's size (Yul evaluates arguments right to left).
                let called := staticcall(gas(), 0x05, input, 0xc0, input, 0x20)
                if and(called, eq(returndatasize(), 0x20)) {
                    x := mulmod(mulmod(u, v3, P), mload(input), P)
                    let vxx := mulmod(v, mulmod(x, x, P), P)
                    ok := 1
                    if iszero(eq(vxx, u)) {
                        // v·x² = −u: x·√−1 is the root; neither: y is no curve point's ordinate.
                        ok := eq(vxx, sub(P, u))
                        x := mulmod(x, SQRT_M1, P)
                    }
                    // x = 0 with the sign bit set is not canonical; otherwise the sign bit picks x or p − x.
                    if and(iszero(x), sign) { ok := 0 }
                    if xor(and(x, 1), sign) { x := sub(P, x) }
                }
            }
            if iszero(ok) {
                x := 0
                y := 0
            }
        }
    }

    /**
     * @dev Whether the curve point with ordinate `y` has small order (divides 8): [8]P is the identity. Anyone can
     * sign for such a public key (its discrete logarithm is known up to the cofactor), so it is no key to register.
     * The eight such points are the identity (0, 1), (0, −1) of order 2, (±√−1, 0) of order 4, and four of order 8
     * with y = ±{Y_ORDER_8}; no other curve point has one of these five ordinates (each gives at most two x).
     */
    function isSmallOrder(uint256 y) internal pure returns (bool) {
        return y == 1 || y == P - 1 || y == 0 || y == Y_ORDER_8 || y == P - Y_ORDER_8;
    }

    /**
     * @dev Whether the curve point (x, y) (affine, on the curve) has no torsion component: [L]A = O, i.e. A lies in
     * the prime-order subgroup, as every RFC 8032 public key [a]B does. A + T, for T of order 2, 4 or 8, satisfies
     * the cofactored equation for every signature made with A's secret, so such a key would be a second key for one
     * secret. L = 2^252 + l₀ with l₀ < 2^125: with A' = −[2^126]A (126 doublings, one inversion back to affine),
     * [L]A = −[2^126]A' + [l₀]A, which is {_multiScalarMul} with b = 0 (no table read), c = 2^126 over A' and
     * a = l₀ over A. A key's identity check pays it once ({Ed25519Verifier-keyId}); {verify} never does.
     */
    function isTorsionFree(uint256 x, uint256 y) internal view returns (bool) {
        uint256[4] memory q = [x, y, 1, mulmod(x, y, P)];
        for (uint256 i = 0; i < 126; ++i) _double(q);
        (bool ok, uint256 zInverse) = _modExp(q[2], P - 2);
        if (!ok) return false;
        uint256 negX = mulmod(q[0], zInverse, P);
        if (negX != 0) negX = P - negX;
        uint256[4] memory points = [negX, mulmod(q[1], zInverse, P), x, y];
        q = _multiScalarMul(address(0), ED25519_BASE_TABLE_WIDTH, 0, 1 << 126, L - (1 << 252), true, points);
        return q[0] == 0 && q[1] == q[2];
    }

    /**
     * @dev Whether [8]q is the identity, for q = (X : Y : Z : T) in extended coordinates on the curve (Z ≠ 0, X and Y
     * below p): whether q is one of the eight points of order dividing 8, which {isSmallOrder} lists by ordinate:
     * X = 0 (y = ±1), Y = 0 (x = ±√−1), or y = ±{Y_ORDER_8}, i.e. Y = ±Y_ORDER_8·Z. Three comparisons and one
     * MULMOD instead of three doublings; {Ed25519PointReference-clearsToIdentity} doubles three times, and the tests
     * compare the two.
     */
    function clearsToIdentity(uint256[4] memory q) internal pure returns (bool) {
        uint256 y = q[1];
        if (q[0] == 0 || y == 0) return true;
        uint256 yOrder8 = mulmod(Y_ORDER_8, q[2], P);
        return y == yOrder8 || y == P - yOrder8;
    }

    /**
     * @dev [b]B − [c]R − [a]A, or + [a]A when `addA`, in extended coordinates (X, Y, Z, T), for b < L, c < 2^127,
     * a < 2^126 and `points` = (R.x, R.y, A.x, A.y) affine: b = b₀ + 2^128·b₁ is taken as [b₀]B + [b₁]B', and the
     * four scalars' width-w NAFs are interleaved over one doubling chain from position 128 down (Straus–Shamir):
     * per position a doubling, then each nonzero digit's signed odd multiple added. `table` holds B's and B''s
     * signed odd multiples for wNAF width `tableWidth` (2 … 8), laid out as {Ed25519BaseTable}: {verify} passes the
     * deployed width, the gas suite others.
     *
     * The digits are recoded first into one array of 129 words, a word per position holding the four digits as
     * bytes (b₀'s lowest, then b₁'s, c's, a's): a digit d is stored as its residue d mod 2^w (odd, so never zero),
     * which also indexes its multiple in the tables. Most positions have no digit, and one MLOAD tells. B's and
     * B''s multiples come from the table contract, which stores both signs; R's and A's are computed on entry in
     * cached form, both signs, with the sign of their term (−c, ∓a) folded in: every digit is one addition without
     * a branch on its sign. The chain starts at the highest position with a digit, from that position's additions.
     * The point lives on the stack as X, Y, Z and T's two factors E, H (T = E·H): T is multiplied out only by an
     * addition that reads it. {Ed25519PointReference-multiScalarMul} is the plain-Solidity version the tests
     * compare it with.
     */
    function _multiScalarMul(
        address table,
        uint256 tableWidth,
        uint256 b,
        uint256 c,
        uint256 a,
        bool addA,
        uint256[4] memory points
    ) internal view returns (uint256[4] memory q) {
        assembly ("memory-safe") {
            // Field elements: every MULMOD result is below p; a sum or difference of two of them (below 2p < 2^256)
            // is left unreduced where only MULMOD or ADDMOD reads it, as those reduce any 256-bit input.
            //
            // For P = (x, y) affine, the width-5 digit table at `out` (16 entries of 128 bytes) with the term's sign
            // folded in (`negate`): the digit of residue r (odd, below 32) reads the entry at `out` + 64(r − 1),
            // [d]P in cached form (the multipliers of Y − X, Y + X and T, then 2Z), negated when `negate`, for d = r
            // below 16 and r − 32 above. So (2m + 1)P is entry m with the term's sign and entry 15 − m (m xor 15)
            // with the other; −P = (−X, Y, Z, −T) is cached as (Y + X, Y − X, −2d·T, 2Z). 2P, by the doubling
            // formula (see the chain's) from Z = 1, is kept cached at `scratch`; 3P, 5P, … are P + 2P, … by the
            // chain's addition. The intermediates are declared outside the loop, as in the chain.
            function storeOddMultiples(out, scratch, x, y, negate) {
                let t := mulmod(x, y, P)
                let z := 1
                let e := mulmod(add(x, x), sub(P, y), P)
                let u := mulmod(x, x, P)
                let v := mulmod(y, y, P)
                let h := add(u, v)
                let g := add(u, sub(P, v))
                let f := addmod(2, g, P)
                u := mulmod(e, f, P)
                v := mulmod(g, h, P)
                mstore(scratch, add(v, sub(P, u)))
                mstore(add(scratch, 0x20), add(v, u))
                mstore(add(scratch, 0x40), mulmod(D2, mulmod(e, h, P), P))
                mstore(add(scratch, 0x60), shl(1, mulmod(f, g, P)))
                let flip := mul(negate, 15)
                for { let m := 0 } 1 { m := add(m, 1) } {
                    u := add(y, sub(P, x))
                    v := add(y, x)
                    e := mulmod(D2, t, P)
                    h := shl(1, z)
                    f := add(out, shl(7, xor(m, flip)))
                    mstore(f, u)
                    mstore(add(f, 0x20), v)
                    mstore(add(f, 0x40), e)
                    mstore(add(f, 0x60), h)
                    f := add(out, shl(7, xor(m, xor(flip, 15))))
                    mstore(f, v)
                    mstore(add(f, 0x20), u)
                    mstore(add(f, 0x40), sub(P, e))
                    mstore(add(f, 0x60), h)
                    if eq(m, 7) { break }
                    t := mulmod(t, mload(add(scratch, 0x40)), P)
                    f := mulmod(z, mload(add(scratch, 0x60)), P)
                    u := mulmod(u, mload(scratch), P)
                    h := mulmod(v, mload(add(scratch, 0x20)), P)
                    e := add(h, sub(P, u))
                    h := add(h, u)
                    g := add(f, t)
                    f := add(f, sub(P, t))
                    x := mulmod(e, f, P)
                    y := mulmod(g, h, P)
                    z := mulmod(f, g, P)
                    t := mulmod(e, h, P)
                }
            }
            // Writes k's width-w NAF into byte `lane` (from the lowest) of the words at `digits`, position i's word at
            // `digits + 32i`. Each pass skips k's trailing zeros (z < 8 of them at once: 2^z mod 11 differs for each
            // z < 8, and TRAILING_ZEROS holds z at byte 2^z mod 11), writes one digit, and steps over the w − 1
            // zeros that follow it.
            function recode(digits, k, w, lane) {
                let mask := sub(shl(w, 1), 1)
                let ptr := add(digits, sub(31, lane))
                for {} k {} {
                    let lowest := and(k, sub(0, k))
                    if gt(lowest, 0x80) {
                        k := shr(8, k)
                        ptr := add(ptr, 0x100)
                        continue
                    }
                    let zeros := byte(mod(lowest, 11), TRAILING_ZEROS)
                    k := shr(zeros, k)
                    ptr := add(ptr, shl(5, zeros))
                    // The odd residue r of k mod 2^w is the byte; the digit is r, or r − 2^w when r ≥ 2^(w−1)
                    // (`negative`), and k − digit, divisible by 2^w, is k's upper bits plus `negative` times 2^w.
                    let residue := and(k, mask)
                    mstore8(ptr, residue)
                    k := add(shr(w, k), shr(sub(w, 1), residue))
                    ptr := add(ptr, shl(5, w))
                }
            }
            // Above the free memory pointer, unallocated, all at fixed offsets from `base` so that the chain keeps
            // few values on the stack: the digit words (129), R's and A's digit tables (2 KiB each), 2P, the table's
            // address and B''s offset in it. A table entry is read into q, the return value's memory, written last.
            let base := mload(0x40)
            storeOddMultiples(add(base, 0x1020), add(base, 0x2020), mload(points), mload(add(points, 0x20)), 1)
            storeOddMultiples(add(base, 0x1820), add(base, 0x2020), mload(add(points, 0x40)), mload(add(points, 0x60)), iszero(addA))
            mstore(add(base, 0x20a0), table)
            // The code offset of residue r's entry, 96 bytes each: 48(r − 1) for B, and past B's 2^(w−1) entries for
            // B' (both with wrapping arithmetic).
            mstore(add(base, 0x20c0), sub(mul(48, shl(tableWidth, 1)), 48))
            // Zeroes the digit words (calldata past its end reads as zeros), marks position 0's word with its top
            // bit (the chain's end: no other test of the position per step), then recodes the four scalars.
            calldatacopy(base, calldatasize(), mul(POSITIONS, 0x20))
            mstore(base, shl(255, 1))
            recode(base, and(b, 0xffffffffffffffffffffffffffffffff), tableWidth, 0)
            recode(base, shr(128, b), tableWidth, 1)
            recode(base, c, WIDTH_POINTS, 2)
            recode(base, a, WIDTH_POINTS, 3)
            // The chain, from the identity (0, 1, 1, 0 = 0·0), at the highest position with a digit or the mark.
            let x := 0
            let y := 1
            let z := 1
            let e := 0
            let h := 0
            // The intermediates, declared outside the loop: assigned there, the optimizer keeps each in one place
            // (it would recompute a squaring declared inside at each of its uses).
            let f := 0
            let g := 0
            let u := 0
            let v := 0
            let position := add(base, mul(sub(POSITIONS, 1), 0x20))
            for {} iszero(mload(position)) {} { position := sub(position, 0x20) }
            for {} 1 {} {
                let word := mload(position)
                if word {
                    // Each addition: A = (Y − X)·c₀, B = (Y + X)·c₁, C = T·c₂, D = Z·c₃ (Z·2 for a table entry,
                    // whose Z is 1), then (E, H) = (B − A, B + A), (F, G) = (D − C, D + C) and
                    // (X, Y, Z) = (E·F, G·H, F·G), T = E·H. R's entry for residue r is at base + 0x1020 + 64(r − 1),
                    // A's 0x800 further.
                    let digit := and(word, 0xff)
                    if digit {
                        extcodecopy(mload(add(base, 0x20a0)), q, add(mul(48, digit), not(47)), 96)
                        u := mulmod(mulmod(e, h, P), mload(add(q, 0x40)), P)
                        v := addmod(z, z, P)
                        g := mulmod(add(y, sub(P, x)), mload(q), P)
                        h := mulmod(add(y, x), mload(add(q, 0x20)), P)
                        e := add(h, sub(P, g))
                        h := add(h, g)
                        f := add(v, sub(P, u))
                        g := add(v, u)
                        x := mulmod(e, f, P)
                        y := mulmod(g, h, P)
                        z := mulmod(f, g, P)
                    }
                    digit := and(shr(8, word), 0xff)
                    if digit {
                        extcodecopy(mload(add(base, 0x20a0)), q, add(mul(48, digit), mload(add(base, 0x20c0))), 96)
                        u := mulmod(mulmod(e, h, P), mload(add(q, 0x40)), P)
                        v := addmod(z, z, P)
                        g := mulmod(add(y, sub(P, x)), mload(q), P)
                        h := mulmod(add(y, x), mload(add(q, 0x20)), P)
                        e := add(h, sub(P, g))
                        h := add(h, g)
                        f := add(v, sub(P, u))
                        g := add(v, u)
                        x := mulmod(e, f, P)
                        y := mulmod(g, h, P)
                        z := mulmod(f, g, P)
                    }
                    digit := and(shr(16, word), 0xff)
                    if digit {
                        digit := add(base, add(0xfe0, shl(6, digit)))
                        u := mulmod(mulmod(e, h, P), mload(add(digit, 0x40)), P)
                        v := mulmod(z, mload(add(digit, 0x60)), P)
                        g := mulmod(add(y, sub(P, x)), mload(digit), P)
                        h := mulmod(add(y, x), mload(add(digit, 0x20)), P)
                        e := add(h, sub(P, g))
                        h := add(h, g)
                        f := add(v, sub(P, u))
                        g := add(v, u)
                        x := mulmod(e, f, P)
                        y := mulmod(g, h, P)
                        z := mulmod(f, g, P)
                    }
                    digit := and(shr(24, word), 0xff)
                    if digit {
                        digit := add(base, add(0x17e0, shl(6, digit)))
                        u := mulmod(mulmod(e, h, P), mload(add(digit, 0x40)), P)
                        v := mulmod(z, mload(add(digit, 0x60)), P)
                        g := mulmod(add(y, sub(P, x)), mload(digit), P)
                        h := mulmod(add(y, x), mload(add(digit, 0x20)), P)
                        e := add(h, sub(P, g))
                        h := add(h, g)
                        f := add(v, sub(P, u))
                        g := add(v, u)
                        x := mulmod(e, f, P)
                        y := mulmod(g, h, P)
                        z := mulmod(f, g, P)
                    }
                    // Position 0, the last.
                    if shr(255, word) { break }
                }
                position := sub(position, 0x20)
                // Doubling: dbl-2008-hwcd with a = −1, its intermediates negated (the products are unchanged):
                // E = −2XY, H = X² + Y², G = X² − Y², F = 2Z² + G; T (not read) is E·H.
                u := mulmod(x, x, P)
                v := mulmod(y, y, P)
                e := mulmod(add(x, x), sub(P, y), P)
                h := add(u, v)
                g := add(u, sub(P, v))
                f := addmod(shl(1, mulmod(z, z, P)), g, P)
                x := mulmod(e, f, P)
                y := mulmod(g, h, P)
                z := mulmod(f, g, P)
            }
            mstore(q, x)
            mstore(add(q, 0x20), y)
            mstore(add(q, 0x40), z)
            mstore(add(q, 0x60), mulmod(e, h, P))
        }
    }

    /**
     * @dev q ← 2q (dbl-2008-hwcd with a = −1, all four intermediates negated, which leaves the products unchanged;
     * E = (X + Y)² − X² − Y² is computed as 2XY).
     * Assembly, as {_multiScalarMul}'s own copy of it; {Ed25519PointReference-double} (contracts/mocks) is the
     * plain-Solidity version the tests compare it with.
     */
    function _double(uint256[4] memory q) internal pure {
        assembly ("memory-safe") {
            let x := mload(q)
            let y := mload(add(q, 0x20))
            let a := mulmod(x, x, P)
            let b := mulmod(y, y, P)
            let c := mulmod(mload(add(q, 0x40)), mload(add(q, 0x40)), P)
            // Sums and differences below 2p that only MULMOD or ADDMOD read stay unreduced (see {_multiScalarMul}).
            let h := add(a, b)
            let e := mulmod(add(x, x), sub(P, y), P)
            let g := add(a, sub(P, b))
            let f := addmod(shl(1, c), g, P)
            mstore(q, mulmod(e, f, P))
            mstore(add(q, 0x20), mulmod(g, h, P))
            mstore(add(q, 0x40), mulmod(f, g, P))
            mstore(add(q, 0x60), mulmod(e, h, P))
        }
    }

    /// @dev base^exponent mod p by the MODEXP precompile (0x05), its input and output in scratch memory past the
    /// free memory pointer (abi.encodePacked and a returned `bytes` cost about 1,000 gas more a call).
    function _modExp(uint256 base, uint256 exponent) private view returns (bool ok, uint256 result) {
        assembly ("memory-safe") {
            let input := mload(0x40)
            mstore(input, 32)
            mstore(add(input, 0x20), 32)
            mstore(add(input, 0x40), 32)
            mstore(add(input, 0x60), base)
            mstore(add(input, 0x80), exponent)
            mstore(add(input, 0xa0), P)
            // Yul evaluates arguments right to left: the call first, then its return data's size.
            ok := staticcall(gas(), 0x05, input, 0xc0, input, 0x20)
            ok := and(ok, eq(returndatasize(), 0x20))
            result := mload(input)
        }
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
