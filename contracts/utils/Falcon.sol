// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "./ExpandedKeyReader.sol";
import {FalconNTT} from "./FalconNTT.sol";
import {KeccakF1600} from "./KeccakF1600.sol";
import {SHAKE} from "./SHAKE.sol";

/**
 * @dev Round-3 Falcon signature verification (specification v1.2, Algorithm 16) for Falcon-512 (logn = 9) and
 * Falcon-1024 (logn = 10), accepting exactly what the reference implementation accepts (`falcon_verify` with the
 * format read from the header): the compressed and padded detached forms that PQClean (`falcon-512`,
 * `falcon-padded-512`, `falcon-1024`, `falcon-padded-1024`) and noble produce, and the reference's fixed-width CT
 * form, which is the cheapest to decode here.
 *
 * The public key h comes pre-transformed (the SDK's expanded key E): n 4-byte big-endian values, the residues of
 * h mod X^8 − ζ[n/8 + w]² (see {FalconNTT}) times 2^16·(n/8)⁻¹ mod q, in memory as {FalconNTT} lanes. Polynomials
 * use {FalconNTT}'s layout: n/8 words of eight 32-bit lanes, coefficient 8w + j in lane j (most significant first)
 * of word w.
 */
library Falcon {
    uint256 private constant Q = 12289;
    /// @dev Bytes before the compressed s2: the header 0x30 + logn and the 40-byte nonce.
    uint256 private constant PREFIX = 41;
    /// @dev 2^31 − q in every lane: adding it sets a lane's bit 31 exactly when the lane (below 2^31) is ≥ q.
    uint256 private constant GE_Q = 0x7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff;
    /// @dev Bit 31 of every lane.
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;
    /// @dev Bit 0 of every lane.
    uint256 private constant BIT0 = 0x0000000100000001000000010000000100000001000000010000000100000001;
    /// @dev Masks for reversing the order of lanes: alternate 64-bit halves, alternate lanes.
    uint256 private constant LO64 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant LO32 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    /**
     * @dev HashToPoint keeps 16-bit samples below 5q = 61,445, the largest multiple of q below 2^16: a word with a
     * sample in bits 224–239 and zeros above it is below 5q·2^224 exactly when the sample is kept.
     */
    uint256 private constant SAMPLE_BOUND = 61445 << 224;
    /**
     * @dev {_sample}'s constants: 2^16 − 5q in every lane, and bit 16 of every lane (adding the first to lanes below
     * 2^16 sets a lane's bit 16 exactly when the lane is 5q or more, a sample to reject); 2^192 + 2^96 (a lane times
     * it holds its low half at bit 192 and its high half at bit 128), the low 16 bits of each 64-bit quarter, the
     * low 16 bits of each lane.
     */
    uint256 private constant REJECT_LANES = 0x00000ffb00000ffb00000ffb00000ffb00000ffb00000ffb00000ffb00000ffb;
    uint256 private constant BIT16 = 0x0001000000010000000100000001000000010000000100000001000000010000;
    uint256 private constant LANE_PAIR_SPREAD = (1 << 192) | (1 << 96);
    uint256 private constant LO16_OF_64 = 0x000000000000ffff000000000000ffff000000000000ffff000000000000ffff;
    uint256 private constant LO16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    /// @dev q in every lane.
    uint256 private constant Q_LANES = 0x0000300100003001000030010000300100003001000030010000300100003001;
    /// @dev 2^31 − 1 in every lane: adding it to a lane below 2^31 sets the lane's bit 31 exactly when it is not 0.
    uint256 private constant LANE_NONZERO = 0x7fffffff7fffffff7fffffff7fffffff7fffffff7fffffff7fffffff7fffffff;

    /// @dev Fixed length of a padded detached signature.
    function paddedLength(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 666 : 1280;
    }

    /// @dev Exact length of a CT detached signature: header, nonce and n 12-bit fields.
    function ctLength(uint256 logn) internal pure returns (uint256) {
        return PREFIX + (3 << (logn - 1));
    }

    /// @dev Longest compressed detached signature the reference produces and accepts.
    function maxCompressedLength(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 752 : 1462;
    }

    /// @dev ⌊β²⌋: the largest accepted squared norm ‖(s1, s2)‖².
    function normBound(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 34_034_726 : 70_265_242;
    }

    /**
     * @dev Whether every lane of the `words`-word polynomial at `p` is below q: an expanded key read from code
     * must be, for the lane arithmetic to hold and for E to stand for exactly one public key.
     */
    function isReduced(uint256 p, uint256 words) internal pure returns (bool ok) {
        assembly ("memory-safe") {
            let high := 0
            for { let end := add(p, shl(5, words)) } lt(p, end) { p := add(p, 0x20) } {
                // A lane of 2^31 or more has bit 31 itself; a smaller one gets it from the addition, without carry.
                let x := mload(p)
                high := or(high, or(x, add(x, GE_Q)))
            }
            ok := iszero(and(high, BIT31))
        }
    }

    /**
     * @dev Parses a detached signature in any of the reference implementation's three formats and decodes s2 into
     * fresh memory as lanes q + s2[i] (in [q − 2047, q + 2047]), returning ‖s2‖². `ok` is false for anything the
     * reference's `falcon_verify` (format auto-detected from the header) rejects:
     *
     * - CT, `0x50 + logn ‖ nonce ‖ n 12-bit two's complement fields` of exactly {ctLength} bytes: a field of −2048;
     * - compressed, `0x30 + logn ‖ nonce ‖ compressed s2`, or padded, the same followed by zero bytes up to exactly
     *   {paddedLength} bytes: see {_decodeCompressed};
     * - any other header or length.
     */
    function decodeSignature(uint256 logn, bytes calldata signature)
        internal
        pure
        returns (bool ok, uint256 s2, uint256 s2Norm)
    {
        if (signature.length == ctLength(logn) && uint8(signature[0]) == 0x50 + logn) return _decodeCt(logn, signature);
        return _decodeCompressed(logn, signature);
    }

    /**
     * @dev Masks of {_decodeCt}'s spreading of a word's eight fields, after the first, the second and the third
     * step: fields 0–3 at bits 128–175 and 4–7 at bits 0–47, then two fields per 64-bit quarter at its bits 0–23,
     * then one per lane at its bits 0–11.
     */
    uint256 private constant CT_SPREAD_1 = 0x00000000000000000000ffffffffffff00000000000000000000ffffffffffff;
    uint256 private constant CT_SPREAD_2 = 0x0000000000ffffff0000000000ffffff0000000000ffffff0000000000ffffff;
    uint256 private constant LANE_12_BITS = 0x00000fff00000fff00000fff00000fff00000fff00000fff00000fff00000fff;
    /**
     * @dev {_decodeCt}'s constants, on lanes that hold two coefficients side by side (word w's in the high half,
     * bits 16–31, word w + 1's in the low half, bits 0–15): bit 11 of both halves; 4095 in both (added to a half
     * x ≤ 4095 it sets the half's bit 12 exactly when x ≠ 0, with no carry out of the half); bit 12 of both; q − 2048
     * in both; (q + 2048) + (q − 2048) in both; the low 14 bits of every lane; ‖s2‖²'s offset per coefficient,
     * 2^22 + (q + 2048)(q − 2048) (see {_decodeCt}).
     */
    uint256 private constant HALVES_BIT_11 = 0x0800080008000800080008000800080008000800080008000800080008000800;
    uint256 private constant HALVES_4095 = 0x0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff0fff;
    uint256 private constant HALVES_BIT_12 = 0x1000100010001000100010001000100010001000100010001000100010001000;
    uint256 private constant HALVES_Q_LESS_2048 = 0x2801280128012801280128012801280128012801280128012801280128012801;
    uint256 private constant HALVES_2Q = 0x6002600260026002600260026002600260026002600260026002600260026002;
    uint256 private constant LANE_14_BITS = 0x00003fff00003fff00003fff00003fff00003fff00003fff00003fff00003fff;
    uint256 private constant CT_NORM_OFFSET = 151_019_521;

    /**
     * @dev {decodeSignature} for the CT format. Two words of eight fields (24 bytes) at a time: each word's fields
     * are spread to the low 12 bits of the eight lanes in three shift-and-mask steps that halve the distance between
     * neighbours, and the two words are joined, one in each half of the lanes, to be converted, checked, reflected
     * and squared together.
     *
     * The norm without a square per coefficient: with a = q + s (the value stored) and b = (q + 2048) − s,
     * a·b = 2^22 + (q + 2048)(q − 2048) − s² (as a = (q − 2048) + x and b = (q + 2048) − x for x = s + 2048, and
     * x(4096 − x) = 2^22 − s²). The lanes of a word times the lanes of b in the reverse order within each 128-bit
     * half, modulo 2^256 − 1, hold Σ a·b over the word's eight coefficients in bits 96–127 (the coefficient of 2^96
     * collects exactly the products of lanes j and j xor 3); every product is below 2^28, every lane of it below 2^31
     * and of the two words' sum below 2^32, so no lane carries into another. Summed over the words, the low 32 bits
     * are n·{CT_NORM_OFFSET} − ‖s2‖² mod 2^32, which gives ‖s2‖² < n·2047² < 2^32.
     */
    function _decodeCt(uint256 logn, bytes calldata signature)
        private
        pure
        returns (bool ok, uint256 s2, uint256 s2Norm)
    {
        assembly ("memory-safe") {
            s2 := mload(0x40)
            let end := add(s2, shl(2, shl(logn, 1)))
            mstore(0x40, end)
            let input := add(signature.offset, PREFIX)
            // Bit 12 of a half stays set while no field read into that half was 0x800 (−2048).
            let allowed := not(0)
            let products := 0
            for { let out := s2 } lt(out, end) {
                out := add(out, 0x40)
                input := add(input, 24)
            } {
                // Word w's fields at bits 244 − 12j … 255 − 12j, word w + 1's 96 bits lower (the 8 bytes after them,
                // past the signature in the last round, are shifted out); each word's field j, at bits 84 − 12j …
                // 95 − 12j once alone, moves 140 − 20j bits up to lane j, and word w's then 16 more, to the high half.
                let v := calldataload(input)
                let low := shr(160, shl(96, v))
                low := and(or(shl(80, low), low), CT_SPREAD_1)
                low := and(or(shl(40, low), low), CT_SPREAD_2)
                low := and(or(shl(20, low), low), LANE_12_BITS)
                let high := shr(160, v)
                high := and(or(shl(80, high), high), CT_SPREAD_1)
                high := and(or(shl(40, high), high), CT_SPREAD_2)
                high := and(or(shl(20, high), high), LANE_12_BITS)
                // x = s + 2048 = field xor 2^11 for the 12-bit two's complement field: 0 only for −2048.
                let x := xor(or(shl(16, high), low), HALVES_BIT_11)
                allowed := and(allowed, add(x, HALVES_4095))
                // a = q + s = x + (q − 2048) in each half, below 2^14.
                x := add(x, HALVES_Q_LESS_2048)
                low := and(x, LANE_14_BITS)
                high := shr(16, xor(x, low))
                mstore(out, high)
                mstore(add(out, 0x20), low)
                // b = (q + 2048) − s = 2q − a per half, lanes in reverse order within each 128-bit half.
                let b := or(and(shr(64, x), LO64), shl(64, and(x, LO64)))
                b := sub(HALVES_2Q, or(and(shr(32, b), LO32), shl(32, and(b, LO32))))
                let bLow := and(b, LANE_14_BITS)
                products := add(
                    products,
                    shr(96, add(mulmod(low, bLow, not(0)), mulmod(high, shr(16, xor(b, bLow)), not(0))))
                )
            }
            ok := iszero(and(not(allowed), HALVES_BIT_12))
            s2Norm := and(sub(shl(logn, CT_NORM_OFFSET), products), 0xffffffff)
        }
    }

    /**
     * @dev The code-length table of {_decodeCompressed}, as 8 words for memory 0x00 … 0xff: byte b is the length of
     * a code whose byte after the head is b: 9 plus its leading zeros (the unary high part), or 17 for b = 0; a
     * length of 16 or 17 sends the word to the second lookup.
     */
    uint256 private constant LENGTHS_0 = 0x11100f0f0e0e0e0e0d0d0d0d0d0d0d0d0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c;
    uint256 private constant LENGTHS_11 = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b;
    uint256 private constant LENGTHS_10 = 0x0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a;
    uint256 private constant LENGTHS_9 = 0x0909090909090909090909090909090909090909090909090909090909090909;
    /**
     * @dev Where {_decodeCompressed} collects a word's eight codes, as lanes `length ‖ head ‖ 16 bits` (length in
     * bits 24–31, head in bits 16–23, the rest stream bits to ignore), code j at bytes 4j … 4j + 3; after the
     * table, so that the region saved and restored is one block, 0x00 … 0x13f (the last code's 32-byte store ends
     * at 0x13c).
     */
    uint256 private constant CODES = 0x100;
    uint256 private constant SAVED = 0x140;
    /// @dev Bit 4 of every length field: set by the table's lengths 16 and 17 (a high part of 7 or more) only.
    uint256 private constant LENGTH_16 = 0x1000000010000000100000001000000010000000100000001000000010000000;
    /// @dev The length fields (lengths stay below 32).
    uint256 private constant LENGTH_FIELDS = 0x1f0000001f0000001f0000001f0000001f0000001f0000001f0000001f000000;
    /// @dev 7 in every length field: a length of 25 (a run of 16 zeros) is caught as length + 7 reaching 32.
    uint256 private constant LENGTH_7 = 0x0700000007000000070000000700000007000000070000000700000007000000;
    uint256 private constant LENGTH_32 = 0x2000000020000000200000002000000020000000200000002000000020000000;
    /**
     * @dev The code fields of a negative zero: length 9, head 0x80 (sign set, low bits 0); and 2^31 − 2^16 in every
     * lane: added to a lane below 2^31, it sets the lane's bit 31 exactly when the lane's bits 16–30 are not all 0.
     */
    uint256 private constant NEGATIVE_ZERO = 0x0980000009800000098000000980000009800000098000000980000009800000;
    uint256 private constant CODE_NONZERO = 0x7fff00007fff00007fff00007fff00007fff00007fff00007fff00007fff0000;
    /// @dev The low 7 bits of every lane, and 9·128 in every lane (a length field shifted to 128·length, less it).
    uint256 private constant LANE_7_BITS = 0x0000007f0000007f0000007f0000007f0000007f0000007f0000007f0000007f;
    uint256 private constant LANE_1152 = 0x0000048000000480000004800000048000000480000004800000048000000480;

    /**
     * @dev {decodeSignature} for the compressed and padded formats. `ok` is false for:
     *
     * - a header other than 0x30 + logn, or a length that is neither the padded length nor between 41 and the
     *   compressed maximum;
     * - per coefficient (sign bit, 7 low bits, unary high bits ending in a one): a run of 16 zeros (|s| > 2047),
     *   a negative zero, or an encoding that runs past the end;
     * - a non-zero bit after the encoding (in its last byte or, padded, anywhere up to the end);
     * - compressed (not padded): unused bytes after the encoding's last byte.
     *
     * Eight coefficients at a time: each code's length comes from a table lookup on the byte after its first eight
     * bits, and the code is collected with two stores to fixed memory (the stream from the code on, whose first
     * byte is the head, then the length byte before it), which leaves lanes `length ‖ head ‖ …` at {CODES},
     * converted, checked and squared eight at a time. A word with a high part of 7 or more (|s| ≥ 896, which honest
     * signatures essentially never have) is decoded again with a second lookup, on the byte after the first, for
     * each code whose first byte is all zeros.
     *
     * Rejection costs no more than acceptance: decoding stops at the first run of 16 zeros, as the reference does
     * (all-zero s2 bits, and any encoding that runs into zeros past its end, stop at the first such code), and
     * otherwise reads each code once or twice as a valid encoding of the same length would. Only the checks that
     * cost nothing per code (a negative zero, running past the end, what follows the encoding) wait for the end.
     */
    function _decodeCompressed(uint256 logn, bytes calldata signature)
        private
        pure
        returns (bool ok, uint256 s2, uint256 s2Norm)
    {
        uint256 length = signature.length;
        bool padded = length == paddedLength(logn);
        if (length < PREFIX || uint8(signature[0]) != 0x30 + logn || (!padded && length > maxCompressedLength(logn))) {
            return (false, 0, 0);
        }
        // Not memory-safe: the length table borrows memory 0x00 … 0xff (mload(b) reads 32 bytes from b ≤ 255, of
        // which only the first byte is used), so a lookup is mload(byte) with no base to add, and the codes are
        // collected at {CODES}; what was there is saved first and restored at the end.
        assembly {
            let bytesLength := shl(logn, 4)
            let saved := mload(0x40)
            if lt(saved, SAVED) { saved := SAVED }
            mcopy(saved, 0, SAVED)
            s2 := add(saved, SAVED)
            mstore(0x00, LENGTHS_0)
            mstore(0x20, LENGTHS_11)
            mstore(0x40, LENGTHS_10)
            mstore(0x60, LENGTHS_10)
            mstore(0x80, LENGTHS_9)
            mstore(0xa0, LENGTHS_9)
            mstore(0xc0, LENGTHS_9)
            mstore(0xe0, LENGTHS_9)
            let base := add(signature.offset, PREFIX)
            let payload := sub(length, PREFIX)
            // The stream's bit position counted from calldata's start, so that the loop needs no base.
            let position := shl(3, base)
            let bad := 0
            // Bit 31 of a lane stays set while no code read into that lane was a negative zero.
            let notNegativeZero := BIT31
            for {
                let out := s2
                let end := add(s2, bytesLength)
            } lt(out, end) {
                out := add(out, 0x20)
            } {
                // The next 249+ bits of the stream, first one at the top: enough for eight codes of at most 25
                // bits. Bytes past the calldata read as 0 and bytes past the signature are caught by the length
                // check below.
                let bits := shl(and(position, 7), calldataload(shr(3, position)))
                // Unrolled: eight codes, code j's lane at CODES + 4j: the stream from the code on one byte on (its
                // first byte the head; the store overwrites only later lanes), then the length in the first byte.
                mstore(add(CODES, 1), bits)
                let used := shr(248, mload(byte(1, bits)))
                mstore8(CODES, used)
                bits := shl(used, bits)
                mstore(add(CODES, 5), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 4), used)
                bits := shl(used, bits)
                mstore(add(CODES, 9), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 8), used)
                bits := shl(used, bits)
                mstore(add(CODES, 13), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 12), used)
                bits := shl(used, bits)
                mstore(add(CODES, 17), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 16), used)
                bits := shl(used, bits)
                mstore(add(CODES, 21), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 20), used)
                bits := shl(used, bits)
                mstore(add(CODES, 25), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 24), used)
                bits := shl(used, bits)
                mstore(add(CODES, 29), bits)
                used := shr(248, mload(byte(1, bits)))
                mstore8(add(CODES, 28), used)
                let codes := mload(CODES)
                // A table length of 16 or 17 (a byte after the head below 2: high part 7 or more) in any lane.
                if and(codes, LENGTH_16) {
                    // Again, each code whose byte after the head is zero (table length 17) looked up once more on the
                    // next byte: 8 + its table length, 17 + its leading zeros, or 25 for a second zero byte (a run
                    // of 16 zeros). Eight codes of at most 25 bits and the byte after the last one fit the 249 bits.
                    bits := shl(and(position, 7), calldataload(shr(3, position)))
                    // A loop, not unrolled like the first lookup: this path is rare and the verifier's code is at
                    // EIP-170's limit.
                    for { let lane := CODES } lt(lane, add(CODES, 32)) { lane := add(lane, 4) } {
                        used := shr(248, mload(byte(1, bits)))
                        if eq(used, 17) { used := add(8, shr(248, mload(byte(2, bits)))) }
                        mstore(add(lane, 1), bits)
                        mstore8(lane, used)
                        bits := shl(used, bits)
                    }
                    codes := mload(CODES)
                    // A run of 16 zeros (length 25) in any lane: |s| > 2047, where the reference stops.
                    if and(add(codes, LENGTH_7), LENGTH_32) {
                        bad := 1
                        break
                    }
                }
                let lengths := and(codes, LENGTH_FIELDS)
                // The lengths' sum (at most 200) in the top lane's length field: no lane carries.
                position := add(position, shr(248, mul(lengths, BIT0)))
                // A negative zero: a lane whose code fields equal NEGATIVE_ZERO's, whatever its low 16 bits (lanes
                // are below 2^29, and so is their xor with NEGATIVE_ZERO).
                notNegativeZero := and(notNegativeZero, add(xor(codes, NEGATIVE_ZERO), CODE_NONZERO))
                // Low bits plus 128·(length − 9): at most 127 + 128·15 = 2047, as a length of 25 stopped above.
                let magnitude := sub(add(and(shr(16, codes), LANE_7_BITS), shr(17, lengths)), LANE_1152)
                let negative := mul(and(shr(23, codes), BIT0), 0xffffffff)
                // q − magnitude in negative lanes as q + (2^32 − 1 − magnitude) − (2^32 − 1): the word arithmetic
                // carries and borrows across lanes, but the result's lanes are all in [0, 2^32), so it is exact.
                mstore(out, sub(add(Q_LANES, xor(magnitude, negative)), negative))
                // Σ magnitude² over the lanes (each at most 2047): lane 3 of the product modulo 2^256 − 1 (MULMOD:
                // the cyclic convolution of the lanes) with the lanes permuted by i → i xor 3 = 3 − i mod 8, each
                // lane of it a sum of eight products, at most 8·2047². The products are summed whole and lane 3
                // taken at the end: over n/8 ≤ 128 words every lane stays at most 1024·2047² < 2^32, no carries.
                let reversed := or(and(shr(64, magnitude), LO64), shl(64, and(magnitude, LO64)))
                reversed := or(and(shr(32, reversed), LO32), shl(32, and(reversed, LO32)))
                s2Norm := add(s2Norm, mulmod(magnitude, reversed, not(0)))
            }
            bad := or(bad, xor(notNegativeZero, BIT31))
            position := sub(position, shl(3, base))
            bad := or(bad, gt(position, shl(3, payload)))
            let usedBytes := shr(3, add(position, 7))
            if iszero(padded) {
                bad := or(bad, iszero(eq(usedBytes, payload)))
            }
            // The unused low bits of the encoding's last byte, then every following byte of the signature.
            if and(position, 7) {
                bad := or(bad, and(byte(0, calldataload(add(base, shr(3, position)))), shr(and(position, 7), 0xff)))
            }
            for { let offset := usedBytes } and(lt(offset, payload), iszero(bad)) { offset := add(offset, 0x20) } {
                let chunk := calldataload(add(base, offset))
                let remaining := sub(payload, offset)
                if lt(remaining, 0x20) {
                    chunk := shr(shl(3, sub(0x20, remaining)), chunk)
                }
                bad := or(bad, chunk)
            }
            ok := iszero(bad)
            s2Norm := shr(224, shl(128, s2Norm))
            mcopy(0, saved, SAVED)
            mstore(0x40, add(s2, bytesLength))
        }
    }

    /**
     * @dev The ERC-7913 check of both Falcon verifiers: `key` is `commitment(E ‖ pk) ‖ address(chunk)` for the expanded
     * key E of Falcon-2^`logn` (4·n bytes) and the public key pk, in code (see {readKey}), E's values must be below q, and the
     * signature must verify over the 32-byte `hash`. False for any malformed input. E's range is checked by
     * {verify} as it multiplies by E ({isShort}), not by a pass of its own.
     */
    function verifyWithKey(uint256 logn, bytes calldata key, bytes32 hash, bytes calldata signature)
        internal
        view
        returns (bool)
    {
        (bool ok, uint256 e) = readCommittedKey(logn, key);
        return ok && verify(logn, signature, hash, e);
    }

    /// @dev Whether `key` names a Falcon-2^`logn` expanded key that is in code, matches its commitment and is reduced.
    function isCanonicalKey(uint256 logn, bytes calldata key) internal view returns (bool ok) {
        (ok, ) = readKey(logn, key);
    }

    /// @dev Length of the standard public key `0x00 + logn ‖ h as 14-bit fields`, stored after E in a key's code.
    function publicKeyLength(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 897 : 1793;
    }

    /**
     * @dev Reads the data `key` names, E ‖ pk (see {ExpandedKeyReader-readWithPublicKey}); `ok` only if it matches its
     * commitment and every value of E is below q. `e` is E's memory address; pk follows E's 4·n bytes.
     */
    function readKey(uint256 logn, bytes calldata key) internal view returns (bool ok, uint256 e) {
        (ok, e) = readCommittedKey(logn, key);
        ok = ok && isReduced(e, 1 << (logn - 3));
    }

    /**
     * @dev {readKey} without the range check of E: for the callers that pass E to {verify} or {isShort}, which
     * reject an E with a value of q or more themselves.
     */
    function readCommittedKey(uint256 logn, bytes calldata key) internal view returns (bool ok, uint256 e) {
        if (key.length != 52) return (false, 0);
        bytes memory expandedKey;
        (ok, expandedKey, ) = ExpandedKeyReader.readWithPublicKey(key, 4 << logn, publicKeyLength(logn));
        assembly ("memory-safe") {
            e := add(expandedKey, 0x20)
        }
    }

    /**
     * @dev Verifies the detached signature `signature` (compressed or padded) of the 32-byte `message` under the
     * expanded public key at `expandedKey` (n/8 words; false unless its lanes are below q, see {isShort}). False for
     * anything the reference rejects: before hashing when s2 does not decode or ‖s2‖² alone exceeds the bound, so
     * that such a signature costs less than a valid one of its length.
     */
    function verify(uint256 logn, bytes calldata signature, bytes32 message, uint256 expandedKey)
        internal
        pure
        returns (bool)
    {
        (bool ok, uint256 s2, uint256 s2Norm) = decodeSignature(logn, signature);
        // ‖s2‖² alone above the bound: ‖(s1, s2)‖² is too, so the reference rejects it; no need to hash.
        if (!ok || s2Norm > normBound(logn)) return false;
        uint256 c = hashToPoint(logn, signature[1:PREFIX], message);
        return isShort(logn, c, s2, s2Norm, expandedKey);
    }

    /**
     * @dev HashToPoint (specification Algorithm 3): SHAKE256 of `input` (nonce ‖ message) read as 16-bit big-endian
     * samples, those below 5q kept, until there are n. Returns them in fresh memory as {FalconNTT} lanes whose low
     * 16 bits are the samples themselves (below 5q and congruent mod q to the point's coefficients, which is all
     * {isShort} needs); the high 16 bits of every lane are garbage, for the reader to mask.
     *
     * Samples are read from the sponge's squeezed blocks (136 bytes, 68 samples each, in 17 little-endian 64-bit
     * lanes), which are squeezed into the point's own memory: the samples written trail the lanes still to be read.
     * Two lanes at a time, their eight samples are spread to the low halves of eight 32-bit lanes (each 16-bit unit
     * moved to its lane, then its two bytes swapped as the middle of unit·(2^16 + 1)) and checked together: when all
     * eight are kept (60 % of the time) they are stored as one word at the write position; when exactly one is
     * rejected (32 %), the seven others are stored so, as one word with the lanes below the rejected one moved up a
     * lane, and likewise when exactly two are (7 %). Otherwise each lane is stored whole at the write position, its
     * sample in the word's bits 224–239 (nothing above), and compared with 5q·2^224 as it is; the position then
     * advances by one lane only if the sample is kept. The 17th lane goes the same way, as a pair with a zero lane.
     * A rejected sample, and the rest of each word, is overwritten by the next stores; the high half of each lane
     * keeps bytes of an earlier store. The 17 lanes are unrolled. The last block may store up to 67 samples past the
     * n-th, into slack past the point. The number of blocks is not bounded a priori, as in the specification; each
     * yields 63.8 samples on average.
     */
    function hashToPoint(uint256 logn, bytes memory input) internal pure returns (uint256 c) {
        return _sample(logn, SHAKE.absorb(input, SHAKE.RATE_256).state, true);
    }

    /**
     * @dev {hashToPoint} of the 72 bytes `nonce ‖ message`, `nonce` being 40 bytes of calldata (the signature's,
     * after its header): the sponge state is built directly, as one block needs no absorbing loop: the input's nine
     * little-endian lanes, the padding 0x1F in lane 9 and 0x80 at the top of lane 16, then one permutation.
     */
    function hashToPoint(uint256 logn, bytes calldata nonce, bytes32 message) internal pure returns (uint256 c) {
        uint256[25] memory state;
        assembly ("memory-safe") {
            // Reverses the bytes of each 64-bit quarter of v: four big-endian memory lanes become lane values.
            function lanes(v) -> r {
                r := or(and(shr(8, v), 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff), shl(8, and(v, 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff)))
                r := or(and(shr(16, r), 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff), shl(16, and(r, 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff)))
                r := or(and(shr(32, r), LO32), shl(32, and(r, LO32)))
            }
            let m64 := 0xffffffffffffffff
            let v := lanes(calldataload(nonce.offset))
            mstore(state, shr(192, v))
            mstore(add(state, 0x20), and(shr(128, v), m64))
            mstore(add(state, 0x40), and(shr(64, v), m64))
            mstore(add(state, 0x60), and(v, m64))
            mstore(add(state, 0x80), shr(192, lanes(calldataload(add(nonce.offset, 32)))))
            v := lanes(message)
            mstore(add(state, 0xa0), shr(192, v))
            mstore(add(state, 0xc0), and(shr(128, v), m64))
            mstore(add(state, 0xe0), and(shr(64, v), m64))
            mstore(add(state, 0x100), and(v, m64))
            mstore(add(state, 0x120), 0x1f)
            mstore(add(state, 0x200), shl(63, 1))
        }
        // Not permuted here: {_sample}'s first squeezing call does it, saving a call's entry into and exit from the
        // permutation's form.
        return _sample(logn, state, false);
    }

    /**
     * @dev {hashToPoint}'s sampling from the sponge `state`: squeezed from its current block on if `permuted`, else
     * (a state just absorbed into, the permutation still due) from the permutation of it on.
     */
    function _sample(uint256 logn, uint256[25] memory state, bool permuted) private pure returns (uint256 c) {
        uint256 n = 1 << logn;
        uint256 end;
        // The write position; the block being read (its 17 lanes, a word each) and the last squeezed block in memory.
        uint256 writeAt;
        uint256 blockAt;
        uint256 last;
        // How many squeezed blocks follow the first in memory.
        uint256 buffered;
        uint256 borrowedEnd = KeccakF1600.BORROWED_END;
        assembly ("memory-safe") {
            // Not in the memory the permutation borrows, into which it could not squeeze.
            c := mload(0x40)
            if lt(c, borrowedEnd) { c := borrowedEnd }
            writeAt := c
            end := add(c, shl(2, n))
            // A block gives at most 68 samples, so every point needs ⌈n/68⌉ blocks or more: the state's (copied if
            // `permuted`, else squeezed too) and the next ones, squeezed in one call into memory at the point itself.
            // The samples trail the lanes they come from: after R lanes are read (R ≥ 2 when anything is stored),
            // at most 4R samples are written, each store ending by c + 16R + 32 ≤ c + 32R, where the unread lanes
            // start.
            // That memory, 544⌈n/68⌉ ≥ 8n bytes, also covers the n lanes and the slack past them: the last block
            // stores up to lane n + 66, each store writing 32 bytes (n ≥ 128).
            blockAt := c
            buffered := sub(div(add(n, 67), 68), 1)
            last := add(blockAt, mul(buffered, 544))
            mstore(0x40, add(last, 544))
        }
        if (permuted) {
            assembly ("memory-safe") {
                mcopy(blockAt, state, 544)
            }
            KeccakF1600.squeezeLanes(state, blockAt + 544, buffered - 1);
        } else {
            KeccakF1600.squeezeLanes(state, blockAt, buffered);
        }
        while (true) {
            assembly ("memory-safe") {
                // One block's 68 candidates, from its 17 lanes at `lanes`, kept ones stored from `from` on; returns
                // the next write position. A function, so that the loop's variables stay out of its stack.
                function sampleBlock(lanes, from) -> next {
                    next := from
                    let v
                    let x
                    let r
                    // Generated by scripts/codegen/falcon-sample.mjs: begin
                    // Stores the kept samples of the lanes `word`, two or more rejected (their bits 16 in
                    // `rejected`), from `at` on; returns the write position after them less 32 bytes.
                    function storeKept(word, rejected, at) -> back {
                        // The lowest bit of `rejected` (the later rejected lane) and the others.
                        let low := and(rejected, sub(0, rejected))
                        let high := xor(rejected, low)
                        switch and(high, sub(high, 1))
                        case 0 {
                            // Exactly two, lanes j < k: those above j in place (bits from h = high << 16 up;
                            // h wraps to 0 for j = 0), those between j and k up a lane (bits l = low << 48 to h),
                            // those below k up two (below l).
                            high := shl(16, high)
                            low := shl(48, low)
                            high := or(and(word, sub(0, high)), and(shl(32, word), sub(high, low)))
                            mstore(at, or(high, and(shl(64, word), sub(low, 1))))
                            back := sub(at, 8)
                        }
                        default {
                            mstore(at, word)
                            back := add(at, shl(2, lt(word, SAMPLE_BOUND)))
                            low := shl(32, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(64, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(96, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(128, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(160, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(192, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            low := shl(224, word)
                            mstore(back, low)
                            back := add(back, shl(2, lt(low, SAMPLE_BOUND)))
                            back := sub(back, 32)
                        }
                    }
                    // Lanes 2i and 2i + 1: their eight samples spread to eight lanes and checked together (see above).
                    v := mload(add(lanes, 0x20))
                    x := or(or(mul(mload(lanes), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0x60))
                    x := or(or(mul(mload(add(lanes, 0x40)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0xa0))
                    x := or(or(mul(mload(add(lanes, 0x80)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0xe0))
                    x := or(or(mul(mload(add(lanes, 0xc0)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0x120))
                    x := or(or(mul(mload(add(lanes, 0x100)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0x160))
                    x := or(or(mul(mload(add(lanes, 0x140)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0x1a0))
                    x := or(or(mul(mload(add(lanes, 0x180)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    v := mload(add(lanes, 0x1e0))
                    x := or(or(mul(mload(add(lanes, 0x1c0)), LANE_PAIR_SPREAD), shl(64, v)), shr(32, v))
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 32)
                    // Lane 16 alone, as the first of a pair with a zero lane.
                    x := mul(mload(add(lanes, 0x200)), LANE_PAIR_SPREAD)
                    x := or(shl(32, and(x, LO16_OF_64)), and(shr(16, x), LO16_OF_64))
                    x := and(shr(8, mul(x, 0x10001)), LO16)
                    r := and(add(x, REJECT_LANES), BIT16)
                    if r {
                        switch and(r, sub(r, 1))
                        case 0 {
                            v := sub(0, shl(16, r))
                            mstore(next, or(and(x, v), and(shl(32, x), not(v))))
                            next := sub(next, 4)
                        }
                        default { next := storeKept(x, r, next) }
                        x := mload(next)
                    }
                    mstore(next, x)
                    next := add(next, 16)
                    // Generated by scripts/codegen/falcon-sample.mjs: end
                }
                // Every block in memory from `blockAt` to `last`, until the point is complete.
                for {} 1 { blockAt := add(blockAt, 544) } {
                    writeAt := sampleBlock(blockAt, writeAt)
                    if or(iszero(lt(writeAt, end)), eq(blockAt, last)) { break }
                }
            }
            if (writeAt >= end) return c;
            KeccakF1600.permute(state);
            assembly ("memory-safe") {
                blockAt := state
                last := state
            }
        }
    }

    /**
     * @dev Whether ‖(s1, s2)‖² ≤ ⌊β²⌋ for s1 = c − s2·h mod q, centred in [−(q − 1)/2, (q − 1)/2]. `s2` holds the
     * decoded s2 lanes (q + s2[i]) and is overwritten; `c` holds HashToPoint(nonce ‖ message) as lanes whose low 16
     * bits are below 5q (congruent to the point's coefficients; the high bits are ignored); `expandedKey` the public
     * key's expanded form: false if a lane of it is q or more, checked as the product reads it. The key product is
     * fused into the last forward pass ({FalconNTT.forwardMultiply}, with the inverse's first pair of layers for
     * Falcon-512, its first layer for Falcon-1024), ‖s1‖² into the last inverse pass ({FalconNTT.inverseNorm}).
     */
    function isShort(uint256 logn, uint256 c, uint256 s2, uint256 s2Norm, uint256 expandedKey)
        internal
        pure
        returns (bool)
    {
        uint256 words = 1 << (logn - 3);
        uint256 twiddles = FalconNTT.loadTwiddles();
        (bool reduced, uint256 inverseFrom) = FalconNTT.forwardMultiply(s2, expandedKey, words, twiddles);
        if (!reduced) return false;
        uint256 norm = FalconNTT.inverseNorm(s2, c, words, twiddles, inverseFrom);
        return s2Norm + norm <= normBound(logn);
    }
}
