// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SHA512Compress} from "./SHA512Compress.sol";

/**
 * @dev SHA-512 (FIPS 180-4 §6.4) of a byte string in memory, for Ed25519 (RFC 8032 hashes with SHA-512 and the
 * EVM has only a SHA-256 precompile).
 *
 * Assembly, because the plain-Solidity version cost 192,000 gas a block, more than a quarter of an Ed25519
 * verification: 64-bit words live in 256-bit stack slots, a rotation is one shift of the word doubled to 128 bits,
 * the schedule computes two words per step, and the 80 rounds are unrolled with their constants as literals
 * ({SHA512Compress}, generated). {SHA512Reference} (contracts/mocks) is the plain-Solidity version the tests compare
 * it with, and both with noble's SHA-512.
 */
library SHA512 {
    /// @dev The digest of `data` as its two halves: bytes 0 … 31 and bytes 32 … 63.
    function hash(bytes memory data) internal pure returns (bytes32 first, bytes32 second) {
        // Unallocated memory past the free memory pointer: H (8 words), the schedule's slots (16 bytes before W0,
        // then 80 × 16), then the padded message.
        uint256 state;
        uint256 padded;
        uint256 end;
        assembly ("memory-safe") {
            state := mload(0x40)
            padded := add(state, 0x620)
            let length := mload(data)
            // Padding (§5.1.2): 0x80, zeros, and the bit length as 128 bits, to a multiple of 128 bytes. The tail is
            // zeroed and the length written first; the message and 0x80 then fill the bytes before the length.
            end := add(padded, and(add(length, 144), not(127)))
            for { let p := add(padded, and(length, not(31))) } lt(p, end) { p := add(p, 0x20) } { mstore(p, 0) }
            mstore(sub(end, 0x20), shl(3, length))
            mcopy(padded, add(data, 0x20), length)
            mstore8(add(padded, length), 0x80)
            // H(0) (§5.3.5).
            mstore(state, 0x6a09e667f3bcc908)
            mstore(add(state, 0x20), 0xbb67ae8584caa73b)
            mstore(add(state, 0x40), 0x3c6ef372fe94f82b)
            mstore(add(state, 0x60), 0xa54ff53a5f1d36f1)
            mstore(add(state, 0x80), 0x510e527fade682d1)
            mstore(add(state, 0xa0), 0x9b05688c2b3e6c1f)
            mstore(add(state, 0xc0), 0x1f83d9abfb41bd6b)
            mstore(add(state, 0xe0), 0x5be0cd19137e2179)
        }
        unchecked {
            for (uint256 chunk = padded; chunk < end; chunk += 128) {
                SHA512Compress.messageSchedule(chunk, state + 0x110);
                SHA512Compress.compress(state + 0x100, state);
            }
        }
        assembly ("memory-safe") {
            first := or(or(shl(192, mload(state)), shl(128, mload(add(state, 0x20)))), or(shl(64, mload(add(state, 0x40))), mload(add(state, 0x60))))
            second := or(or(shl(192, mload(add(state, 0x80))), shl(128, mload(add(state, 0xa0)))), or(shl(64, mload(add(state, 0xc0))), mload(add(state, 0xe0))))
        }
    }
}
