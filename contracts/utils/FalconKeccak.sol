// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "./Falcon.sol";

/**
 * @dev ETHFALCON: ZKNox's keccak variant of Falcon-512 (ZKNoxHQ/ETHFALCON), NOT the round-3 Falcon of NIST's
 * process and not FIPS 206. It is Falcon-512 in every respect but two:
 *
 * - HashToPoint reads its 16-bit samples from a keccak-CTR stream instead of SHAKE256: with
 *   `state = keccak256(salt ‖ message)`, block i is `keccak256(state ‖ uint64_be(i))`, 32 bytes, 16 big-endian
 *   samples, the most significant first; samples below 5q are kept, as in Falcon.
 * - The signature is `salt (40 bytes) ‖ s2` with s2 in ETHFALCON's compact form: 32 big-endian words, coefficient
 *   16w + j (mod q, in [0, q)) in bits 16j … 16j + 15 of word w. 1,064 bytes in all, no header.
 *
 * The rest is {Falcon}'s: the same expanded key E of h and the same ‖(s1, s2)‖² ≤ ⌊β²⌋ = 34,034,726 check, as in
 * Falcon and in ETHFALCON's Python signer and verifier (ETHFALCON's Solidity verifier uses a strict <, which
 * differs for a norm of exactly ⌊β²⌋ only).
 *
 * One signature has one encoding: a coefficient of q or more is rejected (ETHFALCON's Solidity verifier reduces
 * coefficients up to 2^16 instead, so that q + k reads as k for k up to (q − 1)/2).
 */
