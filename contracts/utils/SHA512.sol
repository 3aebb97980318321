// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev SHA-512 (FIPS 180-4 §6.4) of a byte string in memory, for Ed25519 (RFC 8032 hashes with SHA-512 and the
 * EVM has only a SHA-256 precompile).
 *
 * Assembly, because the plain-Solidity version cost 192,000 gas a block, more than a quarter of an Ed25519
 * verification: 64-bit words live in 256-bit stack slots, a rotation is one shift of the word doubled to 128 bits,
 * and the round constants sit in memory beside the message schedule so that one pointer walks both.
 * {SHA512Reference} (contracts/mocks) is the plain-Solidity version the tests compare it with, and both with
 * noble's SHA-512.
 */
library SHA512 {
    /// @dev The 80 round constants K0 … K79, 8 bytes each, big-endian.
    bytes private constant K =
        hex"428a2f98d728ae227137449123ef65cdb5c0fbcfec4d3b2fe9b5dba58189dbbc3956c25bf348b53859f111f1b605d019923f82a4af194f9bab1c5ed5da6d8118d807aa98a303024212835b0145706fbe243185be4ee4b28c550c7dc3d5ffb4e272be5d74f27b896f80deb1fe3b1696b19bdc06a725c71235c19bf174cf692694e49b69c19ef14ad2efbe4786384f25e30fc19dc68b8cd5b5240ca1cc77ac9c652de92c6f592b02754a7484aa6ea6e4835cb0a9dcbd41fbd476f988da831153b5983e5152ee66dfaba831c66d2db43210b00327c898fb213fbf597fc7beef0ee4c6e00bf33da88fc2d5a79147930aa72506ca6351e003826f142929670a0e6e7027b70a8546d22ffc2e1b21385c26c9264d2c6dfc5ac42aed53380d139d95b3df650a73548baf63de766a0abb3c77b2a881c2c92e47edaee692722c851482353ba2bfe8a14cf10364a81a664bbc423001c24b8b70d0f89791c76c51a30654be30d192e819d6ef5218d69906245565a910f40e35855771202a106aa07032bbd1b819a4c116b8d2d0c81e376c085141ab532748774cdf8eeb9934b0bcb5e19b48a8391c0cb3c5c95a634ed8aa4ae3418acb5b9cca4f7763e373682e6ff3d6b2b8a3748f82ee5defb2fc78a5636f43172f6084c87814a1f0ab728cc702081a6439ec90befffa23631e28a4506cebde82bde9bef9a3f7b2c67915c67178f2e372532bca273eceea26619cd186b8c721c0c207eada7dd6cde0eb1ef57d4f7fee6ed17806f067aa72176fba0a637dc5a2c898a6113f9804bef90dae1b710b35131c471b28db77f523047d8432caab7b40c724933c9ebe0a15c9bebc431d67c49c100d4c4cc5d4becb3e42b6597f299cfc657e2a5fcb6fab3ad6faec6c44198c4a475817";

    /// @dev The digest of `data` as its two halves: bytes 0 … 31 and bytes 32 … 63.
    function hash(bytes memory data) internal pure returns (bytes32 first, bytes32 second) {
        // Padding: 0x80, zeros, and the bit length as 128 bits, to a multiple of 128 bytes.
        uint256 zeros = (239 - (data.length % 128)) % 128;
        bytes memory padded = bytes.concat(data, hex"80", new bytes(zeros), bytes16(uint128(data.length * 8)));
        // Words 0 … 79: the message schedule W of the current block; 80 … 159: the round constants K;
        // 160 … 167: the hash value H. One array, so that the rounds keep a single pointer on the stack.
        uint256[168] memory work;
        _initialize(work);
        for (uint256 offset = 0; offset < padded.length; offset += 128) {
            _expand(padded, offset, work);
            _compress(work);
        }
        first = bytes32((work[160] << 192) | (work[161] << 128) | (work[162] << 64) | work[163]);
        second = bytes32((work[164] << 192) | (work[165] << 128) | (work[166] << 64) | work[167]);
    }

    /// @dev Copies K into words 80 … 159 of `work`, one constant per word, and the initial hash value into 160 … 167.
    function _initialize(uint256[168] memory work) private pure {
        bytes memory k = K;
        assembly ("memory-safe") {
            let source := add(k, 0x20)
            let target := add(work, 2560)
            for { let t := 0 } lt(t, 80) { t := add(t, 1) } {
                mstore(add(target, shl(5, t)), shr(192, mload(add(source, shl(3, t)))))
            }
            let h := add(work, 5120)
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
    function _expand(bytes memory data, uint256 offset, uint256[168] memory schedule) private pure {
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

    /// @dev The 80 rounds on the working variables a … h from H (words 160 … 167 of `work`), then H += a … h (mod 2^64).
    function _compress(uint256[168] memory work) private pure {
        assembly ("memory-safe") {
            let a := mload(add(work, 5120))
            let b := mload(add(work, 5152))
            let c := mload(add(work, 5184))
            let d := mload(add(work, 5216))
            let e := mload(add(work, 5248))
            let f := mload(add(work, 5280))
            let g := mload(add(work, 5312))
            let h := mload(add(work, 5344))
            for { let p := work } lt(p, add(work, 2560)) { p := add(p, 0x20) } {
                // T1 = h + Σ1(e) + Ch(e, f, g) + Kt + Wt, with Ch(e, f, g) = g ⊕ (e ∧ (f ⊕ g)); Kt is 80 words after Wt.
                let t1 := add(add(h, xor(g, and(e, xor(f, g)))), add(mload(p), mload(add(p, 2560))))
                {
                    let ee := or(e, shl(64, e))
                    t1 := add(t1, and(xor(xor(shr(14, ee), shr(18, ee)), shr(41, ee)), 0xffffffffffffffff))
                }
                h := g
                g := f
                f := e
                e := and(add(d, t1), 0xffffffffffffffff)
                d := c
                // T1 + T2, with T2 = Σ0(a) + Maj(a, b, c) and Maj(a, b, c) = (a ∧ b) ∨ (c ∧ (a ∨ b)).
                {
                    let aa := or(a, shl(64, a))
                    t1 := add(t1, and(xor(xor(shr(28, aa), shr(34, aa)), shr(39, aa)), 0xffffffffffffffff))
                }
                t1 := add(t1, or(and(a, b), and(c, or(a, b))))
                c := b
                b := a
                a := and(t1, 0xffffffffffffffff)
            }
            let state := add(work, 5120)
            mstore(state, and(add(mload(state), a), 0xffffffffffffffff))
            mstore(add(state, 0x20), and(add(mload(add(state, 0x20)), b), 0xffffffffffffffff))
            mstore(add(state, 0x40), and(add(mload(add(state, 0x40)), c), 0xffffffffffffffff))
            mstore(add(state, 0x60), and(add(mload(add(state, 0x60)), d), 0xffffffffffffffff))
            mstore(add(state, 0x80), and(add(mload(add(state, 0x80)), e), 0xffffffffffffffff))
            mstore(add(state, 0xa0), and(add(mload(add(state, 0xa0)), f), 0xffffffffffffffff))
            mstore(add(state, 0xc0), and(add(mload(add(state, 0xc0)), g), 0xffffffffffffffff))
            mstore(add(state, 0xe0), and(add(mload(add(state, 0xe0)), h), 0xffffffffffffffff))
        }
    }
}
