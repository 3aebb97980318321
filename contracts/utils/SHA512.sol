// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SHA512Compress} from "./SHA512Compress.sol";

/**
 * @dev SHA-512 (FIPS 180-4 §6.4) of a byte string in memory, for Ed25519 (RFC 8032 hashes with SHA-512 and the
 * EVM has only a SHA-256 precompile).
 *
 * Assembly, because the plain-Solidity version cost 192,000 gas a block, more than a quarter of an Ed25519
 * verification: 64-bit words live in 256-bit stack slots, a rotation is one shift of the word doubled to 128 bits,
 * and the 80 rounds are unrolled with their constants as literals ({SHA512Compress}, generated).
 * {SHA512Reference} (contracts/mocks) is the plain-Solidity version the tests compare it with, and both with
 * noble's SHA-512.
 */
library SHA512 {
    /// @dev The digest of `data` as its two halves: bytes 0 … 31 and bytes 32 … 63.
    function hash(bytes memory data) internal pure returns (bytes32 first, bytes32 second) {
        // Padding: 0x80, zeros, and the bit length as 128 bits, to a multiple of 128 bytes.
        uint256 zeros = (239 - (data.length % 128)) % 128;
        bytes memory padded = bytes.concat(data, hex"80", new bytes(zeros), bytes16(uint128(data.length * 8)));
        // Words 0 … 79: the message schedule W of the current block; 80 … 87: the hash value H.
        uint256[88] memory work;
        _initialize(work);
        uint256 schedule;
        assembly ("memory-safe") {
            schedule := work
        }
        for (uint256 offset = 0; offset < padded.length; offset += 128) {
            _expand(padded, offset, work);
            SHA512Compress.compress(schedule, schedule + 2560);
        }
        first = bytes32((work[80] << 192) | (work[81] << 128) | (work[82] << 64) | work[83]);
        second = bytes32((work[84] << 192) | (work[85] << 128) | (work[86] << 64) | work[87]);
    }

    /// @dev The initial hash value H(0) (FIPS 180-4 §5.3.5) into words 80 … 87 of `work`.
    function _initialize(uint256[88] memory work) private pure {
        assembly ("memory-safe") {
            let h := add(work, 2560)
            mstore(h, 0x6a09e667f3bcc908)
            mstore(add(h, 0x20), 0xbb67ae8584caa73b)
            mstore(add(h, 0x40), 0x3c6ef372fe94f82b)
            mstore(add(h, 0x60), 0xa54ff53a5f1d36f1)
            mstore(add(h, 0x80), 0x510e527fade682d1)
            mstore(add(h, 0xa0), 0x9b05688c2b3e6c1f)
            mstore(add(h, 0xc0), 0x1f83d9abfb41bd6b)
            mstore(add(h, 0xe0), 0x5be0cd19137e2179)
        }
    }

    /**
     * @dev W0 … W79 of the block at `offset`: the block's 16 big-endian words, then
     * Wt = σ1(Wt−2) + Wt−7 + σ0(Wt−15) + Wt−16 mod 2^64.
     */
    function _expand(bytes memory data, uint256 offset, uint256[88] memory schedule) private pure {
        assembly ("memory-safe") {
            let source := add(add(data, 0x20), offset)
            for { let t := 0 } lt(t, 16) { t := add(t, 1) } {
                mstore(add(schedule, shl(5, t)), shr(192, mload(add(source, shl(3, t)))))
            }
            for { let p := add(schedule, 512) } lt(p, add(schedule, 2560)) { p := add(p, 0x20) } {
                // σ0(x) = ROTR1(x) ⊕ ROTR8(x) ⊕ SHR7(x); with xx = x ‖ x, ROTRn(x) is the low 64 bits of xx >> n.
                let x := mload(sub(p, 480))
                let xx := or(x, shl(64, x))
                let sigma := and(xor(xor(shr(1, xx), shr(8, xx)), shr(7, x)), 0xffffffffffffffff)
                // σ1(y) = ROTR19(y) ⊕ ROTR61(y) ⊕ SHR6(y).
                let y := mload(sub(p, 64))
                let yy := or(y, shl(64, y))
                sigma := add(sigma, and(xor(xor(shr(19, yy), shr(61, yy)), shr(6, y)), 0xffffffffffffffff))
                mstore(p, and(add(sigma, add(mload(sub(p, 512)), mload(sub(p, 224)))), 0xffffffffffffffff))
            }
        }
    }
}