library FalconKeccak {
    /// @dev Salt bytes before s2.
    uint256 internal constant SALT_LENGTH = 40;
    /// @dev Exact length of a signature: the salt and 32 words of s2.
    uint256 internal constant SIGNATURE_LENGTH = 1064;
    /// @dev Bytes of a key's committed data: E (4·512) and the standard public key (897).
    uint256 internal constant KEY_DATA_LENGTH = 2945;

    uint256 private constant LOG_N = 9;
    /// @dev 2^31 − q in every lane: adding it sets a lane's bit 31 exactly when the lane (below 2^31) is ≥ q.
    uint256 private constant GE_Q = 0x7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff7fffcfff;
    /// @dev 2^15 − (q + 1)/2 in every 16-bit unit: adding it to a unit below q sets the unit's bit 15 (without
    /// carry) exactly when the unit is above (q − 1)/2.
    uint256 private constant ABOVE_HALF_Q_UNITS = 0x67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff67ff;
    /// @dev 1 in every 16-bit unit.
    uint256 private constant UNIT_ONES = 0x0001000100010001000100010001000100010001000100010001000100010001;
    /// @dev Bit 31 of every lane.
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;
    /// @dev q in every lane.
    uint256 private constant Q = 12289;
    uint256 private constant BIT0 = 0x0000000100000001000000010000000100000001000000010000000100000001;
    /// @dev Masks for reversing the order of 16-bit units: alternate 64-, 32- and 16-bit pieces of each 128 bits.
    uint256 private constant LO64 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant LO32 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    uint256 private constant LO16 = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    uint256 private constant LO128 = 0x00000000000000000000000000000000ffffffffffffffffffffffffffffffff;
    /// @dev Masks of the spreading of eight 16-bit units to eight 32-bit lanes, after its first two steps.
    uint256 private constant SPREAD_1 = 0x0000000000000000ffffffffffffffff0000000000000000ffffffffffffffff;
    uint256 private constant SPREAD_2 = 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff;
    /// @dev Kept samples are below 5q: a word with a sample in its top 16 bits is below 5q·2^240 exactly then.
    uint256 private constant SAMPLE_BOUND = 61445 << 240;
    /**
     * @dev {hashToPoint}'s test of sixteen samples at once, in their 16-bit units: 2^15 − (5q − 2^15) in every unit,
     * the low 15 bits and bit 15 of every unit. A unit's low 15 bits plus the first set its bit 15 (without carry)
     * exactly when they are 5q − 2^15 or more, so that bit 15 of unit AND (low 15 bits + 2^15 − (5q − 2^15)) is set
     * exactly when the unit is 5q or more: a sample to reject.
     */
    uint256 private constant REJECT_UNITS = 0x0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb0ffb;
    /// @dev 1 as the uint64_be at the top of a word: {hashToPoint}'s counter step.
    uint256 private constant COUNTER_ONE = 1 << 192;
    uint256 private constant LO15_UNITS = 0x7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff7fff;
    uint256 private constant BIT15_UNITS = 0x8000800080008000800080008000800080008000800080008000800080008000;

    /**
     * @dev The ERC-7913 check of the keccak variant: `key` is a Falcon-512 key in {Falcon}'s form (the commitment
     * and the code chunk of the expanded key E), the signature ETHFALCON's, the message the 32-byte `hash`. False
     * for any malformed input.
     */
    function verifyWithKey(bytes calldata key, bytes32 hash, bytes calldata signature) internal view returns (bool) {
        (bool ok, uint256 e) = readKey(key);
        if (!ok) return false;
        uint256 s2;
        uint256 s2Norm;
        (ok, s2, s2Norm) = decodeSignature(signature);
        if (!ok) return false;
        return Falcon.isShort(LOG_N, hashToPoint(hashState(signature, hash)), s2, s2Norm, e);
    }

    /**
     * @dev {Falcon-readCommittedKey} for Falcon-512, whose data E ‖ pk ({KEY_DATA_LENGTH} bytes) always fits one code
     * chunk of {ExpandedKeyReader}: the same checks (a 52-byte key; the commitment keccak256 of the chunk's code hash;
     * the chunk's code exactly a STOP byte and the data, see {ExpandedKeyReader}) without the general reader's chunk
     * loops and checked arithmetic. The STOP byte is copied with the data, into the last byte of the word before E, and
     * checked there. `e` is E's memory address (the public key follows E's 2,048 bytes); E's
     * range is left to {Falcon-isShort}, as there.
     */
    function readKey(bytes calldata key) internal view returns (bool ok, uint256 e) {
        assembly ("memory-safe") {
            if eq(key.length, 52) {
                let chunk := shr(96, calldataload(add(key.offset, 32)))
                mstore(0, extcodehash(chunk))
                if and(eq(keccak256(0, 0x20), calldataload(key.offset)), eq(extcodesize(chunk), add(KEY_DATA_LENGTH, 1))) {
                    e := add(mload(0x40), 0x20)
                    extcodecopy(chunk, sub(e, 1), 0, add(KEY_DATA_LENGTH, 1))
                    ok := iszero(byte(31, mload(sub(e, 0x20))))
                    // Past the data, word-aligned.
                    mstore(0x40, add(e, and(add(KEY_DATA_LENGTH, 31), not(31))))
                }
            }
        }
    }

    /**
     * @dev keccak256(salt ‖ hash), the seed of {hashToPoint} for a 32-byte message, built in free memory (not
     * allocated). `signature` must hold the salt: callers decode it first.
     */
    function hashState(bytes calldata signature, bytes32 hash) internal pure returns (bytes32 state) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            calldatacopy(p, signature.offset, SALT_LENGTH)
            mstore(add(p, SALT_LENGTH), hash)
            state := keccak256(p, add(SALT_LENGTH, 32))
        }
    }

    /**
     * @dev Verifies ETHFALCON `signature` of `message` (any length) under the expanded key at `expandedKey` (see
     * {Falcon}; false unless its lanes are below q, which {Falcon-isShort} checks). False for a signature of the
     * wrong length or with a coefficient of q or more.
     */
    function verify(bytes calldata signature, bytes memory message, uint256 expandedKey) internal pure returns (bool) {
        (bool ok, uint256 s2, uint256 s2Norm) = decodeSignature(signature);
        if (!ok) return false;
        uint256 c = hashToPoint(keccak256(abi.encodePacked(signature[0:SALT_LENGTH], message)));
        return Falcon.isShort(LOG_N, c, s2, s2Norm, expandedKey);
    }

    /**
     * @dev Decodes s2 from ETHFALCON's compact form into fresh memory as {FalconNTT} lanes (the coefficients mod q
     * themselves, below q), returning ‖s2‖² of the centred coefficients. `ok` is false for a signature that is not
     * exactly {SIGNATURE_LENGTH} bytes or that has a coefficient of q or more.
     *
     * Four words at a time. Per word: each half is spread to eight 32-bit lanes in three shift-and-mask steps,
     * coefficient 16w + j in lane j, then the lanes are reversed for memory (coefficient 16w at the top). ‖s2‖² is
     * Σ v² − q·(2·Σ v − q·k) over the k coefficients v above (q − 1)/2 (centred to v − q, and (v − q)² = v² −
     * q·(2v − q)): Σ v² per word is the middle coefficient of the product of the stored word with the spread one,
     * which is its lane-reversed self; the units above (q − 1)/2 are found and summed on the signature's word, all
     * sixteen at once.
     */
    function decodeSignature(bytes calldata signature) internal pure returns (bool ok, uint256 s2, uint256 s2Norm) {
        if (signature.length != SIGNATURE_LENGTH) return (false, 0, 0);
        assembly ("memory-safe") {
            s2 := mload(0x40)
            mstore(0x40, add(s2, 2048))
            let high := 0
            // Per 16-bit unit, how many coefficients above (q − 1)/2 it held (at most 32).
            let above := 0
            // Σ v over them, in 32-bit lanes.
            let sum := 0
            let input := add(signature.offset, SALT_LENGTH)
            for { let out := s2 } lt(out, add(s2, 2048)) { out := add(out, 0x100) } {
                let a
                {
                // Word 4i: spread in place, coefficient 16w + j (bits 16j … 16j + 15) to lane j of xr (j < 8) or
                // lane j − 8 of yr, the lane order reversed from memory's.
                let w := calldataload(input)
                let xr := and(w, LO128)
                xr := and(or(xr, shl(64, xr)), SPREAD_1)
                xr := and(or(xr, shl(32, xr)), SPREAD_2)
                xr := and(or(xr, shl(16, xr)), LO16)
                let yr := shr(128, w)
                yr := and(or(yr, shl(64, yr)), SPREAD_1)
                yr := and(or(yr, shl(32, yr)), SPREAD_2)
                yr := and(or(yr, shl(16, yr)), LO16)
                high := or(high, or(add(xr, GE_Q), add(yr, GE_Q)))
                // 1 in the 16-bit units above (q − 1)/2 (units below q do not carry; larger ones fail `high`).
                let m := shr(15, and(add(w, ABOVE_HALF_Q_UNITS), BIT15_UNITS))
                above := add(above, m)
                // Those units of the word themselves (the others cleared), summed over the four words.
                a := and(w, mul(m, 0xffff))
                // The stored words are the lane-reversed ones; Σ v² per word is the middle coefficient of their
                // product with the spread words (each square below 2^27.2, each coefficient a sum of at most eight,
                // below 2^30.2, and of two products below 2^31.2: nothing carries, so both products are added first).
                w := or(shr(128, xr), shl(128, xr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(out, w)
                let squares := mul(w, xr)
                w := or(shr(128, yr), shl(128, yr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0x20), w)
                s2Norm := add(s2Norm, shr(224, add(squares, mul(w, yr))))
                }
                {
                // Word 4i + 1, as word 4i.
                let w := calldataload(add(input, 0x20))
                let xr := and(w, LO128)
                xr := and(or(xr, shl(64, xr)), SPREAD_1)
                xr := and(or(xr, shl(32, xr)), SPREAD_2)
                xr := and(or(xr, shl(16, xr)), LO16)
                let yr := shr(128, w)
                yr := and(or(yr, shl(64, yr)), SPREAD_1)
                yr := and(or(yr, shl(32, yr)), SPREAD_2)
                yr := and(or(yr, shl(16, yr)), LO16)
                high := or(high, or(add(xr, GE_Q), add(yr, GE_Q)))
                let m := shr(15, and(add(w, ABOVE_HALF_Q_UNITS), BIT15_UNITS))
                above := add(above, m)
                a := add(a, and(w, mul(m, 0xffff)))
                w := or(shr(128, xr), shl(128, xr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0x40), w)
                let squares := mul(w, xr)
                w := or(shr(128, yr), shl(128, yr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0x60), w)
                s2Norm := add(s2Norm, shr(224, add(squares, mul(w, yr))))
                }
                {
                // Word 4i + 2, as word 4i.
                let w := calldataload(add(input, 0x40))
                let xr := and(w, LO128)
                xr := and(or(xr, shl(64, xr)), SPREAD_1)
                xr := and(or(xr, shl(32, xr)), SPREAD_2)
                xr := and(or(xr, shl(16, xr)), LO16)
                let yr := shr(128, w)
                yr := and(or(yr, shl(64, yr)), SPREAD_1)
                yr := and(or(yr, shl(32, yr)), SPREAD_2)
                yr := and(or(yr, shl(16, yr)), LO16)
                high := or(high, or(add(xr, GE_Q), add(yr, GE_Q)))
                let m := shr(15, and(add(w, ABOVE_HALF_Q_UNITS), BIT15_UNITS))
                above := add(above, m)
                a := add(a, and(w, mul(m, 0xffff)))
                w := or(shr(128, xr), shl(128, xr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0x80), w)
                let squares := mul(w, xr)
                w := or(shr(128, yr), shl(128, yr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0xa0), w)
                s2Norm := add(s2Norm, shr(224, add(squares, mul(w, yr))))
                }
                {
                // Word 4i + 3, as word 4i.
                let w := calldataload(add(input, 0x60))
                let xr := and(w, LO128)
                xr := and(or(xr, shl(64, xr)), SPREAD_1)
                xr := and(or(xr, shl(32, xr)), SPREAD_2)
                xr := and(or(xr, shl(16, xr)), LO16)
                let yr := shr(128, w)
                yr := and(or(yr, shl(64, yr)), SPREAD_1)
                yr := and(or(yr, shl(32, yr)), SPREAD_2)
                yr := and(or(yr, shl(16, yr)), LO16)
                high := or(high, or(add(xr, GE_Q), add(yr, GE_Q)))
                let m := shr(15, and(add(w, ABOVE_HALF_Q_UNITS), BIT15_UNITS))
                above := add(above, m)
                a := add(a, and(w, mul(m, 0xffff)))
                w := or(shr(128, xr), shl(128, xr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0xc0), w)
                let squares := mul(w, xr)
                w := or(shr(128, yr), shl(128, yr))
                w := or(and(shr(64, w), LO64), shl(64, and(w, LO64)))
                w := or(and(shr(32, w), LO32), shl(32, and(w, LO32)))
                mstore(add(out, 0xe0), w)
                s2Norm := add(s2Norm, shr(224, add(squares, mul(w, yr))))
                }
                // Σ v over the four words' units above (q − 1)/2: each unit below 4q < 2^16, then summed in 32-bit
                // lanes, the 8 groups below 2^20.
                sum := add(sum, add(and(a, LO16), and(shr(16, a), LO16)))
                input := add(input, 0x80)
            }
            // k = the sixteen units of `above` summed in the top unit of their product with UNIT_ONES (k ≤ 512);
            // Σ v = the lanes of `sum` summed in the top lane of their product with BIT0 (below 2^23).
            above := shr(240, mul(above, UNIT_ONES))
            sum := shr(224, mul(sum, BIT0))
            s2Norm := sub(s2Norm, mul(Q, sub(shl(1, sum), mul(Q, above))))
            ok := iszero(and(high, BIT31))
        }
    }

    /**
     * @dev HashToPoint of the keccak-CTR stream seeded by `state` (= keccak256(salt ‖ message)): in fresh memory
     * as {FalconNTT} lanes whose low 16 bits are the kept samples themselves (below 5q, congruent mod q to the
     * point's coefficients), the high 16 bits garbage, as {Falcon-isShort} takes them.
     *
     * A block's sixteen samples are checked together, in their 16-bit units; eight samples whose every one is kept
     * (60 % of the time) are spread to eight lanes and stored as one word 2 bytes into the lane at the write
     * position. When exactly one is rejected (32 % of the time), the seven others are stored so, as one word with the
     * lanes below the rejected one moved up a lane. Otherwise each sample is shifted to the top of a word and stored
     * whole 2 bytes into the lane at the write position, which then advances by one lane only if the sample is kept.
     * Later stores overwrite the rest. The last block may store up to 15 samples past the 512th, into slack allocated
     * after the point. The number of blocks is not bounded a priori, as in the specification; each yields 15.0
     * samples on average.
     */
    function hashToPoint(bytes32 state) internal pure returns (uint256 c) {
        assembly ("memory-safe") {
            c := mload(0x40)
            let next := add(c, 2)
            let end := add(next, 2048)
            // 512 lanes, then slack for 15 more stores of 32 bytes each, 2 bytes into their lane.
            mstore(0x40, add(end, 0x60))
            mstore(0x00, state)
            // The counter as uint64_be at the top of the word after `state`, stepped there.
            for { let counter := 0 } lt(next, end) { counter := add(counter, COUNTER_ONE) } {
                mstore(0x20, counter)
                let v := keccak256(0x00, 40)
                // Bit 15 of a 16-bit unit set exactly where that sample is 5q or more (see {REJECT_UNITS}).
                let reject := and(and(v, add(and(v, LO15_UNITS), REJECT_UNITS)), BIT15_UNITS)
                // Samples 0 … 7: when all are kept, spread to the low 16 bits of eight lanes as in
                // {decodeSignature} and stored as one word, each landing in its lane's low half. The last spread
                // step is not masked: the copy of each sample it leaves in the next lane's high half is garbage
                // that {Falcon-isShort} ignores.
                let half := shr(128, reject)
                switch half
                case 0 {
                    let x := shr(128, v)
                    x := and(or(x, shl(64, x)), SPREAD_1)
                    x := and(or(x, shl(32, x)), SPREAD_2)
                    mstore(next, shl(16, or(x, shl(16, x))))
                    next := add(next, 32)
                }
                default {
                    switch and(half, sub(half, 1))
                    case 0 {
                        // Exactly one rejected: spread as above, the lanes above the rejected one stored in place
                        // and those below it moved up a lane, seven kept. Its bit in `half`, bit 15 of unit p, squared
                        // is 2^(32p + 30): −4 times that covers the lanes above lane p (none when p = 7).
                        let x := shr(128, v)
                        x := and(or(x, shl(64, x)), SPREAD_1)
                        x := and(or(x, shl(32, x)), SPREAD_2)
                        x := shl(16, or(x, shl(16, x)))
                        half := sub(0, shl(2, mul(half, half)))
                        mstore(next, or(and(x, half), and(shl(32, x), not(half))))
                        next := add(next, 28)
                    }
                    default {
                        // Sample k is v shifted left by 16k.
                        let x := v
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(16, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(32, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(48, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(64, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(80, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(96, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(112, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                    }
                }
                // Samples 8 … 15: when all are kept, spread to the low 16 bits of eight lanes as in
                // {decodeSignature} and stored as one word, each landing in its lane's low half.
                half := and(reject, LO128)
                switch half
                case 0 {
                    let x := and(v, LO128)
                    x := and(or(x, shl(64, x)), SPREAD_1)
                    x := and(or(x, shl(32, x)), SPREAD_2)
                    mstore(next, shl(16, or(x, shl(16, x))))
                    next := add(next, 32)
                }
                default {
                    switch and(half, sub(half, 1))
                    case 0 {
                        // Exactly one rejected: spread as above, the lanes above the rejected one stored in place
                        // and those below it moved up a lane, seven kept. Its bit in `half`, bit 15 of unit p, squared
                        // is 2^(32p + 30): −4 times that covers the lanes above lane p (none when p = 7).
                        let x := and(v, LO128)
                        x := and(or(x, shl(64, x)), SPREAD_1)
                        x := and(or(x, shl(32, x)), SPREAD_2)
                        x := shl(16, or(x, shl(16, x)))
                        half := sub(0, shl(2, mul(half, half)))
                        mstore(next, or(and(x, half), and(shl(32, x), not(half))))
                        next := add(next, 28)
                    }
                    default {
                        // Sample k is v shifted left by 16k.
                        let x := shl(128, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(144, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(160, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(176, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(192, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(208, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(224, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                        x := shl(240, v)
                        mstore(next, x)
                        next := add(next, shl(2, lt(x, SAMPLE_BOUND)))
                    }
                }
            }
        }
    }
}
