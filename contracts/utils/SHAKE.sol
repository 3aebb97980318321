// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600} from "./KeccakF1600.sol";

/**
 * @dev SHAKE128 and SHAKE256 (FIPS 202) on the EVM: a sponge over {KeccakF1600} that absorbs a whole message
 * at once and squeezes output a block at a time, as the post-quantum verifiers consume it (a fixed digest, or a
 * stream for rejection sampling of unknown length).
 *
 * Usage:
 * ```solidity
 * bytes memory mu = SHAKE.shake256(message, 64);               // one-shot
 * SHAKE.Sponge memory sponge = SHAKE.absorb(seed, SHAKE.RATE_256);
 * bytes memory block1 = SHAKE.squeezeBlock(sponge);             // 136 bytes, then the next 136, ...
 * ```
 *
 * Message and output bytes map to lanes little-endian (FIPS 202 §B.1). Blocks move four lanes per 32-byte word:
 * one byte reversal within each 64-bit quarter of the word turns four big-endian memory lanes into four lane
 * values at once, and back.
 */
library SHAKE {
    /// @dev Rate of SHAKE128 in bytes (1600 − 2·128 bits).
    uint256 internal constant RATE_128 = 168;
    /// @dev Rate of SHAKE256 in bytes (1600 − 2·256 bits).
    uint256 internal constant RATE_256 = 136;

    /// @dev A sponge after absorption: `state`'s first `rate` bytes are the next output block.
    struct Sponge {
        uint256[25] state;
        uint256 rate;
    }

    /// @dev The first `outLen` bytes of SHAKE256(`input`).
    function shake256(bytes memory input, uint256 outLen) internal pure returns (bytes memory) {
        return _shake(input, RATE_256, outLen);
    }

    /// @dev The first `outLen` bytes of SHAKE128(`input`).
    function shake128(bytes memory input, uint256 outLen) internal pure returns (bytes memory) {
        return _shake(input, RATE_128, outLen);
    }

    /**
     * @dev Absorbs all of `input` with the SHAKE domain padding (0x1F … 0x80) and applies the final permutation,
     * so the sponge is ready to squeeze. `rate` is {RATE_128} or {RATE_256}.
     */
    function absorb(bytes memory input, uint256 rate) internal pure returns (Sponge memory sponge) {
        sponge.rate = rate;
        uint256[25] memory state = sponge.state;
        uint256 pointer;
        assembly ("memory-safe") {
            pointer := state
        }
        _absorb(input, rate, pointer);
    }

    /**
     * @dev {shake256} and {shake128}. A digest of at most 64 bytes comes straight from the permutation's form
     * ({KeccakF1600-absorbAndSqueeze}), without the state; a longer output is squeezed from a state at a pointer to
     * fresh memory, not a {Sponge}, which would be zeroed first (about 700 gas) though absorbing writes all of it.
     */
    function _shake(bytes memory input, uint256 rate, uint256 outLen) private pure returns (bytes memory output) {
        if (outLen == 0 || outLen > 64) {
            uint256 state;
            assembly ("memory-safe") {
                state := mload(0x40)
                mstore(0x40, add(state, 800))
            }
            _absorb(input, rate, state);
            return _squeeze(state, rate, outLen, false);
        }
        (uint256 data, uint256 count, uint256 last) = _pad(input, rate);
        uint256 target;
        assembly ("memory-safe") {
            // Above the borrowed memory, as `last` is. Not zeroed: the two words cover outLen.
            output := mload(0x40)
            mstore(output, outLen)
            target := add(output, 0x20)
            mstore(0x40, add(target, 64))
        }
        KeccakF1600.absorbAndSqueeze(data, count, last, rate, target, outLen);
        assembly ("memory-safe") {
            // Zero what the words wrote past outLen, as a bytes value's padding is.
            mstore(add(target, outLen), 0)
        }
    }

    /// @dev {absorb} into the 25 words at memory address `state`.
    function _absorb(bytes memory input, uint256 rate, uint256 state) private pure {
        (uint256 data, uint256 count, uint256 last) = _pad(input, rate);
        KeccakF1600.absorb(state, data, count, last, rate);
    }

    /**
     * @dev `input` as the permutation absorbs it: `count` whole blocks of `rate` bytes at `data`, then the last, padded
     * block at `last`, both at or above {KeccakF1600-BORROWED_END}; the free memory pointer ends past `last`'s block.
     */
    function _pad(bytes memory input, uint256 rate) private pure returns (uint256 data, uint256 count, uint256 last) {
        uint256 borrowedEnd = KeccakF1600.BORROWED_END;
        assembly ("memory-safe") {
            data := add(input, 0x20)
            count := div(mload(input), rate)
            let wholeBytes := mul(count, rate)
            let rest := sub(mload(input), wholeBytes)
            // The permutation borrows memory up to {KeccakF1600-BORROWED_END} and reads the blocks from above it: a
            // caller with little memory allocated (its input inside that region) gets the whole blocks copied above.
            let free := mload(0x40)
            if lt(free, borrowedEnd) { free := borrowedEnd }
            let tail := add(data, wholeBytes)
            if lt(data, borrowedEnd) {
                mcopy(free, data, wholeBytes)
                data := free
                free := add(free, wholeBytes)
            }
            // The last, partial block, padded in fresh memory: `rest ‖ 0x1F ‖ 0x00… ‖ 0x80` (the two pad bytes merge
            // into 0x9F when `rest` is rate − 1 bytes).
            last := free
            mstore(0x40, add(last, rate))
            // Zeroed by copying from past the end of the calldata, which reads as zeros (3 gas a word, no loop).
            calldatacopy(last, calldatasize(), rate)
            mcopy(last, tail, rest)
            mstore8(add(last, rest), 0x1f)
            let p := add(last, sub(rate, 1))
            mstore8(p, xor(byte(0, mload(p)), 0x80))
        }
    }

    /// @dev The next `rate` bytes of output; the sponge moves on to the following block.
    function squeezeBlock(Sponge memory sponge) internal pure returns (bytes memory output) {
        uint256 rate = sponge.rate;
        output = new bytes(rate);
        uint256 target;
        assembly ("memory-safe") {
            target := add(output, 0x20)
        }
        _writeBlock(_address(sponge.state), target, rate, rate);
        KeccakF1600.permute(sponge.state);
    }

    /// @dev The next `outLen` bytes of output. The sponge is consumed in whole blocks: a later squeeze starts
    /// at the next block boundary.
    function squeeze(Sponge memory sponge, uint256 outLen) internal pure returns (bytes memory output) {
        return _squeeze(_address(sponge.state), sponge.rate, outLen, true);
    }

    /// @dev {squeeze} from the sponge state at memory address `state`; without `permuteLast` the permutation after the
    /// last block is skipped (one-shot use, where the sponge is dropped: one permutation saved).
    function _squeeze(uint256 state, uint256 rate, uint256 outLen, bool permuteLast)
        private
        pure
        returns (bytes memory output)
    {
        uint256 target;
        assembly ("memory-safe") {
            // Not zeroed: every byte up to outLen is written. The last block's words may run up to 31 bytes past it.
            output := mload(0x40)
            mstore(output, outLen)
            target := add(output, 0x20)
            mstore(0x40, add(target, and(add(outLen, 63), not(31))))
        }
        uint256 remaining = outLen;
        for (; remaining > rate; remaining -= rate) {
            _writeBlock(state, target, rate, rate);
            KeccakF1600.permuteAt(state);
            target += rate;
        }
        _writeBlock(state, target, rate, remaining);
        if (permuteLast && outLen != 0) KeccakF1600.permuteAt(state);
        assembly ("memory-safe") {
            // Zero what the last words wrote past outLen, as a bytes value's padding is.
            mstore(add(add(output, 0x20), outLen), 0)
        }
    }

    /**
     * @dev Writes the first `length` (at most `rate`) bytes of the block of the state at memory address `state` to
     * memory at `target`, four lanes a word. Within the block's whole words (the first 128 bytes of SHAKE256's 136, 160 of SHAKE128's 168) it writes
     * whole words, up to 31 bytes past `length`; otherwise the whole block, its last word ending exactly at the block's
     * end (rewriting three lanes with the same bytes), so that nothing past the block is touched.
     */
    function _writeBlock(uint256 state, uint256 target, uint256 rate, uint256 length) private pure {
        assembly ("memory-safe") {
            let m8 := 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff
            let m16 := 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff
            let m32 := 0x00000000ffffffff00000000ffffffff00000000ffffffff00000000ffffffff
            let end := add(target, rate)
            let wholeWords := and(add(length, 31), not(31))
            if iszero(gt(wholeWords, and(rate, not(31)))) { end := add(target, wholeWords) }
            let p := state
            for {} lt(target, end) { p := add(p, 0x80) } {
                if gt(add(target, 0x20), end) {
                    // The last four lanes, written to end exactly at the block's end.
                    p := add(state, sub(shl(2, rate), 0x80))
                    target := sub(end, 0x20)
                }
                let v := or(or(shl(192, mload(p)), shl(128, mload(add(p, 0x20)))), or(shl(64, mload(add(p, 0x40))), mload(add(p, 0x60))))
                v := or(and(shr(8, v), m8), shl(8, and(v, m8)))
                v := or(and(shr(16, v), m16), shl(16, and(v, m16)))
                v := or(and(shr(32, v), m32), shl(32, and(v, m32)))
                mstore(target, v)
                target := add(target, 0x20)
            }
        }
    }

    function _address(uint256[25] memory state) private pure returns (uint256 pointer) {
        assembly ("memory-safe") {
            pointer := state
        }
    }
}
