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
 * Message and output bytes map to lanes little-endian (FIPS 202 §B.1); absorbing and squeezing move whole
 * 64-bit lanes.
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
        return squeeze(absorb(input, RATE_256), outLen);
    }

    /// @dev The first `outLen` bytes of SHAKE128(`input`).
    function shake128(bytes memory input, uint256 outLen) internal pure returns (bytes memory) {
        return squeeze(absorb(input, RATE_128), outLen);
    }

    /**
     * @dev Absorbs all of `input` with the SHAKE domain padding (0x1F … 0x80) and applies the final permutation,
     * so the sponge is ready to squeeze. `rate` is {RATE_128} or {RATE_256}.
     */
    function absorb(bytes memory input, uint256 rate) internal pure returns (Sponge memory sponge) {
        sponge.rate = rate;
        uint256[25] memory state = sponge.state;
        bytes memory padded = _pad(input, rate);
        uint256 blocks = padded.length / rate;
        for (uint256 b = 0; b < blocks; b++) {
            _xorBlock(state, padded, b * rate, rate);
            KeccakF1600.permute(state);
        }
    }

    /// @dev The next `rate` bytes of output; the sponge moves on to the following block.
    function squeezeBlock(Sponge memory sponge) internal pure returns (bytes memory output) {
        uint256 rate = sponge.rate;
        output = new bytes(rate);
        _writeBlock(sponge.state, output, 0, rate);
        KeccakF1600.permute(sponge.state);
    }

    /// @dev The next `outLen` bytes of output. The sponge is consumed in whole blocks: a later squeeze starts
    /// at the next block boundary.
    function squeeze(Sponge memory sponge, uint256 outLen) internal pure returns (bytes memory output) {
        uint256 rate = sponge.rate;
        uint256 blocks = (outLen + rate - 1) / rate;
        output = new bytes(blocks * rate);
        for (uint256 b = 0; b < blocks; b++) {
            _writeBlock(sponge.state, output, b * rate, rate);
            KeccakF1600.permute(sponge.state);
        }
        assembly ("memory-safe") {
            mstore(output, outLen)
        }
    }

    /// @dev `input ‖ 0x1F ‖ 0x00… ‖ 0x80` up to a whole number of blocks (the two pad bytes merge into 0x9F).
    function _pad(bytes memory input, uint256 rate) private pure returns (bytes memory padded) {
        uint256 length = input.length;
        uint256 paddedLength = (length / rate + 1) * rate;
        padded = new bytes(paddedLength);
        assembly ("memory-safe") {
            mcopy(add(padded, 0x20), add(input, 0x20), length)
        }
        padded[length] = 0x1F;
        padded[paddedLength - 1] |= 0x80;
    }

    /// @dev XORs the `rate` bytes of `data` at `offset` into the first rate/8 lanes.
    function _xorBlock(uint256[25] memory state, bytes memory data, uint256 offset, uint256 rate) private pure {
        assembly ("memory-safe") {
            let source := add(add(data, 0x20), offset)
            let end := add(state, mul(rate, 4))
            for { let lane := state } lt(lane, end) { lane := add(lane, 0x20) } {
                mstore(lane, xor(mload(lane), _reverse64(shr(192, mload(source)))))
                source := add(source, 8)
            }

            /// Byte order of a 64-bit value reversed: memory is big-endian, lanes are little-endian.
            function _reverse64(v) -> r {
                r := or(shl(8, and(v, 0x00FF00FF00FF00FF)), and(shr(8, v), 0x00FF00FF00FF00FF))
                r := or(shl(16, and(r, 0x0000FFFF0000FFFF)), and(shr(16, r), 0x0000FFFF0000FFFF))
                r := or(and(shl(32, r), 0xFFFFFFFF00000000), shr(32, r))
            }
        }
    }

    /// @dev Writes the first `rate` bytes of the state to `output` at `offset`.
    function _writeBlock(uint256[25] memory state, bytes memory output, uint256 offset, uint256 rate) private pure {
        assembly ("memory-safe") {
            let target := add(add(output, 0x20), offset)
            let end := add(state, mul(rate, 4))
            // Each store writes 8 output bytes followed by 24 zero bytes that the next store overwrites; the
            // last one's zeros land after the block and are overwritten or left past the array's end.
            let last := mload(add(target, rate))
            for { let lane := state } lt(lane, end) { lane := add(lane, 0x20) } {
                mstore(target, shl(192, _reverse64(mload(lane))))
                target := add(target, 8)
            }
            mstore(target, last)

            function _reverse64(v) -> r {
                r := or(shl(8, and(v, 0x00FF00FF00FF00FF)), and(shr(8, v), 0x00FF00FF00FF00FF))
                r := or(shl(16, and(r, 0x0000FFFF0000FFFF)), and(shr(16, r), 0x0000FFFF0000FFFF))
                r := or(and(shl(32, r), 0xFFFFFFFF00000000), shr(32, r))
            }
        }
    }
}
