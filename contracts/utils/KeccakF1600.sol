// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Keccak-f[1600], the permutation under SHA-3 and SHAKE (FIPS 202), for the EVM. The KECCAK256 opcode
 * is Keccak-256 with its own padding and a 32-byte output, so SHAKE128/SHAKE256 need the permutation itself.
 *
 * The state is 25 lanes of 64 bits, lane (x, y) at index x + 5y, each in its own memory word. A round reads
 * the state from one buffer and writes it to the other, row by row of the output, so every lane is loaded and
 * stored once per round; θ's column parities and D values stay on the stack. The round body is unrolled by
 * `scripts/codegen/keccak-round.mjs`; `KeccakF1600Reference` (contracts/mocks) is the plain version that the
 * tests compare it with.
 */
library KeccakF1600 {
    /// @dev Applies the 24 rounds of Keccak-f[1600] to `state` in place. Every lane must be below 2^64.
    function permute(uint256[25] memory state) internal pure {
        assembly ("memory-safe") {
            // Scratch above the free memory pointer, not allocated: a second state buffer, then the round
            // constants. The round-constant cursor and its end live in the scratch slots 0x00 and 0x20 rather
            // than on the stack, which the unrolled round fills.
            let dst := mload(0x40)
            {
                let rc := add(dst, 800)
                mstore(rc, 0x0000000000000001)
                mstore(add(rc, 32), 0x0000000000008082)
                mstore(add(rc, 64), 0x800000000000808A)
                mstore(add(rc, 96), 0x8000000080008000)
                mstore(add(rc, 128), 0x000000000000808B)
                mstore(add(rc, 160), 0x0000000080000001)
                mstore(add(rc, 192), 0x8000000080008081)
                mstore(add(rc, 224), 0x8000000000008009)
                mstore(add(rc, 256), 0x000000000000008A)
                mstore(add(rc, 288), 0x0000000000000088)
                mstore(add(rc, 320), 0x0000000080008009)
                mstore(add(rc, 352), 0x000000008000000A)
                mstore(add(rc, 384), 0x000000008000808B)
                mstore(add(rc, 416), 0x800000000000008B)
                mstore(add(rc, 448), 0x8000000000008089)
                mstore(add(rc, 480), 0x8000000000008003)
                mstore(add(rc, 512), 0x8000000000008002)
                mstore(add(rc, 544), 0x8000000000000080)
                mstore(add(rc, 576), 0x000000000000800A)
                mstore(add(rc, 608), 0x800000008000000A)
                mstore(add(rc, 640), 0x8000000080008081)
                mstore(add(rc, 672), 0x8000000000008080)
                mstore(add(rc, 704), 0x0000000080000001)
                mstore(add(rc, 736), 0x8000000080008008)
                mstore(0x00, rc)
                mstore(0x20, add(rc, 768))
            }
            let src := state
            // 24 rounds alternate between the buffers, so the last one writes back into `state`.
            for {} lt(mload(0x00), mload(0x20)) { mstore(0x00, add(mload(0x00), 32)) } {
                let d0, d1, d2, d3, d4
                {
                    let c0 := xor(xor(xor(mload(src), mload(add(src, 160))), xor(mload(add(src, 320)), mload(add(src, 480)))), mload(add(src, 640)))
                    let c1 := xor(xor(xor(mload(add(src, 32)), mload(add(src, 192))), xor(mload(add(src, 352)), mload(add(src, 512)))), mload(add(src, 672)))
                    let c2 := xor(xor(xor(mload(add(src, 64)), mload(add(src, 224))), xor(mload(add(src, 384)), mload(add(src, 544)))), mload(add(src, 704)))
                    let c3 := xor(xor(xor(mload(add(src, 96)), mload(add(src, 256))), xor(mload(add(src, 416)), mload(add(src, 576)))), mload(add(src, 736)))
                    let c4 := xor(xor(xor(mload(add(src, 128)), mload(add(src, 288))), xor(mload(add(src, 448)), mload(add(src, 608)))), mload(add(src, 768)))
                    d0 := xor(c4, or(and(shl(1, c1), 0xffffffffffffffff), shr(63, c1)))
                    d1 := xor(c0, or(and(shl(1, c2), 0xffffffffffffffff), shr(63, c2)))
                    d2 := xor(c1, or(and(shl(1, c3), 0xffffffffffffffff), shr(63, c3)))
                    d3 := xor(c2, or(and(shl(1, c4), 0xffffffffffffffff), shr(63, c4)))
                    d4 := xor(c3, or(and(shl(1, c0), 0xffffffffffffffff), shr(63, c0)))
                }
                {
                    let b0 := xor(mload(src), d0)
                    let b1 := xor(mload(add(src, 192)), d1)
                    b1 := or(and(shl(44, b1), 0xffffffffffffffff), shr(20, b1))
                    let b2 := xor(mload(add(src, 384)), d2)
                    b2 := or(and(shl(43, b2), 0xffffffffffffffff), shr(21, b2))
                    let b3 := xor(mload(add(src, 576)), d3)
                    b3 := or(and(shl(21, b3), 0xffffffffffffffff), shr(43, b3))
                    let b4 := xor(mload(add(src, 768)), d4)
                    b4 := or(and(shl(14, b4), 0xffffffffffffffff), shr(50, b4))
                    mstore(dst, xor(b0, and(not(b1), b2)))
                    mstore(add(dst, 32), xor(b1, and(not(b2), b3)))
                    mstore(add(dst, 64), xor(b2, and(not(b3), b4)))
                    mstore(add(dst, 96), xor(b3, and(not(b4), b0)))
                    mstore(add(dst, 128), xor(b4, and(not(b0), b1)))
                }
                {
                    let b0 := xor(mload(add(src, 96)), d3)
                    b0 := or(and(shl(28, b0), 0xffffffffffffffff), shr(36, b0))
                    let b1 := xor(mload(add(src, 288)), d4)
                    b1 := or(and(shl(20, b1), 0xffffffffffffffff), shr(44, b1))
                    let b2 := xor(mload(add(src, 320)), d0)
                    b2 := or(and(shl(3, b2), 0xffffffffffffffff), shr(61, b2))
                    let b3 := xor(mload(add(src, 512)), d1)
                    b3 := or(and(shl(45, b3), 0xffffffffffffffff), shr(19, b3))
                    let b4 := xor(mload(add(src, 704)), d2)
                    b4 := or(and(shl(61, b4), 0xffffffffffffffff), shr(3, b4))
                    mstore(add(dst, 160), xor(b0, and(not(b1), b2)))
                    mstore(add(dst, 192), xor(b1, and(not(b2), b3)))
                    mstore(add(dst, 224), xor(b2, and(not(b3), b4)))
                    mstore(add(dst, 256), xor(b3, and(not(b4), b0)))
                    mstore(add(dst, 288), xor(b4, and(not(b0), b1)))
                }
                {
                    let b0 := xor(mload(add(src, 32)), d1)
                    b0 := or(and(shl(1, b0), 0xffffffffffffffff), shr(63, b0))
                    let b1 := xor(mload(add(src, 224)), d2)
                    b1 := or(and(shl(6, b1), 0xffffffffffffffff), shr(58, b1))
                    let b2 := xor(mload(add(src, 416)), d3)
                    b2 := or(and(shl(25, b2), 0xffffffffffffffff), shr(39, b2))
                    let b3 := xor(mload(add(src, 608)), d4)
                    b3 := or(and(shl(8, b3), 0xffffffffffffffff), shr(56, b3))
                    let b4 := xor(mload(add(src, 640)), d0)
                    b4 := or(and(shl(18, b4), 0xffffffffffffffff), shr(46, b4))
                    mstore(add(dst, 320), xor(b0, and(not(b1), b2)))
                    mstore(add(dst, 352), xor(b1, and(not(b2), b3)))
                    mstore(add(dst, 384), xor(b2, and(not(b3), b4)))
                    mstore(add(dst, 416), xor(b3, and(not(b4), b0)))
                    mstore(add(dst, 448), xor(b4, and(not(b0), b1)))
                }
                {
                    let b0 := xor(mload(add(src, 128)), d4)
                    b0 := or(and(shl(27, b0), 0xffffffffffffffff), shr(37, b0))
                    let b1 := xor(mload(add(src, 160)), d0)
                    b1 := or(and(shl(36, b1), 0xffffffffffffffff), shr(28, b1))
                    let b2 := xor(mload(add(src, 352)), d1)
                    b2 := or(and(shl(10, b2), 0xffffffffffffffff), shr(54, b2))
                    let b3 := xor(mload(add(src, 544)), d2)
                    b3 := or(and(shl(15, b3), 0xffffffffffffffff), shr(49, b3))
                    let b4 := xor(mload(add(src, 736)), d3)
                    b4 := or(and(shl(56, b4), 0xffffffffffffffff), shr(8, b4))
                    mstore(add(dst, 480), xor(b0, and(not(b1), b2)))
                    mstore(add(dst, 512), xor(b1, and(not(b2), b3)))
                    mstore(add(dst, 544), xor(b2, and(not(b3), b4)))
                    mstore(add(dst, 576), xor(b3, and(not(b4), b0)))
                    mstore(add(dst, 608), xor(b4, and(not(b0), b1)))
                }
                {
                    let b0 := xor(mload(add(src, 64)), d2)
                    b0 := or(and(shl(62, b0), 0xffffffffffffffff), shr(2, b0))
                    let b1 := xor(mload(add(src, 256)), d3)
                    b1 := or(and(shl(55, b1), 0xffffffffffffffff), shr(9, b1))
                    let b2 := xor(mload(add(src, 448)), d4)
                    b2 := or(and(shl(39, b2), 0xffffffffffffffff), shr(25, b2))
                    let b3 := xor(mload(add(src, 480)), d0)
                    b3 := or(and(shl(41, b3), 0xffffffffffffffff), shr(23, b3))
                    let b4 := xor(mload(add(src, 672)), d1)
                    b4 := or(and(shl(2, b4), 0xffffffffffffffff), shr(62, b4))
                    mstore(add(dst, 640), xor(b0, and(not(b1), b2)))
                    mstore(add(dst, 672), xor(b1, and(not(b2), b3)))
                    mstore(add(dst, 704), xor(b2, and(not(b3), b4)))
                    mstore(add(dst, 736), xor(b3, and(not(b4), b0)))
                    mstore(add(dst, 768), xor(b4, and(not(b0), b1)))
                }
                // ι
                mstore(dst, xor(mload(dst), mload(mload(0x00))))
                let swap := src
                src := dst
                dst := swap
            }
        }
    }
}
