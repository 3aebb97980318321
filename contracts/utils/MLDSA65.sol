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
 * Memory layout of one verification (fresh memory, one 32-byte word per coefficient): ẑ[0..4] and −ĉ as six
 * consecutive 8 KiB polynomials, so that the hot loops address all of them with literal offsets from a single
 * pointer; the six rows of ŵ = Â ẑ − ĉ t̂1 then replace them in place.
 */
library MLDSA65 {
    uint256 internal constant EXPANDED_KEY_LENGTH = 36928;
    uint256 internal constant SIGNATURE_LENGTH = 3309;

    uint256 private constant Q = 8380417;
    /// @dev γ2 = (q - 1)/32: HighBits is r1 = ⌊(r + γ2 - 1)/2γ2⌋ (see {_useHintAndEncode}).
    uint256 private constant GAMMA2_MINUS_ONE = 261887;
    uint256 private constant TWO_GAMMA2 = 523776;
    /// @dev q + γ1: a z coefficient γ1 - raw is stored as q + γ1 - raw, non-negative and ≡ z mod q.
    uint256 private constant Q_PLUS_GAMMA1 = 8904705;
    /// @dev β + 1 = τη + 1 and 2γ1 - 2β - 2: raw is valid iff raw - (β + 1) ≤ this bound (unsigned).
    uint256 private constant Z_LOW = 197;
    uint256 private constant Z_SPAN = 1048182;
    /// @dev ω, the most 1s a hint may have, and where the hint (ω positions, then k = 6 counts) starts in σ.
    uint256 private constant OMEGA = 55;
    uint256 private constant HINT_OFFSET = 3248;

    uint256 internal constant POLY_BYTES = 8192;
    /// @dev Where −ĉ is, after the five ẑ; the work area is these six polynomials.
    uint256 internal constant C_OFFSET = 40960;
    uint256 private constant WORK_BYTES = 49152;
    /// @dev Where tr is in E, after the 36 polynomials.
    uint256 private constant TR_OFFSET = 36864;

    /// @dev w1Encode(w1) is 6 × 128 bytes, hashed after the 64-byte μ.
    uint256 private constant W1_BYTES = 768;

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
        _sampleInBall(signature, z + C_OFFSET);
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
     * ‖z‖∞ < γ1 − β, and unpacks z into fresh zeroed memory at `z`, the start of the verification's work area
     * (ẑ[0..4], −ĉ at `z + C_OFFSET`, w). Returns ok = false for a malformed σ. σ must be 3,309 bytes.
     */
    function decodeSignature(bytes calldata signature) internal pure returns (bool ok, uint256 z) {
        z = _allocate();
        ok = _hintWellFormed(signature) && _decodeZ(signature, z);
    }

    /**
     * @dev w1Encode(UseHint(h, NTT^-1(Â ∘ NTT(z) − NTT(c) ∘ t̂1))) into the 768 bytes at `out`, from the
     * work area of {decodeSignature} with −c (coefficients in [0, q)) written at `z + C_OFFSET`, which it
     * consumes. `expanded` points at E's first byte.
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
            MLDSA65NTT.invNtt(z + i * POLY_BYTES, zetas);
            _useHintAndEncode(z + i * POLY_BYTES, signature, i, out + i * 128);
        }
    }

    /**
     * @dev Fresh memory for ẑ and −ĉ (6 polynomials), word-aligned; moves the free memory pointer. Only −ĉ
     * is cleared (SampleInBall writes 49 of its coefficients): every other word is written before it is read.
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
     * `z` as q + γ1 - raw, and checks ‖z‖∞ < γ1 - β for all of them.
     */
    function _decodeZ(bytes calldata signature, uint256 z) private pure returns (bool ok) {
        assembly ("memory-safe") {
            let bad := 0
            let src := add(signature.offset, 48)
            // 8 coefficients per 20 bytes, least significant bit first: byte-reverse a word so its first
            // 20 bytes become a little-endian 160-bit integer.
            for { let end := add(z, C_OFFSET) } lt(z, end) { z := add(z, 256) } {
                let v := calldataload(src)
                src := add(src, 20)
                v := or(shr(8, and(v, 0xff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00)), shl(8, and(v, 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff)))
                v := or(shr(16, and(v, 0xffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000)), shl(16, and(v, 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff)))
                v := or(shr(32, and(v, 0xffffffff00000000ffffffff00000000ffffffff00000000ffffffff00000000)), shl(32, and(v, 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff)))
                v := or(shr(64, and(v, 0xffffffffffffffff0000000000000000ffffffffffffffff0000000000000000)), shl(64, and(v, 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff)))
                v := or(shr(128, v), shl(128, v))
                {
                    let f := and(v, 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(z, sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(20, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 32), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(40, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 64), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(60, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 96), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(80, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 128), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(100, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 160), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(120, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 192), sub(Q_PLUS_GAMMA1, f))
                }
                {
                    let f := and(shr(140, v), 0xfffff)
                    bad := or(bad, gt(sub(f, Z_LOW), Z_SPAN))
                    mstore(add(z, 224), sub(Q_PLUS_GAMMA1, f))
                }
            }
            ok := iszero(bad)
        }
    }

    /**
     * @dev ŵ[i] = Σ_j Â[i][j] ∘ ẑ[j] + t̂1[i] ∘ (−ĉ) for all six rows at once, unreduced: every product is below
     * 2^23 · 2^27 and a sum of six below 2^53, inside {MLDSA65NTT.INPUT_BOUND}. Coefficient c of every ẑ[j] and
     * of −ĉ is read once and, all six sums done, overwritten: ŵ[i] takes the place of the i-th polynomial of
     * the work area. `a` is E's first byte (Â[i][j] at 5120i + 1024j, t̂1[i] at 30720 + 1024i).
     */
    function _accumulate(uint256 a, uint256 z) internal pure {
        assembly ("memory-safe") {
            for { let end := add(z, POLY_BYTES) } lt(z, end) { z := add(z, 0x20) } {
                let z0 := mload(z)
                let z1 := mload(add(z, 8192))
                let z2 := mload(add(z, 16384))
                let z3 := mload(add(z, 24576))
                let z4 := mload(add(z, 32768))
                let z5 := mload(add(z, C_OFFSET))
                mstore(
                    z,
                    add(
                        add(
                            add(mul(shr(224, mload(a)), z0), mul(shr(224, mload(add(a, 1024))), z1)),
                            mul(shr(224, mload(add(a, 2048))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 3072))), z3), mul(shr(224, mload(add(a, 4096))), z4)),
                            mul(shr(224, mload(add(a, 30720))), z5)
                        )
                    )
                )
                mstore(
                    add(z, 8192),
                    add(
                        add(
                            add(mul(shr(224, mload(add(a, 5120))), z0), mul(shr(224, mload(add(a, 6144))), z1)),
                            mul(shr(224, mload(add(a, 7168))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 8192))), z3), mul(shr(224, mload(add(a, 9216))), z4)),
                            mul(shr(224, mload(add(a, 31744))), z5)
                        )
                    )
                )
                mstore(
                    add(z, 16384),
                    add(
                        add(
                            add(mul(shr(224, mload(add(a, 10240))), z0), mul(shr(224, mload(add(a, 11264))), z1)),
                            mul(shr(224, mload(add(a, 12288))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 13312))), z3), mul(shr(224, mload(add(a, 14336))), z4)),
                            mul(shr(224, mload(add(a, 32768))), z5)
                        )
                    )
                )
                mstore(
                    add(z, 24576),
                    add(
                        add(
                            add(mul(shr(224, mload(add(a, 15360))), z0), mul(shr(224, mload(add(a, 16384))), z1)),
                            mul(shr(224, mload(add(a, 17408))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 18432))), z3), mul(shr(224, mload(add(a, 19456))), z4)),
                            mul(shr(224, mload(add(a, 33792))), z5)
                        )
                    )
                )
                mstore(
                    add(z, 32768),
                    add(
                        add(
                            add(mul(shr(224, mload(add(a, 20480))), z0), mul(shr(224, mload(add(a, 21504))), z1)),
                            mul(shr(224, mload(add(a, 22528))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 23552))), z3), mul(shr(224, mload(add(a, 24576))), z4)),
                            mul(shr(224, mload(add(a, 34816))), z5)
                        )
                    )
                )
                mstore(
                    add(z, 40960),
                    add(
                        add(
                            add(mul(shr(224, mload(add(a, 25600))), z0), mul(shr(224, mload(add(a, 26624))), z1)),
                            mul(shr(224, mload(add(a, 27648))), z2)
                        ),
                        add(
                            add(mul(shr(224, mload(add(a, 28672))), z3), mul(shr(224, mload(add(a, 29696))), z4)),
                            mul(shr(224, mload(add(a, 35840))), z5)
                        )
                    )
                )
                a := add(a, 4)
            }
        }
    }

    /**
     * @dev FIPS 204 Algorithm 40 (UseHint) and Algorithm 28 (w1Encode) for row i of w (coefficients in
     * [0, q)), written to the 128 bytes at `out`. HighBits: r1 = ⌊(r + γ2 - 1)/2γ2⌋ is Decompose's r1 except
     * at the top, where it gives 16 (≡ 0 in 4 bits, Decompose's wrap). The hinted coefficients are then
     * fixed in place: r0 > 0 iff r > 2γ2 · r1 (the wrap has r0 ≤ 0), and the hint moves r1 by ±1 mod 16.
     */
    function _useHintAndEncode(uint256 w, bytes calldata signature, uint256 i, uint256 out) internal pure {
        assembly ("memory-safe") {
            // w1Encode packs coefficients 2b and 2b + 1 into byte b (low nibble first). Each 32-byte word
            // (64 coefficients) is built as two byte-per-coefficient accumulators, even and odd, shifted in
            // big-endian order; masking each byte to 4 bits turns HighBits' 16 into Decompose's wrap to 0.
            for { let k := 0 } lt(k, 4) { k := add(k, 1) } {
                let even := 0
                let odd := 0
                for { let end := add(w, 2048) } lt(w, end) { w := add(w, 512) } {
                    even := or(shl(8, even), div(add(mload(w), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 32)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 64)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 96)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 128)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 160)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 192)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 224)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 256)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 288)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 320)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 352)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 384)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 416)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    even := or(shl(8, even), div(add(mload(add(w, 448)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                    odd := or(shl(8, odd), div(add(mload(add(w, 480)), GAMMA2_MINUS_ONE), TWO_GAMMA2))
                }
                mstore(
                    add(out, shl(5, k)),
                    or(
                        and(even, 0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f),
                        shl(4, and(odd, 0x0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f))
                    )
                )
            }
            w := sub(w, 8192)
            let y := add(signature.offset, HINT_OFFSET)
            let index := 0
            if i { index := byte(0, calldataload(add(y, add(OMEGA, sub(i, 1))))) }
            for { let end := byte(0, calldataload(add(y, add(OMEGA, i)))) } lt(index, end) { index := add(index, 1) } {
                let position := byte(0, calldataload(add(y, index)))
                let r := mload(add(w, shl(5, position)))
                let r1 := div(add(r, GAMMA2_MINUS_ONE), TWO_GAMMA2)
                r1 := and(add(r1, add(15, shl(1, gt(r, mul(r1, TWO_GAMMA2))))), 15)
                let at := add(out, shr(1, position))
                let shift := shl(2, and(position, 1))
                mstore8(at, or(and(byte(0, mload(at)), not(shl(shift, 15))), shl(shift, r1)))
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
     * @dev FIPS 204 Algorithm 29 (SampleInBall) from c̃ = σ[0:48], storing −c (in [0, q)) at `negC`, a zeroed
     * polynomial: the product −c · t1 then needs no negation. The first 8 squeezed bytes are the signs, least
     * significant bit first; then each i in [207, 256) draws j ≤ i from single bytes, rejecting j > i, moves
     * c[j] to c[i] and sets c[j] = (−1)^sign.
     */
    function _sampleInBall(bytes calldata signature, uint256 negC) internal pure {
        SHAKE.Sponge memory sponge = SHAKE.absorb(signature[0:48], SHAKE.RATE_256);
        bytes memory block_ = SHAKE.squeezeBlock(sponge);
        uint256 signs;
        uint256 k = 8;
        assembly ("memory-safe") {
            let b := add(block_, 0x20)
            // The 8 sign bytes, little-endian: byte m of the block is bits 8m..8m+7.
            for { let m := 0 } lt(m, 8) { m := add(m, 1) } {
                signs := or(signs, shl(shl(3, m), byte(0, mload(add(b, m)))))
            }
        }
        for (uint256 i = 256 - 49; i < 256; ++i) {
            uint256 j;
            while (true) {
                if (k == SHAKE.RATE_256) {
                    block_ = SHAKE.squeezeBlock(sponge);
                    k = 0;
                }
                assembly ("memory-safe") {
                    j := byte(0, mload(add(add(block_, 0x20), k)))
                }
                ++k;
                if (j <= i) break;
            }
            uint256 bit = i + 49 - 256;
            assembly ("memory-safe") {
                // −c[j] is q − 1 for c[j] = +1 (sign bit 0) and 1 for c[j] = −1 (sign bit 1).
                let negSign := sub(Q, add(1, mul(sub(Q, 2), and(shr(bit, signs), 1))))
                mstore(add(negC, shl(5, i)), mload(add(negC, shl(5, j))))
                mstore(add(negC, shl(5, j)), negSign)
            }
        }
    }
}
