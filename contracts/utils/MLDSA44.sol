// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65NTT} from "./MLDSA65NTT.sol";
import {SHAKE} from "./SHAKE.sol";

/**
 * @dev FIPS 204 ML-DSA.Verify (Algorithm 3, pure mode, with Verify_internal, Algorithm 8) for ML-DSA-44, over
 * an expanded public key E = Â ‖ t̂1 ‖ tr instead of pk: Â = ExpandA(ρ) and t̂1 = NTT(t1 · 2^13) as 20
 * polynomials of 256 big-endian uint32 coefficients (Â row-major, index 4i + j), then tr = H(pk, 64). The
 * SDK computes E (`expandMldsa44PublicKey`).
 *
 * The arithmetic is {MLDSA65}'s (the shared {MLDSA65NTT}, the pair products of {_accumulate}); what ML-DSA-44
 * changes is its own here: γ1 = 2^17 (z packed in 18 bits), γ2 = (q − 1)/88 (w1 in [0, 43], packed in 6 bits),
 * (k, l) = (4, 4), τ = 39, ω = 80 and a 32-byte c̃. Memory of one verification (fresh): ẑ[0..3] and −ĉ as five
 * consecutive 2 KiB polynomials, then the pair products (16 KiB); the four rows of w then replace ẑ.
 */
