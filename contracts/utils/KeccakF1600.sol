// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Keccak-f[1600], the permutation under SHA-3 and SHAKE (FIPS 202), for the EVM. The KECCAK256 opcode
 * is Keccak-256 with its own padding and a 32-byte output, so SHAKE128/SHAKE256 need the permutation itself.
 *
 * The state is 25 lanes of 64 bits, lane (x, y) at index x + 5y, each in its own memory word. During the
 * permutation the state lives at fixed memory addresses (two buffers from 0x80, and the round constants after
 * them), so every lane access is a PUSH and an MLOAD/MSTORE; what was there is saved above the free memory
 * pointer first and restored afterwards. A round reads one buffer and writes the other, one output row at a
 * time, so every lane is loaded and stored once per round; θ's column parities and D values stay on the stack.
 * The two rounds of the loop body are unrolled by `scripts/codegen/keccak-round.mjs`;
 * `KeccakF1600Reference` (contracts/mocks) is the plain version the tests compare it with.
 */
library KeccakF1600 {
    /// @dev Applies the 24 rounds of Keccak-f[1600] to `state` in place. Every lane must be below 2^64.
    function permute(uint256[25] memory state) internal pure {
        // Not marked memory-safe: it borrows memory below the free memory pointer, restoring it before it returns.
        assembly {
            // 0x80 … 0x80 + 2368: buffer A (800 bytes), buffer B (800), round constants (768).
            // The saved copy goes above both the free memory pointer and the borrowed region.
            let saved := mload(0x40)
            if lt(saved, 0x9c0) { saved := 0x9c0 }
            mcopy(saved, 0x80, 2368)
            mcopy(0x80, state, 800)
            let rc := 0x6c0
            mstore(0x6c0, 0x0000000000000001)
            mstore(0x6e0, 0x0000000000008082)
            mstore(0x700, 0x800000000000808A)
            mstore(0x720, 0x8000000080008000)
            mstore(0x740, 0x000000000000808B)
            mstore(0x760, 0x0000000080000001)
            mstore(0x780, 0x8000000080008081)
            mstore(0x7a0, 0x8000000000008009)
            mstore(0x7c0, 0x000000000000008A)
            mstore(0x7e0, 0x0000000000000088)
            mstore(0x800, 0x0000000080008009)
            mstore(0x820, 0x000000008000000A)
            mstore(0x840, 0x000000008000808B)
            mstore(0x860, 0x800000000000008B)
            mstore(0x880, 0x8000000000008089)
            mstore(0x8a0, 0x8000000000008003)
            mstore(0x8c0, 0x8000000000008002)
            mstore(0x8e0, 0x8000000000000080)
            mstore(0x900, 0x000000000000800A)
            mstore(0x920, 0x800000008000000A)
            mstore(0x940, 0x8000000080008081)
            mstore(0x960, 0x8000000000008080)
            mstore(0x980, 0x0000000080000001)
            mstore(0x9a0, 0x8000000080008008)

            for {} lt(rc, 0x9c0) { rc := add(rc, 64) } {
                // Round i (A → B): θ
                {
                    let d0, d1, d2, d3, d4
                    {
                        let c0 := xor(xor(xor(mload(0x80), mload(0x120)), xor(mload(0x1c0), mload(0x260))), mload(0x300))
                        let c1 := xor(xor(xor(mload(0xa0), mload(0x140)), xor(mload(0x1e0), mload(0x280))), mload(0x320))
                        let c2 := xor(xor(xor(mload(0xc0), mload(0x160)), xor(mload(0x200), mload(0x2a0))), mload(0x340))
                        let c3 := xor(xor(xor(mload(0xe0), mload(0x180)), xor(mload(0x220), mload(0x2c0))), mload(0x360))
                        let c4 := xor(xor(xor(mload(0x100), mload(0x1a0)), xor(mload(0x240), mload(0x2e0))), mload(0x380))
                        d0 := xor(c4, or(and(shl(1, c1), 0xffffffffffffffff), shr(63, c1)))
                        d1 := xor(c0, or(and(shl(1, c2), 0xffffffffffffffff), shr(63, c2)))
                        d2 := xor(c1, or(and(shl(1, c3), 0xffffffffffffffff), shr(63, c3)))
                        d3 := xor(c2, or(and(shl(1, c4), 0xffffffffffffffff), shr(63, c4)))
                        d4 := xor(c3, or(and(shl(1, c0), 0xffffffffffffffff), shr(63, c0)))
                    }
                    {
                        let b0 := xor(mload(0x80), d0)
                        let b1 := xor(mload(0x140), d1)
                        b1 := or(and(shl(44, b1), 0xffffffffffffffff), shr(20, b1))
                        let b2 := xor(mload(0x200), d2)
                        b2 := or(and(shl(43, b2), 0xffffffffffffffff), shr(21, b2))
                        let b3 := xor(mload(0x2c0), d3)
                        b3 := or(and(shl(21, b3), 0xffffffffffffffff), shr(43, b3))
                        let b4 := xor(mload(0x380), d4)
                        b4 := or(and(shl(14, b4), 0xffffffffffffffff), shr(50, b4))
                        mstore(0x3a0, xor(xor(b0, and(not(b1), b2)), mload(rc)))
                        mstore(0x3c0, xor(b1, and(not(b2), b3)))
                        mstore(0x3e0, xor(b2, and(not(b3), b4)))
                        mstore(0x400, xor(b3, and(not(b4), b0)))
                        mstore(0x420, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0xe0), d3)
                        b0 := or(and(shl(28, b0), 0xffffffffffffffff), shr(36, b0))
                        let b1 := xor(mload(0x1a0), d4)
                        b1 := or(and(shl(20, b1), 0xffffffffffffffff), shr(44, b1))
                        let b2 := xor(mload(0x1c0), d0)
                        b2 := or(and(shl(3, b2), 0xffffffffffffffff), shr(61, b2))
                        let b3 := xor(mload(0x280), d1)
                        b3 := or(and(shl(45, b3), 0xffffffffffffffff), shr(19, b3))
                        let b4 := xor(mload(0x340), d2)
                        b4 := or(and(shl(61, b4), 0xffffffffffffffff), shr(3, b4))
                        mstore(0x440, xor(b0, and(not(b1), b2)))
                        mstore(0x460, xor(b1, and(not(b2), b3)))
                        mstore(0x480, xor(b2, and(not(b3), b4)))
                        mstore(0x4a0, xor(b3, and(not(b4), b0)))
                        mstore(0x4c0, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0xa0), d1)
                        b0 := or(and(shl(1, b0), 0xffffffffffffffff), shr(63, b0))
                        let b1 := xor(mload(0x160), d2)
                        b1 := or(and(shl(6, b1), 0xffffffffffffffff), shr(58, b1))
                        let b2 := xor(mload(0x220), d3)
                        b2 := or(and(shl(25, b2), 0xffffffffffffffff), shr(39, b2))
                        let b3 := xor(mload(0x2e0), d4)
                        b3 := or(and(shl(8, b3), 0xffffffffffffffff), shr(56, b3))
                        let b4 := xor(mload(0x300), d0)
                        b4 := or(and(shl(18, b4), 0xffffffffffffffff), shr(46, b4))
                        mstore(0x4e0, xor(b0, and(not(b1), b2)))
                        mstore(0x500, xor(b1, and(not(b2), b3)))
                        mstore(0x520, xor(b2, and(not(b3), b4)))
                        mstore(0x540, xor(b3, and(not(b4), b0)))
                        mstore(0x560, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0x100), d4)
                        b0 := or(and(shl(27, b0), 0xffffffffffffffff), shr(37, b0))
                        let b1 := xor(mload(0x120), d0)
                        b1 := or(and(shl(36, b1), 0xffffffffffffffff), shr(28, b1))
                        let b2 := xor(mload(0x1e0), d1)
                        b2 := or(and(shl(10, b2), 0xffffffffffffffff), shr(54, b2))
                        let b3 := xor(mload(0x2a0), d2)
                        b3 := or(and(shl(15, b3), 0xffffffffffffffff), shr(49, b3))
                        let b4 := xor(mload(0x360), d3)
                        b4 := or(and(shl(56, b4), 0xffffffffffffffff), shr(8, b4))
                        mstore(0x580, xor(b0, and(not(b1), b2)))
                        mstore(0x5a0, xor(b1, and(not(b2), b3)))
                        mstore(0x5c0, xor(b2, and(not(b3), b4)))
                        mstore(0x5e0, xor(b3, and(not(b4), b0)))
                        mstore(0x600, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0xc0), d2)
                        b0 := or(and(shl(62, b0), 0xffffffffffffffff), shr(2, b0))
                        let b1 := xor(mload(0x180), d3)
                        b1 := or(and(shl(55, b1), 0xffffffffffffffff), shr(9, b1))
                        let b2 := xor(mload(0x240), d4)
                        b2 := or(and(shl(39, b2), 0xffffffffffffffff), shr(25, b2))
                        let b3 := xor(mload(0x260), d0)
                        b3 := or(and(shl(41, b3), 0xffffffffffffffff), shr(23, b3))
                        let b4 := xor(mload(0x320), d1)
                        b4 := or(and(shl(2, b4), 0xffffffffffffffff), shr(62, b4))
                        mstore(0x620, xor(b0, and(not(b1), b2)))
                        mstore(0x640, xor(b1, and(not(b2), b3)))
                        mstore(0x660, xor(b2, and(not(b3), b4)))
                        mstore(0x680, xor(b3, and(not(b4), b0)))
                        mstore(0x6a0, xor(b4, and(not(b0), b1)))
                    }
                }
                // Round i + 1 (B → A): θ
                {
                    let d0, d1, d2, d3, d4
                    {
                        let c0 := xor(xor(xor(mload(0x3a0), mload(0x440)), xor(mload(0x4e0), mload(0x580))), mload(0x620))
                        let c1 := xor(xor(xor(mload(0x3c0), mload(0x460)), xor(mload(0x500), mload(0x5a0))), mload(0x640))
                        let c2 := xor(xor(xor(mload(0x3e0), mload(0x480)), xor(mload(0x520), mload(0x5c0))), mload(0x660))
                        let c3 := xor(xor(xor(mload(0x400), mload(0x4a0)), xor(mload(0x540), mload(0x5e0))), mload(0x680))
                        let c4 := xor(xor(xor(mload(0x420), mload(0x4c0)), xor(mload(0x560), mload(0x600))), mload(0x6a0))
                        d0 := xor(c4, or(and(shl(1, c1), 0xffffffffffffffff), shr(63, c1)))
                        d1 := xor(c0, or(and(shl(1, c2), 0xffffffffffffffff), shr(63, c2)))
                        d2 := xor(c1, or(and(shl(1, c3), 0xffffffffffffffff), shr(63, c3)))
                        d3 := xor(c2, or(and(shl(1, c4), 0xffffffffffffffff), shr(63, c4)))
                        d4 := xor(c3, or(and(shl(1, c0), 0xffffffffffffffff), shr(63, c0)))
                    }
                    {
                        let b0 := xor(mload(0x3a0), d0)
                        let b1 := xor(mload(0x460), d1)
                        b1 := or(and(shl(44, b1), 0xffffffffffffffff), shr(20, b1))
                        let b2 := xor(mload(0x520), d2)
                        b2 := or(and(shl(43, b2), 0xffffffffffffffff), shr(21, b2))
                        let b3 := xor(mload(0x5e0), d3)
                        b3 := or(and(shl(21, b3), 0xffffffffffffffff), shr(43, b3))
                        let b4 := xor(mload(0x6a0), d4)
                        b4 := or(and(shl(14, b4), 0xffffffffffffffff), shr(50, b4))
                        mstore(0x80, xor(xor(b0, and(not(b1), b2)), mload(add(rc, 32))))
                        mstore(0xa0, xor(b1, and(not(b2), b3)))
                        mstore(0xc0, xor(b2, and(not(b3), b4)))
                        mstore(0xe0, xor(b3, and(not(b4), b0)))
                        mstore(0x100, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0x400), d3)
                        b0 := or(and(shl(28, b0), 0xffffffffffffffff), shr(36, b0))
                        let b1 := xor(mload(0x4c0), d4)
                        b1 := or(and(shl(20, b1), 0xffffffffffffffff), shr(44, b1))
                        let b2 := xor(mload(0x4e0), d0)
                        b2 := or(and(shl(3, b2), 0xffffffffffffffff), shr(61, b2))
                        let b3 := xor(mload(0x5a0), d1)
                        b3 := or(and(shl(45, b3), 0xffffffffffffffff), shr(19, b3))
                        let b4 := xor(mload(0x660), d2)
                        b4 := or(and(shl(61, b4), 0xffffffffffffffff), shr(3, b4))
                        mstore(0x120, xor(b0, and(not(b1), b2)))
                        mstore(0x140, xor(b1, and(not(b2), b3)))
                        mstore(0x160, xor(b2, and(not(b3), b4)))
                        mstore(0x180, xor(b3, and(not(b4), b0)))
                        mstore(0x1a0, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0x3c0), d1)
                        b0 := or(and(shl(1, b0), 0xffffffffffffffff), shr(63, b0))
                        let b1 := xor(mload(0x480), d2)
                        b1 := or(and(shl(6, b1), 0xffffffffffffffff), shr(58, b1))
                        let b2 := xor(mload(0x540), d3)
                        b2 := or(and(shl(25, b2), 0xffffffffffffffff), shr(39, b2))
                        let b3 := xor(mload(0x600), d4)
                        b3 := or(and(shl(8, b3), 0xffffffffffffffff), shr(56, b3))
                        let b4 := xor(mload(0x620), d0)
                        b4 := or(and(shl(18, b4), 0xffffffffffffffff), shr(46, b4))
                        mstore(0x1c0, xor(b0, and(not(b1), b2)))
                        mstore(0x1e0, xor(b1, and(not(b2), b3)))
                        mstore(0x200, xor(b2, and(not(b3), b4)))
                        mstore(0x220, xor(b3, and(not(b4), b0)))
                        mstore(0x240, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0x420), d4)
                        b0 := or(and(shl(27, b0), 0xffffffffffffffff), shr(37, b0))
                        let b1 := xor(mload(0x440), d0)
                        b1 := or(and(shl(36, b1), 0xffffffffffffffff), shr(28, b1))
                        let b2 := xor(mload(0x500), d1)
                        b2 := or(and(shl(10, b2), 0xffffffffffffffff), shr(54, b2))
                        let b3 := xor(mload(0x5c0), d2)
                        b3 := or(and(shl(15, b3), 0xffffffffffffffff), shr(49, b3))
                        let b4 := xor(mload(0x680), d3)
                        b4 := or(and(shl(56, b4), 0xffffffffffffffff), shr(8, b4))
                        mstore(0x260, xor(b0, and(not(b1), b2)))
                        mstore(0x280, xor(b1, and(not(b2), b3)))
                        mstore(0x2a0, xor(b2, and(not(b3), b4)))
                        mstore(0x2c0, xor(b3, and(not(b4), b0)))
                        mstore(0x2e0, xor(b4, and(not(b0), b1)))
                    }
                    {
                        let b0 := xor(mload(0x3e0), d2)
                        b0 := or(and(shl(62, b0), 0xffffffffffffffff), shr(2, b0))
                        let b1 := xor(mload(0x4a0), d3)
                        b1 := or(and(shl(55, b1), 0xffffffffffffffff), shr(9, b1))
                        let b2 := xor(mload(0x560), d4)
                        b2 := or(and(shl(39, b2), 0xffffffffffffffff), shr(25, b2))
                        let b3 := xor(mload(0x580), d0)
                        b3 := or(and(shl(41, b3), 0xffffffffffffffff), shr(23, b3))
                        let b4 := xor(mload(0x640), d1)
                        b4 := or(and(shl(2, b4), 0xffffffffffffffff), shr(62, b4))
                        mstore(0x300, xor(b0, and(not(b1), b2)))
                        mstore(0x320, xor(b1, and(not(b2), b3)))
                        mstore(0x340, xor(b2, and(not(b3), b4)))
                        mstore(0x360, xor(b3, and(not(b4), b0)))
                        mstore(0x380, xor(b4, and(not(b0), b1)))
                    }
                }
            }

            // The result goes above the saved copy first, in case `state` itself lies in the borrowed region.
            let result := add(saved, 2368)
            mcopy(result, 0x80, 800)
            mcopy(0x80, saved, 2368)
            mcopy(state, result, 800)
        }
    }
}
