// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA65NTT} from "./MLDSA65NTT.sol";
import {SHAKE} from "./SHAKE.sol";

/**
 * @dev FIPS 204 ML-DSA.Verify (Algorithm 3, pure mode, with Verify_internal, Algorithm 8) for ML-DSA-65, over
 * an expanded public key E = Â ‖ t̂1 ‖ tr instead of pk: Â = ExpandA(ρ) and t̂1 = NTT(t1 · 2^13) as 36
 * polynomials of 256 big-endian uint32 coefficients (Â row-major, index 5i + j), then tr = H(pk, 64). The
 * SDK computes E (`expandPublicKey`) and its reference verifier `verifyWithExpandedKey` is what this ports.
 *
 * Polynomials are packed four coefficients to a word (see {MLDSA65NTT}). Memory of one verification (fresh):
 * ẑ[0..4] and −ĉ as six consecutive 2 KiB polynomials, then the pair products of Â ẑ − ĉ t̂1 (24 KiB, see
 * {_accumulate}); the six rows of w then replace ẑ and −ĉ. The hot loops address all of it with literal
 * offsets from one or two pointers.
 */
library MLDSA65 {
    uint256 internal constant EXPANDED_KEY_LENGTH = 36928;
    uint256 internal constant SIGNATURE_LENGTH = 3309;
    /// @dev Length of the standard FIPS 204 public key ρ ‖ t1, stored after E in a key's code (see {ExpandedKeyReader-readWithPublicKey}).
    uint256 internal constant PUBLIC_KEY_LENGTH = 1952;

    uint256 private constant Q = 8380417;
    /// @dev γ2 = (q - 1)/32: HighBits is r1 = ⌊(r + γ2 - 1)/2γ2⌋ (see {_useHintAndEncode}).
    uint256 private constant GAMMA2 = 261888;
    uint256 private constant GAMMA2_MINUS_ONE = 261887;
    uint256 private constant TWO_GAMMA2 = 523776;
    /// @dev ω, the most 1s a hint may have, and where the hint (ω positions, then k = 6 counts) starts in σ.
    uint256 private constant OMEGA = 55;
    uint256 private constant HINT_OFFSET = 3248;

    uint256 internal constant POLY_BYTES = 2048;
    /// @dev Where −ĉ is, after the five ẑ, and where the pair products start (six rows of 4 KiB).
    uint256 internal constant C_OFFSET = 10240;
    uint256 internal constant PRODUCTS_OFFSET = 12288;
    uint256 private constant WORK_BYTES = 36864;
    /// @dev Where tr is in E, after the 36 polynomials.
    uint256 private constant TR_OFFSET = 36864;

    /// @dev w1Encode(w1) is 6 × 128 bytes, hashed after the 64-byte μ.
    uint256 private constant W1_BYTES = 768;

    /// @dev Constants of z's decoding (see {_decodeZ}); the lane constants hold their value in each of eight
    /// 32-bit lanes.
    uint256 private constant M80 = 0xffffffffffffffffffff;
    uint256 private constant M128 = 0xffffffffffffffffffffffffffffffff;
    uint256 private constant GROUPS_HIGH = 0xffffffffff0000000000000000000000ffffffffff0000000000;
    uint256 private constant GROUPS_LOW = 0xffffffffff0000000000000000000000ffffffffff;
    uint256 private constant WINDOWS_HIGH = 0xffffff0000000000ffffff0000000000ffffff0000000000ffffff0000;
    uint256 private constant WINDOWS_LOW = 0xffffff0000000000ffffff0000000000ffffff0000000000ffffff;
    uint256 private constant BYTE0 = 0xff000000ff000000ff000000ff000000ff000000ff000000ff000000ff;
    uint256 private constant BYTE1 = 0xff000000ff000000ff000000ff000000ff000000ff000000ff000000ff00;
    uint256 private constant EVEN20 = 0xfffff00000000000fffff00000000000fffff00000000000fffff00000000;
    uint256 private constant ODD20 = 0xfffff00000000000fffff00000000000fffff00000000000fffff;
    uint256 private constant Z_LOW = 0xfff3b000fff3b000fff3b000fff3b000fff3b000fff3b000fff3b000fff3b;
    uint256 private constant Z_HIGH = 0xc4000000c4000000c4000000c4000000c4000000c4000000c4000000c4;
    uint256 private constant BIT20 = 0x10000000100000001000000010000000100000001000000010000000100000;
    uint256 private constant Q_PLUS_GAMMA1 = 0x87e0010087e0010087e0010087e0010087e0010087e0010087e0010087e001;
    uint256 private constant SPREAD_ODD = 0x10000000000000001;
    uint256 private constant KEEP_ODD = 0x00ffffffff000000000000000000000000ffffffff;
    uint256 private constant SPREAD_EVEN = 0x1000000000000000100000000;
    uint256 private constant KEEP_EVEN = 0xffffffff000000000000000000000000ffffffff0000000000000000;

    /// @dev Masks of {_accumulate}: Â[c], Â[c + 2] of E; ẑ[c], ẑ[c + 2] of a packed polynomial.
    uint256 private constant MA = 0xffffffff00000000ffffffff;
    uint256 private constant MZ = 0xffffffffffffffff0000000000000000ffffffffffffffff;

    /// @dev Constants of {_useHintAndEncode}, on eight 32-bit lanes (the value in each lane).
    uint256 private constant ONES = 0x100000001000000010000000100000001000000010000000100000001;
    uint256 private constant REDUCE = 0x801fff00801fff00801fff00801fff00801fff00801fff00801fff00801fff;
    uint256 private constant GAMMA2_MINUS_ONE_L = 0x3feff0003feff0003feff0003feff0003feff0003feff0003feff0003feff;
    uint256 private constant LOW15 = 0x7fff00007fff00007fff00007fff00007fff00007fff00007fff00007fff;
    uint256 private constant DIV_1023 = 65601;
    uint256 private constant NIBBLES = 0xf0000000f0000000f0000000f0000000f0000000f0000000f0000000f;
    uint256 private constant GATHER = 0x1000100000000000010001000000001000100000000000010001000000;

    /// @dev The top lane of a word, and the other three.
    uint256 private constant TOP_LANE = 0xffffffffffffffff000000000000000000000000000000000000000000000000;
    uint256 private constant LOW_LANES = 0xffffffffffffffffffffffffffffffffffffffffffffffff;

    /// @dev Constants of {isReduced}: 2^31 − q, and bit 31, in each of eight 32-bit lanes.
    uint256 private constant GE_Q = 0x7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff;
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;

    /**
     * @dev Whether every coefficient of Â and t̂1 in `expandedKey` is below q, as {verify} does not require:
     * the canonical expanded key of a public key. Plain reference: every big-endian uint32 at offsets 0, 4, …,
     * 36,860 is below 8,380,417.
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
     * message and context (and, negligibly, on SampleInBall's rejections).
     */
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        internal
        pure
        returns (bool)
    {
        if (expandedKey.length != EXPANDED_KEY_LENGTH || signature.length != SIGNATURE_LENGTH || context.length > 255) {
            return false;
        }
        (bool ok, uint256 z) = decodeSignature(signature);
        if (!ok) return false;
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
        computeW1(expanded, signature, z, transcriptData + 64);
        bytes memory cTildePrime = SHAKE.shake256(transcript, 48);
        bool equal;
        assembly ("memory-safe") {
            equal := and(
                eq(mload(add(cTildePrime, 0x20)), calldataload(signature.offset)),
                eq(shr(128, mload(add(cTildePrime, 0x40))), shr(128, calldataload(add(signature.offset, 0x20))))
            )
        }
        return equal;
    }

    /**
     * @dev sigDecode's checks and z: verifies that σ's hint is well formed (FIPS 204 Algorithm 21) and
     * ‖z‖∞ < γ1 − β, and unpacks z into fresh memory at `z`, the start of the verification's work area (ẑ[0..4],
     * −ĉ at `z + C_OFFSET`, cleared here, then the products). Returns ok = false for a malformed σ. σ must be
     * 3,309 bytes.
     */
    function decodeSignature(bytes calldata signature) internal pure returns (bool ok, uint256 z) {
        z = _allocate();
        ok = _hintWellFormed(signature) && _decodeZ(signature, z);
    }

    /**
     * @dev w1Encode(UseHint(h, NTT^-1(Â ∘ NTT(z) − NTT(c) ∘ t̂1))) into the 768 bytes at `out`, from the
     * work area of {decodeSignature} with −c (packed, coefficients in [0, q)) written at `z + C_OFFSET`, which
     * it consumes. `expanded` points at E's first byte.
     */
    function computeW1(uint256 expanded, bytes calldata signature, uint256 z, uint256 out) internal pure {
        bytes memory zetaTable = MLDSA65NTT.zetaTable();
        uint256 zetas;
        assembly ("memory-safe") {
            zetas := add(zetaTable, 0x20)
        }
        for (uint256 j = 0; j < 6; ++j) MLDSA65NTT.ntt(z + j * POLY_BYTES, zetas);
        _accumulate(expanded, z);
        for (uint256 i = 0; i < 6; ++i) {
            MLDSA65NTT.invNttPairs(z + PRODUCTS_OFFSET + i * 4096, z + i * POLY_BYTES, zetas);
            _useHintAndEncode(z + i * POLY_BYTES, signature, i, out + i * 128);
        }
    }

    /**
     * @dev Fresh memory for the work area, word-aligned; moves the free memory pointer. Only −ĉ is cleared
     * (SampleInBall writes 49 of its coefficients): every other word is written before it is read.
     */
    function _allocate() private pure returns (uint256 z) {
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
    function _hintWellFormed(bytes calldata signature) private pure returns (bool ok) {
        assembly ("memory-safe") {
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            let bad := 0
            for { let i := 0 } lt(i, 6) { i := add(i, 1) } {
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
     * @dev Unpacks the five 20-bit packed z polynomials (FIPS 204 Algorithm 19, BitUnpack(·, γ1 - 1, γ1)) into
     * packed polynomials at `z`, coefficient z = γ1 - raw stored as q + γ1 - raw (non-negative, below 2^24, ≡ z
     * mod q), and checks ‖z‖∞ < γ1 - β, i.e. β + 1 ≤ raw ≤ 2γ1 - β - 1, for all of them.
     */
    function _decodeZ(bytes calldata signature, uint256 z) private pure returns (bool ok) {
        assembly ("memory-safe") {
            // 8 coefficients per 20 bytes b0..b19, least significant bit first: f0 = b2[0:4] b1 b0, f1 = b4 b3
            // b2[4:8], and so on every 5 bytes. They are cut out in eight 32-bit lanes at once, f0 on top: the two
            // 10-byte halves go to bits 128 and 0, then each half's two 5-byte groups 64 bits apart, then each
            // group's two 3-byte windows (b0 b1 b2 and b2 b3 b4) 32 bits apart; reversing the three bytes of every
            // lane and keeping the low 20 bits (even lanes) or bits 4..23 (odd lanes) gives the fields.
            // Lane-wise range check: raw + 2^20 - 197 has bit 20 set iff raw ≥ 197 (the AND of all must keep it),
            // raw + 196 has it set iff raw ≥ 2^20 - 196 = 1,048,380 (the OR of all must not). Each half of the eight
            // lanes q + γ1 - raw then spreads to four 64-bit lanes: ×(2^64 + 1) puts f1 and f3 in place and
            // ×(2^96 + 2^32) f0 and f2, the other copies falling outside the masks.
            let low := not(0)
            let high := 0
            let src := add(signature.offset, 48)
            for { let end := add(z, C_OFFSET) } lt(z, end) { z := add(z, 64) } {
                let v := calldataload(src)
                src := add(src, 20)
                v := or(shl(128, shr(176, v)), and(shr(96, v), M80))
                v := or(shl(24, and(v, GROUPS_HIGH)), and(v, GROUPS_LOW))
                v := or(shl(16, and(v, WINDOWS_HIGH)), and(v, WINDOWS_LOW))
                v := or(or(shl(16, and(v, BYTE0)), and(v, BYTE1)), and(shr(16, v), BYTE0))
                v := or(and(v, EVEN20), and(shr(4, v), ODD20))
                low := and(low, add(v, Z_LOW))
                high := or(high, add(v, Z_HIGH))
                v := sub(Q_PLUS_GAMMA1, v)
                let h := shr(128, v)
                mstore(z, or(and(mul(h, SPREAD_ODD), KEEP_ODD), and(mul(h, SPREAD_EVEN), KEEP_EVEN)))
                h := and(v, M128)
                mstore(add(z, 32), or(and(mul(h, SPREAD_ODD), KEEP_ODD), and(mul(h, SPREAD_EVEN), KEEP_EVEN)))
            }
            ok := and(eq(and(low, BIT20), BIT20), iszero(and(high, BIT20)))
        }
    }

    /**
     * @dev Â ∘ ẑ − ĉ ∘ t̂1 for all six rows, as pair products: for c = 4g + e (e = 0, 1) and row i, the word at
     * `z + PRODUCTS_OFFSET + 4096i + 64g + 32e` gets Σ_j Â[i][j][c] ẑ[j][c] in bits 192..255 and the same for
     * c + 2 in bits 0..63 ({MLDSA65NTT-invNttPairs} reads them), with t̂1[i] and −ĉ as a sixth column. One MUL
     * makes both: (Â[c]·2^64 + Â[c+2]) × (ẑ[c]·2^128 + ẑ[c+2]) puts Â[c]ẑ[c] at bit 192, Â[c+2]ẑ[c+2] at 0 and
     * the cross products at 64 and 128. Each product is below 2^32 · 2^27 (E holds 32-bit values, ẑ lanes are
     * below 2^27), a sum of six below 2^62: the four 64-bit fields never carry into each other. The two factors
     * come from one MLOAD and one AND each: E's coefficients c and c + 2 are 8 bytes apart, a packed
     * polynomial's 16. `a` is E's first byte (Â[i][j] at 5120i + 1024j, t̂1[i] at 30720 + 1024i).
     */
    function _accumulate(uint256 a, uint256 z) internal pure {
        assembly ("memory-safe") {
            // ap: mload(ap + offset) holds Â[c] in bits 64..95 and Â[c + 2] in bits 0..31 (for c = 4g).
            // zp: mload(zp + 2048j) holds ẑ[j][c] in bits 128..191 and ẑ[j][c + 2] in bits 0..63.
            let ap := sub(a, 20)
            let s := add(z, PRODUCTS_OFFSET)
            for { let zp := sub(z, 8) } lt(zp, add(z, 2040)) { zp := add(zp, 32) } {
                // c = 4g and c + 2.
                {
                    let z0 := and(mload(zp), MZ)
                    let z1 := and(mload(add(zp, 2048)), MZ)
                    let z2 := and(mload(add(zp, 4096)), MZ)
                    let z3 := and(mload(add(zp, 6144)), MZ)
                    let z4 := and(mload(add(zp, 8192)), MZ)
                    let z5 := and(mload(add(zp, 10240)), MZ)
                    mstore(
                        s,
                        add(
                            add(
                                add(mul(and(mload(ap), MA), z0), mul(and(mload(add(ap, 1024)), MA), z1)),
                                add(mul(and(mload(add(ap, 2048)), MA), z2), mul(and(mload(add(ap, 3072)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 4096)), MA), z4), mul(and(mload(add(ap, 30720)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 4096),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 5120)), MA), z0), mul(and(mload(add(ap, 6144)), MA), z1)),
                                add(mul(and(mload(add(ap, 7168)), MA), z2), mul(and(mload(add(ap, 8192)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 9216)), MA), z4), mul(and(mload(add(ap, 31744)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 8192),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 10240)), MA), z0), mul(and(mload(add(ap, 11264)), MA), z1)),
                                add(mul(and(mload(add(ap, 12288)), MA), z2), mul(and(mload(add(ap, 13312)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 14336)), MA), z4), mul(and(mload(add(ap, 32768)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 12288),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 15360)), MA), z0), mul(and(mload(add(ap, 16384)), MA), z1)),
                                add(mul(and(mload(add(ap, 17408)), MA), z2), mul(and(mload(add(ap, 18432)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 19456)), MA), z4), mul(and(mload(add(ap, 33792)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 16384),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 20480)), MA), z0), mul(and(mload(add(ap, 21504)), MA), z1)),
                                add(mul(and(mload(add(ap, 22528)), MA), z2), mul(and(mload(add(ap, 23552)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 24576)), MA), z4), mul(and(mload(add(ap, 34816)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 20480),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 25600)), MA), z0), mul(and(mload(add(ap, 26624)), MA), z1)),
                                add(mul(and(mload(add(ap, 27648)), MA), z2), mul(and(mload(add(ap, 28672)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 29696)), MA), z4), mul(and(mload(add(ap, 35840)), MA), z5))
                        )
                    )
                }
                // c = 4g + 1 and c + 3.
                {
                    let z0 := and(mload(add(zp, 8)), MZ)
                    let z1 := and(mload(add(zp, 2056)), MZ)
                    let z2 := and(mload(add(zp, 4104)), MZ)
                    let z3 := and(mload(add(zp, 6152)), MZ)
                    let z4 := and(mload(add(zp, 8200)), MZ)
                    let z5 := and(mload(add(zp, 10248)), MZ)
                    mstore(
                        add(s, 32),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 4)), MA), z0), mul(and(mload(add(ap, 1028)), MA), z1)),
                                add(mul(and(mload(add(ap, 2052)), MA), z2), mul(and(mload(add(ap, 3076)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 4100)), MA), z4), mul(and(mload(add(ap, 30724)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 4128),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 5124)), MA), z0), mul(and(mload(add(ap, 6148)), MA), z1)),
                                add(mul(and(mload(add(ap, 7172)), MA), z2), mul(and(mload(add(ap, 8196)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 9220)), MA), z4), mul(and(mload(add(ap, 31748)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 8224),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 10244)), MA), z0), mul(and(mload(add(ap, 11268)), MA), z1)),
                                add(mul(and(mload(add(ap, 12292)), MA), z2), mul(and(mload(add(ap, 13316)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 14340)), MA), z4), mul(and(mload(add(ap, 32772)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 12320),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 15364)), MA), z0), mul(and(mload(add(ap, 16388)), MA), z1)),
                                add(mul(and(mload(add(ap, 17412)), MA), z2), mul(and(mload(add(ap, 18436)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 19460)), MA), z4), mul(and(mload(add(ap, 33796)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 16416),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 20484)), MA), z0), mul(and(mload(add(ap, 21508)), MA), z1)),
                                add(mul(and(mload(add(ap, 22532)), MA), z2), mul(and(mload(add(ap, 23556)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 24580)), MA), z4), mul(and(mload(add(ap, 34820)), MA), z5))
                        )
                    )
                    mstore(
                        add(s, 20512),
                        add(
                            add(
                                add(mul(and(mload(add(ap, 25604)), MA), z0), mul(and(mload(add(ap, 26628)), MA), z1)),
                                add(mul(and(mload(add(ap, 27652)), MA), z2), mul(and(mload(add(ap, 28676)), MA), z3))
                            ),
                            add(mul(and(mload(add(ap, 29700)), MA), z4), mul(and(mload(add(ap, 35844)), MA), z5))
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
     * written to the 128 bytes at `out`. HighBits: r1 = ⌊(r + γ2 - 1)/2γ2⌋ is Decompose's r1 except at the top,
     * where it gives 16 (≡ 0 in 4 bits, Decompose's wrap). The hinted nibbles are then moved by ±1 mod 16 in
     * place: r + γ2 - 1 = 2γ2 · r1 + (r0 + γ2 - 1) with r0 + γ2 - 1 in [0, 2γ2), so r0 > 0 iff (r + γ2 - 1) mod
     * 2γ2 ≥ γ2 (at the wrap, r0 ≤ 0 and this is below γ2 too).
     */
    function _useHintAndEncode(uint256 w, bytes calldata signature, uint256 i, uint256 out) internal pure {
        assembly ("memory-safe") {
            // Two words at a time, as eight 32-bit lanes (word 2n shifted up by 32 bits over word 2n + 1; every
            // value stays below 2^32): r mod q (bit 24 of r + 2^24 - q is set iff r ≥ q); then with x = r + γ2 - 1
            // < 2^24 and 2γ2 = 512 · 1023, r1 = ⌊⌊x / 512⌋ · 65601 / 2^26⌋, exact for every such x, masked to 4
            // bits (each shift brings only the next lane's low bits down, above the bits kept). w1Encode packs
            // coefficients 2b and 2b + 1 into byte b (low nibble first): one MUL gathers the eight nibbles into the
            // top 32 bits in byte order (the other products land below bit 224 or beyond 2^256), and eight pairs
            // fill one 32-byte word of the encoding.
            let end := add(w, 2048)
            for { let p := w } lt(p, end) {} {
                let acc := 0
                for { let wend := add(p, 512) } lt(p, wend) { p := add(p, 128) } {
                    let x := or(shl(32, mload(p)), mload(add(p, 32)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(26, mul(and(shr(9, add(x, GAMMA2_MINUS_ONE_L)), LOW15), DIV_1023)), NIBBLES)
                    acc := or(shl(32, acc), shr(224, mul(x, GATHER)))
                    x := or(shl(32, mload(add(p, 64))), mload(add(p, 96)))
                    x := sub(x, mul(and(shr(24, add(x, REDUCE)), ONES), Q))
                    x := and(shr(26, mul(and(shr(9, add(x, GAMMA2_MINUS_ONE_L)), LOW15), DIV_1023)), NIBBLES)
                    acc := or(shl(32, acc), shr(224, mul(x, GATHER)))
                }
                mstore(out, acc)
                out := add(out, 32)
            }
            out := sub(out, 128)
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            if i { index := byte(0, calldataload(add(y, add(OMEGA, sub(i, 1))))) }
            for { let last := byte(0, calldataload(add(y, add(OMEGA, i)))) } lt(index, last) { index := add(index, 1) } {
                let position := byte(0, calldataload(add(y, index)))
                let r := mod(shr(192, mload(add(w, shl(3, position)))), Q)
                let at := add(out, shr(1, position))
                let shift := shl(2, and(position, 1))
                // The nibble is r1 + 15 + 2·[r0 > 0] mod 16 (UseHint), from the r1 written above.
                let b := byte(0, mload(at))
                let nibble := shr(shift, b)
                r := add(nibble, add(15, shl(1, iszero(lt(mod(add(r, GAMMA2_MINUS_ONE), TWO_GAMMA2), GAMMA2)))))
                mstore8(at, xor(b, shl(shift, and(xor(r, nibble), 15))))
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
     * @dev FIPS 204 Algorithm 29 (SampleInBall) from c̃ = σ[0:48], storing −c (packed, in [0, q)) at `negC`, a
     * zeroed polynomial followed by 24 writable bytes: the product −c · t1 then needs no negation. The first 8 squeezed bytes are the signs,
     * least significant bit first; then each i in [207, 256) draws j ≤ i from single bytes, rejecting j > i,
     * moves c[j] to c[i] and sets c[j] = (−1)^sign.
     *
     * The first SHAKE256 block (136 bytes: 8 sign bytes and 128 draws) is squeezed alone, so no permutation is
     * spent on a second block that is almost never needed; if it is, the stream is squeezed again with two
     * blocks. The draws stop there (returns false, a rejection, if 49 positions are not found in 128 + 136
     * bytes), which bounds the gas. No c̃ reaches that bound in practice: a draw at step i is accepted with
     * probability (i + 1)/256 ≥ 208/256, and the probability that 264 draws accept fewer than 49 times is below
     * 2^-463 (below 2^-140 already for the first block's 128), so finding a c̃ that needs a third block takes
     * beyond 2^400 SHAKE256 evaluations, and an honest signature meets one never.
     */
    function _sampleInBall(bytes calldata signature, uint256 negC) internal pure returns (bool) {
        return _sampleInBall(signature[0:48], negC, 136);
    }

    /**
     * @dev {_sampleInBall} for c̃ = `seed` that squeezes `firstLength` bytes first (8 to 136; tests take fewer to
     * go through the continuation).
     */
    function _sampleInBall(bytes memory seed, uint256 negC, uint256 firstLength) internal pure returns (bool) {
        bytes memory stream = SHAKE.shake256(seed, firstLength);
        uint256 signs;
        assembly ("memory-safe") {
            let b := add(stream, 0x20)
            // The 8 sign bytes, little-endian: byte m of the stream is bits 8m..8m+7.
            for { let m := 0 } lt(m, 8) { m := add(m, 1) } {
                signs := or(signs, shl(shl(3, m), byte(0, mload(add(b, m)))))
            }
        }
        uint256 i = _sampleFrom(stream, 8, 256 - 49, signs, negC);
        if (i < 256) i = _sampleFrom(SHAKE.shake256(seed, 272), firstLength, i, signs, negC);
        return i == 256;
    }

    /**
     * @dev SampleInBall's draws from `stream` (SHAKE256 output) from byte `k` to its end, for the positions from
     * `i` on; returns the next position (256 when done). −c[j] is q − 1 for c[j] = +1 (sign bit 0) and 1 for −1.
     */
    function _sampleFrom(bytes memory stream, uint256 k, uint256 i, uint256 signs, uint256 negC)
        private
        pure
        returns (uint256)
    {
        assembly ("memory-safe") {
            let b := add(stream, 0x20)
            for { let end := mload(stream) } and(lt(k, end), lt(i, 256)) { k := add(k, 1) } {
                let j := byte(0, mload(add(b, k)))
                if iszero(gt(j, i)) {
                    // c[i] = c[j]: coefficient i is the top lane of the word at negC + 8i, and the three lanes
                    // after it are still zero (positions above i are untouched) or, for i > 252, past the
                    // polynomial, so a plain store does it.
                    let pj := add(negC, shl(3, j))
                    mstore(add(negC, shl(3, i)), and(mload(pj), TOP_LANE))
                    let negSign := sub(Q, add(1, mul(sub(Q, 2), and(shr(sub(i, 207), signs), 1))))
                    mstore(pj, or(and(mload(pj), LOW_LANES), shl(192, negSign)))
                    i := add(i, 1)
                }
            }
        }
        return i;
    }
}