library MLDSA44 {
    uint256 internal constant EXPANDED_KEY_LENGTH = 20544;
    uint256 internal constant SIGNATURE_LENGTH = 2420;
    /// @dev Length of the standard FIPS 204 public key ρ ‖ t1, stored after E in a key's code (see {ExpandedKeyReader-readWithPublicKey}).
    uint256 internal constant PUBLIC_KEY_LENGTH = 1312;

    uint256 private constant Q = 8380417;
    /// @dev γ2 = (q − 1)/88: HighBits is r1 = ⌊(r + γ2 − 1)/2γ2⌋ in [0, 44], 44 standing for Decompose's 0.
    uint256 private constant GAMMA2 = 95232;
    uint256 private constant TWO_GAMMA2 = 190464;
    uint256 private constant M = 44;
    /// @dev ω, the most 1s a hint may have, and where the hint (ω positions, then k = 4 counts) starts in σ.
    uint256 private constant OMEGA = 80;
    /// @dev z starts after c̃ (λ/4 = 32 bytes): four polynomials of 576 bytes.
    uint256 private constant Z_OFFSET = 32;
    uint256 private constant HINT_OFFSET = 2336;

    uint256 internal constant POLY_BYTES = 2048;
    /// @dev Where −ĉ is, after the four ẑ, and where the pair products start (four rows of 4 KiB).
    uint256 internal constant C_OFFSET = 8192;
    uint256 internal constant PRODUCTS_OFFSET = 10240;
    uint256 private constant WORK_BYTES = 26624;
    /// @dev Where tr is in E, after the 20 polynomials of 1 KiB (t̂1 from byte 16,384).
    uint256 private constant TR_OFFSET = 20480;

    /// @dev w1Encode(w1) is 4 × 192 bytes, hashed after the 64-byte μ.
    uint256 private constant W1_BYTES = 768;
    uint256 private constant W1_POLY_BYTES = 192;

    /// @dev Masks of {_accumulate}: Â[c], Â[c + 2] of E; ẑ[c], ẑ[c + 2] of a packed polynomial.
    uint256 private constant MA = 0xffffffff00000000ffffffff;
    uint256 private constant MZ = 0xffffffffffffffff0000000000000000ffffffffffffffff;

    /// @dev Constants of {_decodeZ}, in each of four 64-bit lanes: 2^18 − (β + 1), β, bit 18, and q + γ1 (β = 78,
    /// γ1 = 2^17).
    uint256 private constant Z_LOW = 0x3ffb1000000000003ffb1000000000003ffb1000000000003ffb1;
    uint256 private constant Z_HIGH = 0x4e000000000000004e000000000000004e000000000000004e;
    uint256 private constant BIT18 = 0x40000000000000004000000000000000400000000000000040000;
    uint256 private constant Q_PLUS_GAMMA1 = 0x81e001000000000081e001000000000081e001000000000081e001;

    /// @dev Constants of {_useHintAndEncode}, on eight 32-bit lanes (the value in each lane): 1, 2^24 − q, γ2 − 1, and
    /// the 13-bit, 6-bit and 20 of its steps.
    uint256 private constant ONES = 0x100000001000000010000000100000001000000010000000100000001;
    uint256 private constant REDUCE = 0x801fff00801fff00801fff00801fff00801fff00801fff00801fff00801fff;
    uint256 private constant GAMMA2_MINUS_ONE_L = 0x173ff000173ff000173ff000173ff000173ff000173ff000173ff000173ff;
    uint256 private constant LOW13 = 0x1fff00001fff00001fff00001fff00001fff00001fff00001fff00001fff;
    uint256 private constant LOW6 = 0x3f0000003f0000003f0000003f0000003f0000003f0000003f0000003f;
    uint256 private constant TWENTY = 0x1400000014000000140000001400000014000000140000001400000014;

    /// @dev Byte reversal of a word (every other byte, pair, quad and octet), and an 18-bit field at bits 0, 64, 128.
    uint256 private constant REV8 = 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff;
    uint256 private constant REV16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    uint256 private constant REV32 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    uint256 private constant REV64 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant FIELD = 0x3ffff;
    uint256 private constant FIELD_64 = 0x3ffff0000000000000000;
    uint256 private constant FIELD_128 = 0x3ffff00000000000000000000000000000000;

    /// @dev The top lane of a word, and the other three.
    uint256 private constant TOP_LANE = 0xffffffffffffffff000000000000000000000000000000000000000000000000;
    uint256 private constant LOW_LANES = 0xffffffffffffffffffffffffffffffffffffffffffffffff;

    /// @dev Constants of {isReduced}: 2^31 − q, and bit 31, in each of eight 32-bit lanes.
    uint256 private constant GE_Q = 0x7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff;
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;

    /**
     * @dev Whether every coefficient of Â and t̂1 in `expandedKey` is below q, as {verify} does not require:
     * the canonical expanded key of a public key. Plain reference: every big-endian uint32 at offsets 0, 4, …,
     * 20,476 is below 8,380,417.
     */
    function isReduced(bytes memory expandedKey) internal pure returns (bool ok) {
        if (expandedKey.length != EXPANDED_KEY_LENGTH) return false;
        assembly ("memory-safe") {
            let high := 0
            let p := add(expandedKey, 0x20)
            for { let end := add(p, TR_OFFSET) } lt(p, end) { p := add(p, 0x20) } {
                // A lane of 2^31 or more has bit 31 itself; a smaller one gets it from the addition, without carry.
                let x := mload(p)
                high := or(high, or(x, add(x, GE_Q)))
            }
            ok := iszero(and(high, BIT31))
        }
    }

    /// @dev keccak256(Â ‖ t̂1): the expanded key without tr, which a signature's validity does not pin down.
    function matrixAndKeyHash(bytes memory expandedKey) internal pure returns (bytes32 hash) {
        assembly ("memory-safe") {
            hash := keccak256(add(expandedKey, 0x20), TR_OFFSET)
        }
    }

    /**
     * @dev FIPS 204 ML-DSA.Verify(pk, M, σ, ctx) for the public key whose expansion is `expandedKey` (see the
     * contract documentation): false for a wrong-length key or σ, |ctx| > 255, a malformed σ, or a signature
     * that does not verify. Never reverts on any input of these types; gas depends only on the lengths of the
     * message and context (and, negligibly, on SampleInBall's rejections and the hint's weight).
     */
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        internal
        pure
        returns (bool)
    {
        if (expandedKey.length != EXPANDED_KEY_LENGTH || signature.length != SIGNATURE_LENGTH || context.length > 255) {
            return false;
        }
        uint256 z = _allocate();
        if (!_hintWellFormed(signature) || !_decodeZ(signature, z)) return false;
        uint256 expanded;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
        }
        // μ ‖ w1Encode(w1′): the input of the final hash, μ first.
        bytes memory transcript = new bytes(64 + W1_BYTES);
        uint256 transcriptData;
        assembly ("memory-safe") {
            transcriptData := add(transcript, 0x20)
        }
        _mu(expanded, message, context, transcriptData);
        if (!_sampleInBall(signature, z + C_OFFSET)) return false;
        _computeW1(expanded, signature, z, transcriptData + 64);
        bytes memory cTildePrime = SHAKE.shake256(transcript, 32);
        bool equal;
        assembly ("memory-safe") {
            equal := eq(mload(add(cTildePrime, 0x20)), calldataload(signature.offset))
        }
        return equal;
    }

    /**
     * @dev w1Encode(UseHint(h, NTT^-1(Â ∘ NTT(z) − NTT(c) ∘ t̂1))) into the 768 bytes at `out`, from the
     * work area with ẑ decoded and −c (packed, coefficients in [0, q)) at `z + C_OFFSET`.
     */
    function _computeW1(uint256 expanded, bytes calldata signature, uint256 z, uint256 out) internal pure {
        bytes memory zetaTable = MLDSA65NTT.zetaTable();
        uint256 zetas;
        assembly ("memory-safe") {
            zetas := add(zetaTable, 0x20)
        }
        for (uint256 j = 0; j < 5; ++j) MLDSA65NTT.ntt(z + j * POLY_BYTES, zetas);
        _accumulate(expanded, z);
        for (uint256 i = 0; i < 4; ++i) {
            MLDSA65NTT.invNttPairs(z + PRODUCTS_OFFSET + i * 4096, z + i * POLY_BYTES, zetas);
            _useHintAndEncode(z + i * POLY_BYTES, signature, i, out + i * W1_POLY_BYTES);
        }
    }

    /**
     * @dev Fresh memory for the work area, word-aligned; moves the free memory pointer. Only −ĉ is cleared
     * (SampleInBall writes 39 of its coefficients): every other word is written before it is read.
     */
    function _allocate() internal pure returns (uint256 z) {
        assembly ("memory-safe") {
            z := and(add(mload(0x40), 31), not(31))
            mstore(0x40, add(z, WORK_BYTES))
            // Reading past the calldata yields zeros: the cheapest way to clear memory.
            calldatacopy(add(z, C_OFFSET), calldatasize(), POLY_BYTES)
        }
    }

    /**
     * @dev FIPS 204 Algorithm 21 (HintBitUnpack) as a check only: counts non-decreasing and at most ω,
     * positions strictly increasing within each polynomial, unused position bytes zero. The positions are
     * used later straight from calldata.
     */
    function _hintWellFormed(bytes calldata signature) internal pure returns (bool ok) {
        assembly ("memory-safe") {
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            let bad := 0
            for { let i := 0 } lt(i, 4) { i := add(i, 1) } {
                let end := byte(0, calldataload(add(y, add(OMEGA, i))))
                bad := or(bad, or(lt(end, index), gt(end, OMEGA)))
                if bad { break }
                // Positions strictly increase iff no bit at or above the new one is set yet.
                let seen := 0
                for {} lt(index, end) { index := add(index, 1) } {
                    let position := byte(0, calldataload(add(y, index)))
                    bad := or(bad, shr(position, seen))
                    seen := or(seen, shl(position, 1))
                }
            }
            for {} lt(index, OMEGA) { index := add(index, 1) } { bad := or(bad, byte(0, calldataload(add(y, index)))) }
            ok := iszero(bad)
        }
    }

    /**
     * @dev Unpacks the four 18-bit packed z polynomials (FIPS 204 Algorithm 19, BitUnpack(·, γ1 − 1, γ1)) into
     * packed polynomials at `z`, coefficient z = γ1 − raw stored as q + γ1 − raw (non-negative, below 2^24, ≡ z
     * mod q), and checks ‖z‖∞ < γ1 − β, i.e. β + 1 ≤ raw ≤ 2γ1 − β − 1, for all of them. Plain reference
     * ({MLDSA44Reference-decodeZ}): raw_c is bits 18c..18c + 17 of z's bytes read as a little-endian integer.
     */
    function _decodeZ(bytes calldata signature, uint256 z) internal pure returns (bool ok) {
        assembly ("memory-safe") {
            // Eight coefficients per 18 bytes, least significant bit first: with the calldata word's bytes reversed,
            // its low 144 bits are those 18 bytes as a little-endian integer v, raw_m at bit 18m. Each half's four
            // fields go into the 64-bit lanes of one word, raw_0 (raw_4) on top. The range check is lane-wise:
            // raw + 2^18 − 79 has bit 18 set iff raw ≥ 79 (the AND of all must keep it), raw + 78 iff
            // raw ≥ 2^18 − 78 (the OR of all must not). q + γ1 − raw is then one SUB per word.
            let low := not(0)
            let high := 0
            let src := add(signature.offset, Z_OFFSET)
            for { let end := add(z, C_OFFSET) } lt(z, end) { z := add(z, 64) } {
                let v := calldataload(src)
                src := add(src, 18)
                v := or(and(shr(8, v), REV8), shl(8, and(v, REV8)))
                v := or(and(shr(16, v), REV16), shl(16, and(v, REV16)))
                v := or(and(shr(32, v), REV32), shl(32, and(v, REV32)))
                v := or(and(shr(64, v), REV64), shl(64, and(v, REV64)))
                v := or(shr(128, v), shl(128, v))
                let raws := or(
                    or(shl(192, and(v, FIELD)), and(shl(110, v), FIELD_128)),
                    or(and(shl(28, v), FIELD_64), and(shr(54, v), FIELD))
                )
                low := and(low, add(raws, Z_LOW))
                high := or(high, add(raws, Z_HIGH))
                mstore(z, sub(Q_PLUS_GAMMA1, raws))
                v := shr(72, v)
                raws := or(
                    or(shl(192, and(v, FIELD)), and(shl(110, v), FIELD_128)),
                    or(and(shl(28, v), FIELD_64), and(shr(54, v), FIELD))
                )
                low := and(low, add(raws, Z_LOW))
                high := or(high, add(raws, Z_HIGH))
                mstore(add(z, 32), sub(Q_PLUS_GAMMA1, raws))
            }
            ok := and(eq(and(low, BIT18), BIT18), iszero(and(high, BIT18)))
        }
    }

    /**
     * @dev Â ∘ ẑ − ĉ ∘ t̂1 for all four rows, as pair products laid out as {MLDSA65-_accumulate} lays them out: for
     * c = 4g + e (e = 0, 1) and row i, the word at `z + PRODUCTS_OFFSET + 4096i + 64g + 32e` gets
     * Σ_j Â[i][j][c] ẑ[j][c] in bits 192..255 and the same for c + 2 in bits 0..63, with t̂1[i] and −ĉ as a fifth
     * column. Each product is below 2^32 · 2^27, a sum of five below 2^62: the four 64-bit fields of
     * (Â[c]·2^64 + Â[c+2]) × (ẑ[c]·2^128 + ẑ[c+2]) never carry into each other. `a` is E's first byte
     * (Â[i][j] at 4096i + 1024j, t̂1[i] at 16384 + 1024i). The four rows are unrolled.
     */
    function _accumulate(uint256 a, uint256 z) internal pure {
        assembly ("memory-safe") {
            // For each g, the five columns' ẑ pairs (e = 0, 1) are loaded once and used by the four rows.
            // aq: mload(aq + 4096i + 1024j) holds Â[i][j][c] in bits 64..95 and Â[i][j][c + 2] in bits 0..31 (c = 4g),
            // and mload(aq + 16384 + 1024i) the same for t̂1[i]; mload(zq + 2048j) holds ẑ[j][c] in bits
            // 128..191 and ẑ[j][c + 2] in bits 0..63; sq + 4096i is row i's product word for c.
            let ap := sub(a, 20)
            let s := add(z, PRODUCTS_OFFSET)
            for { let zp := sub(z, 8) } lt(zp, add(z, 2040)) { zp := add(zp, 32) } {
                for { let e := 0 } lt(e, 2) { e := add(e, 1) } {
                    let zq := add(zp, shl(3, e))
                    let z0 := and(mload(zq), MZ)
                    let z1 := and(mload(add(zq, 2048)), MZ)
                    let z2 := and(mload(add(zq, 4096)), MZ)
                    let z3 := and(mload(add(zq, 6144)), MZ)
                    let c := and(mload(add(zq, C_OFFSET)), MZ)
                    let aq := add(ap, shl(2, e))
                    let sq := add(s, shl(5, e))
                    mstore(
                        sq,
                        add(
                            add(
                                add(mul(and(mload(aq), MA), z0), mul(and(mload(add(aq, 1024)), MA), z1)),
                                add(mul(and(mload(add(aq, 2048)), MA), z2), mul(and(mload(add(aq, 3072)), MA), z3))
                            ),
                            mul(and(mload(add(aq, 16384)), MA), c)
                        )
                    )
                    mstore(
                        add(sq, 4096),
                        add(
                            add(
                                add(mul(and(mload(add(aq, 4096)), MA), z0), mul(and(mload(add(aq, 5120)), MA), z1)),
                                add(mul(and(mload(add(aq, 6144)), MA), z2), mul(and(mload(add(aq, 7168)), MA), z3))
                            ),
                            mul(and(mload(add(aq, 17408)), MA), c)
                        )
                    )
                    mstore(
                        add(sq, 8192),
                        add(
                            add(
                                add(mul(and(mload(add(aq, 8192)), MA), z0), mul(and(mload(add(aq, 9216)), MA), z1)),
                                add(mul(and(mload(add(aq, 10240)), MA), z2), mul(and(mload(add(aq, 11264)), MA), z3))
                            ),
                            mul(and(mload(add(aq, 18432)), MA), c)
                        )
                    )
                    mstore(
                        add(sq, 12288),
                        add(
                            add(
                                add(mul(and(mload(add(aq, 12288)), MA), z0), mul(and(mload(add(aq, 13312)), MA), z1)),
                                add(mul(and(mload(add(aq, 14336)), MA), z2), mul(and(mload(add(aq, 15360)), MA), z3))
                            ),
                            mul(and(mload(add(aq, 19456)), MA), c)
                        )
                    )
                }
                ap := add(ap, 16)
                s := add(s, 64)
            }
        }
    }

    /**
     * @dev FIPS 204 Algorithm 40 (UseHint) and Algorithm 28 (w1Encode) for row i of w (packed, lanes below 2q),
     * written to the 192 bytes at `out` (and up to 8 bytes past them, which the caller leaves writable). Decompose's
     * r1 is ⌊(r + γ2 − 1)/2γ2⌋ except at the top, where that gives 44 for Decompose's 0 (and r0 ≤ 0 there); r0 > 0
     * iff (r + γ2 − 1) mod 2γ2 ≥ γ2. Every coefficient is encoded unhinted first, 6 bits each, four to three bytes,
     * least significant first; then each hinted one's 6 bits are replaced by r1 ± 1 mod 44. Plain reference:
     * {MLDSA44Reference-useHintAndEncode}.
     */
    function _useHintAndEncode(uint256 w, bytes calldata signature, uint256 i, uint256 out) internal pure {
        assembly ("memory-safe") {
            // 32 coefficients (eight words, 24 bytes of the encoding) at a time. Two words at a time as eight 32-bit
            // lanes (word 2n shifted up by 32 bits over word 2n + 1: coefficients 0, 4, 1, 5, 2, 6, 3, 7 from the top):
            // r mod q (bit 24 of r + 2^24 − q is set iff r ≥ q); y = ⌊(r + γ2 − 1)/2^11⌋ < 2^13; r1 = ⌊y/93⌋ =
            // ⌊y·11276/2^20⌋, exact for y < 2^13 (11276·93 = 2^20 + 92, and 92·2^13 < 2^20); then 44 → 0. Each
            // shift brings only the next lane's low bits down, above the bits kept. The eight 6-bit values go to
            // bits 6k of v, the little-endian integer of the 24 bytes, whose byte reversal is stored.
            let p := w
            let o := out
            for { let end := add(w, POLY_BYTES) } lt(p, end) { p := add(p, 256) } {
                let v := 0
                let x := 0
                    x := or(shl(32, mload(p)), mload(add(p, 32)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(11, add(x, GAMMA2_MINUS_ONE_L)), LOW13)
                    x := and(shr(20, mul(x, 11276)), LOW6)
                    x := sub(x, mul(and(shr(6, add(x, TWENTY)), ONES), 44))
                    v := or(v, or(or(or(or(or(or(or(and(shr(224, x), 0x3f), and(shr(154, x), 0xfc0)), and(shr(84, x), 0x3f000)), and(shr(14, x), 0xfc0000)), and(shr(168, x), 0x3f000000)), and(shr(98, x), 0xfc0000000)), and(shr(28, x), 0x3f000000000)), and(shl(42, x), 0xfc0000000000)))
                    x := or(shl(32, mload(add(p, 64))), mload(add(p, 96)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(11, add(x, GAMMA2_MINUS_ONE_L)), LOW13)
                    x := and(shr(20, mul(x, 11276)), LOW6)
                    x := sub(x, mul(and(shr(6, add(x, TWENTY)), ONES), 44))
                    v := or(v, or(or(or(or(or(or(or(and(shr(176, x), 0x3f000000000000), and(shr(106, x), 0xfc0000000000000)), and(shr(36, x), 0x3f000000000000000)), and(shl(34, x), 0xfc0000000000000000)), and(shr(120, x), 0x3f000000000000000000)), and(shr(50, x), 0xfc0000000000000000000)), and(shl(20, x), 0x3f000000000000000000000)), and(shl(90, x), 0xfc0000000000000000000000)))
                    x := or(shl(32, mload(add(p, 128))), mload(add(p, 160)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(11, add(x, GAMMA2_MINUS_ONE_L)), LOW13)
                    x := and(shr(20, mul(x, 11276)), LOW6)
                    x := sub(x, mul(and(shr(6, add(x, TWENTY)), ONES), 44))
                    v := or(v, or(or(or(or(or(or(or(and(shr(128, x), 0x3f000000000000000000000000), and(shr(58, x), 0xfc0000000000000000000000000)), and(shl(12, x), 0x3f000000000000000000000000000)), and(shl(82, x), 0xfc0000000000000000000000000000)), and(shr(72, x), 0x3f000000000000000000000000000000)), and(shr(2, x), 0xfc0000000000000000000000000000000)), and(shl(68, x), 0x3f000000000000000000000000000000000)), and(shl(138, x), 0xfc0000000000000000000000000000000000)))
                    x := or(shl(32, mload(add(p, 192))), mload(add(p, 224)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(11, add(x, GAMMA2_MINUS_ONE_L)), LOW13)
                    x := and(shr(20, mul(x, 11276)), LOW6)
                    x := sub(x, mul(and(shr(6, add(x, TWENTY)), ONES), 44))
                    v := or(v, or(or(or(or(or(or(or(and(shr(80, x), 0x3f000000000000000000000000000000000000), and(shr(10, x), 0xfc0000000000000000000000000000000000000)), and(shl(60, x), 0x3f000000000000000000000000000000000000000)), and(shl(130, x), 0xfc0000000000000000000000000000000000000000)), and(shr(24, x), 0x3f000000000000000000000000000000000000000000)), and(shl(46, x), 0xfc0000000000000000000000000000000000000000000)), and(shl(116, x), 0x3f000000000000000000000000000000000000000000000)), and(shl(186, x), 0xfc0000000000000000000000000000000000000000000000)))
                v := or(and(shr(8, v), REV8), shl(8, and(v, REV8)))
                v := or(and(shr(16, v), REV16), shl(16, and(v, REV16)))
                v := or(and(shr(32, v), REV32), shl(32, and(v, REV32)))
                v := or(and(shr(64, v), REV64), shl(64, and(v, REV64)))
                mstore(o, or(shr(128, v), shl(128, v)))
                o := add(o, 24)
            }
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            if i { index := byte(0, calldataload(add(y, add(OMEGA, sub(i, 1))))) }
            for { let last := byte(0, calldataload(add(y, add(OMEGA, i)))) } lt(index, last) { index := add(index, 1) } {
                let position := byte(0, calldataload(add(y, index)))
                let x := add(mod(shr(192, mload(add(w, shl(3, position)))), Q), sub(GAMMA2, 1))
                // r1 + 1 if r0 > 0, else r1 − 1, mod 44 (r1 ≤ 44, so adding 43 never wraps twice).
                let r1 := mod(add(div(x, TWO_GAMMA2), add(43, mul(2, iszero(lt(mod(x, TWO_GAMMA2), GAMMA2))))), M)
                // Its 6 bits start at bit 6·position: within the 16-bit little-endian pair of bytes at `at`.
                let bit := mul(6, position)
                let at := add(out, shr(3, bit))
                let shift := and(bit, 7)
                let pair := or(byte(0, mload(at)), shl(8, byte(1, mload(at))))
                pair := or(and(pair, not(shl(shift, 63))), shl(shift, r1))
                mstore8(at, and(pair, 0xff))
                mstore8(add(at, 1), and(shr(8, pair), 0xff))
            }
        }
    }

    /// @dev μ = H(tr ‖ M′, 64) with M′ = 0 ‖ |ctx| ‖ ctx ‖ M (Algorithms 3 and 8), written at `out`.
    function _mu(uint256 expanded, bytes memory message, bytes memory context, uint256 out) internal pure {
        bytes memory input = new bytes(66 + context.length + message.length);
        assembly ("memory-safe") {
            let p := add(input, 0x20)
            mcopy(p, add(expanded, TR_OFFSET), 64)
            mstore8(add(p, 64), 0)
            mstore8(add(p, 65), mload(context))
            mcopy(add(p, 66), add(context, 0x20), mload(context))
            mcopy(add(add(p, 66), mload(context)), add(message, 0x20), mload(message))
        }
        bytes memory mu = SHAKE.shake256(input, 64);
        assembly ("memory-safe") {
            mcopy(out, add(mu, 0x20), 64)
        }
    }

    /**
     * @dev FIPS 204 Algorithm 29 (SampleInBall) from c̃ = σ[0:32], storing −c (packed, in [0, q)) at `negC`, a
     * zeroed polynomial followed by 24 writable bytes. The first 8 squeezed bytes are the signs, least significant
     * bit first; then each i in [217, 256) draws j ≤ i from single bytes, rejecting j > i, moves c[j] to c[i] and
     * sets c[j] = (−1)^sign. As {MLDSA65-_sampleInBall}: one SHAKE256 block first, two if it runs out, and a
     * rejection (false) beyond them, which bounds the gas; a draw is accepted with probability ≥ 218/256, so 264
     * draws accept fewer than 39 times with probability far below 2^-400.
     */
    function _sampleInBall(bytes calldata signature, uint256 negC) internal pure returns (bool) {
        bytes memory seed = signature[0:32];
        bytes memory stream = SHAKE.shake256(seed, 136);
        uint256 signs;
        assembly ("memory-safe") {
            let b := add(stream, 0x20)
            for { let m := 0 } lt(m, 8) { m := add(m, 1) } {
                signs := or(signs, shl(shl(3, m), byte(0, mload(add(b, m)))))
            }
        }
        uint256 i = _sampleFrom(stream, 8, 256 - 39, signs, negC);
        if (i < 256) i = _sampleFrom(SHAKE.shake256(seed, 272), 136, i, signs, negC);
        return i == 256;
    }

    /**
     * @dev SampleInBall's draws from `stream` from byte `k` to its end, for the positions from `i` on; returns the
     * next position (256 when done). −c[j] is q − 1 for c[j] = +1 (sign bit 0) and 1 for −1.
     */
    function _sampleFrom(bytes memory stream, uint256 k, uint256 i, uint256 signs, uint256 negC)
        internal
        pure
        returns (uint256)
    {
        assembly ("memory-safe") {
            let b := add(stream, 0x20)
            for { let end := mload(stream) } and(lt(k, end), lt(i, 256)) { k := add(k, 1) } {
                let j := byte(0, mload(add(b, k)))
                if iszero(gt(j, i)) {
                    // c[i] = c[j]: coefficient i is the top lane of the word at negC + 8i; the lanes after it are
                    // still zero or past the polynomial, so a plain store does it.
                    let pj := add(negC, shl(3, j))
                    mstore(add(negC, shl(3, i)), and(mload(pj), TOP_LANE))
                    let negSign := sub(Q, add(1, mul(sub(Q, 2), and(shr(sub(i, 217), signs), 1))))
                    mstore(pj, or(and(mload(pj), LOW_LANES), shl(192, negSign)))
                    i := add(i, 1)
                }
            }
        }
        return i;
    }
}
