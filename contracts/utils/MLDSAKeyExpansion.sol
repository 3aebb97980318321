// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSANTT} from "./MLDSANTT.sol";
import {SHAKE} from "./SHAKE.sol";

/**
 * @dev On-chain ML-DSA public key expansion: from a FIPS 204 public key pk = ρ ‖ t1 it builds the expanded key
 * E = Â ‖ t̂1 ‖ tr that {MLDSA44}, {MLDSA65} and {MLDSA87} verify with, byte for byte as the SDK's
 * `expandMldsaPublicKey` (and ML-DSA-65's `expandPublicKey`) lays it out:
 *
 * - Â = ExpandA(ρ) (FIPS 204 Algorithm 32): Â[i][j] = RejNTTPoly(ρ ‖ j ‖ i) (Algorithm 30), row-major;
 * - t̂1[i] = NTT(t1[i] · 2^13), t1[i] read with SimpleBitUnpack(·, 10) (Algorithm 18);
 * - each polynomial as 256 big-endian uint32 coefficients in [0, q), 1 KiB;
 * - then tr = H(pk, 64) = SHAKE256(pk, 64).
 *
 * Used once per key by {MLDSAKeyAttestor}, which proves on-chain that a stored E is pk's expansion, and on every
 * call by the EIP-8355 precompile stand-ins. It runs k·l SHAKE128 rejection samplings and k NTTs (millions of gas),
 * which the verifiers never pay: they read the stored E. Any 10-bit t1 coefficient is valid, so the only check pk
 * needs is its length, which the caller makes. {writeT1Hat} and {sampleUniform} serve the keccak variant's
 * expansion ({MLDSA44KeccakKeyExpansion}) too.
 */
library MLDSAKeyExpansion {
    uint256 private constant Q = 8380417;
    /// @dev ρ, and one packed t1 polynomial (256 × 10 bits).
    uint256 private constant RHO_BYTES = 32;
    uint256 private constant T1_POLY_BYTES = 320;
    /// @dev One polynomial of E, and tr.
    uint256 private constant POLY_BYTES = 1024;
    uint256 private constant TR_BYTES = 64;

    /// @dev Masks of {_rejNttPoly}'s groups of eight candidates (24-bit fields), at each step the fields that stay
    /// and those that move: fields 0..3, then 4..7 (bits 160..255, 64..159); fields 0, 1 then 2, 3 of each half;
    /// even then odd fields of each quarter.
    uint256 private constant FIELDS_0_3 = 0xffffffffffffffffffffffff0000000000000000000000000000000000000000;
    uint256 private constant FIELDS_4_7 = 0x00ffffffffffffffffffffffff0000000000000000;
    uint256 private constant FIELDS_EVEN_PAIRS = 0xffffffffffff00000000000000000000ffffffffffff00000000000000000000;
    uint256 private constant FIELDS_ODD_PAIRS = 0xffffffffffff00000000000000000000ffffffffffff00000000;
    uint256 private constant FIELDS_EVEN = 0xffffff0000000000ffffff0000000000ffffff0000000000ffffff0000000000;
    uint256 private constant FIELDS_ODD = 0xffffff0000000000ffffff0000000000ffffff0000000000ffffff0000;
    /// @dev Byte reversal within 32-bit lanes: the low byte of every 16 bits, the low 16 bits of every 32.
    uint256 private constant BYTES_LOW = 0x00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff;
    uint256 private constant HALVES_LOW = 0x0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff0000ffff;
    /// @dev 2^23 − 1, 2^31 − q and 2^31 in each 32-bit lane: a lane below 2^23 is at least q when adding 2^31 − q
    /// sets its bit 31 (as in {MLDSA65-isReduced}).
    uint256 private constant LOW23 = 0x007fffff007fffff007fffff007fffff007fffff007fffff007fffff007fffff;
    uint256 private constant GE_Q = 0x7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff7f801fff;
    uint256 private constant BIT31 = 0x8000000080000000800000008000000080000000800000008000000080000000;

    /// @dev The length of pk for k rows: ρ ‖ k packed t1 polynomials.
    function publicKeyLength(uint256 k) internal pure returns (uint256) {
        return RHO_BYTES + k * T1_POLY_BYTES;
    }

    /**
     * @dev E = Â ‖ t̂1 ‖ tr of `publicKey` for a k × l matrix: (k·l + k) KiB + 64 bytes. `publicKey` must be
     * {publicKeyLength}(k) bytes.
     */
    function expand(bytes calldata publicKey, uint256 k, uint256 l) internal pure returns (bytes memory expandedKey) {
        expandedKey = new bytes((k * l + k) * POLY_BYTES + TR_BYTES);
        uint256 out;
        assembly ("memory-safe") {
            out := add(expandedKey, 0x20)
        }
        // ExpandA: the seed ρ ‖ j ‖ i, column first.
        bytes memory seed = new bytes(RHO_BYTES + 2);
        assembly ("memory-safe") {
            calldatacopy(add(seed, 0x20), publicKey.offset, RHO_BYTES)
        }
        for (uint256 i = 0; i < k; ++i) {
            for (uint256 j = 0; j < l; ++j) {
                assembly ("memory-safe") {
                    mstore8(add(seed, 0x40), j)
                    mstore8(add(seed, 0x41), i)
                }
                _rejNttPoly(seed, out);
                out += POLY_BYTES;
            }
        }
        writeT1Hat(publicKey, k, out);
        out += k * POLY_BYTES;
        bytes memory tr = SHAKE.shake256(publicKey, TR_BYTES);
        assembly ("memory-safe") {
            mcopy(out, add(tr, 0x20), TR_BYTES)
        }
    }

    /**
     * @dev t̂1 = NTT(t1 · 2^13) of the k packed t1 polynomials after ρ in `publicKey`, into the k KiB at `out`, through
     * the verifiers' own forward NTT, one packed polynomial (2 KiB of scratch memory, released on return) at a time.
     */
    function writeT1Hat(bytes calldata publicKey, uint256 k, uint256 out) internal pure {
        uint256 free;
        assembly ("memory-safe") {
            free := mload(0x40)
        }
        bytes memory zetaTable = MLDSANTT.zetaTable();
        uint256 packed;
        uint256 zetas;
        uint256 t1;
        assembly ("memory-safe") {
            packed := mload(0x40)
            mstore(0x40, add(packed, 2048))
            zetas := add(zetaTable, 0x20)
            t1 := add(publicKey.offset, RHO_BYTES)
        }
        for (uint256 i = 0; i < k; ++i) {
            _unpackT1(t1 + i * T1_POLY_BYTES, packed);
            MLDSANTT.ntt(packed, zetas);
            _writeReduced(packed, out);
            out += POLY_BYTES;
        }
        assembly ("memory-safe") {
            mstore(0x40, free)
        }
    }

    /**
     * @dev RejNTTPoly (FIPS 204 Algorithm 30) of `seed` into the 1 KiB at `out`: SHAKE128(seed) read by
     * {sampleUniform} until 256 coefficients are kept. Five SHAKE128 blocks (840 bytes, 280 candidates) are squeezed
     * at once; should more than 24 of them be rejected (fewer than one polynomial in 10^39), it starts again with
     * one block more. The memory it uses is released on return.
     */
    function _rejNttPoly(bytes memory seed, uint256 out) private pure {
        uint256 free;
        assembly ("memory-safe") {
            free := mload(0x40)
        }
        uint256 count = 0;
        for (uint256 length = 5 * SHAKE.RATE_128; count < 256; length += SHAKE.RATE_128) {
            bytes memory stream = SHAKE.shake128(seed, length);
            uint256 p;
            assembly ("memory-safe") {
                p := add(stream, 0x20)
            }
            count = sampleUniform(p, length, out);
            assembly ("memory-safe") {
                mstore(0x40, free)
            }
        }
    }

    /**
     * @dev The rejection sampling of RejNTTPoly on the `length` stream bytes at memory `stream` (`length` a multiple
     * of 24, the 8 bytes after the stream readable), into the 1 KiB at `out`: 3 bytes at a time as a little-endian
     * 23-bit candidate (CoeffFromThreeBytes, Algorithm 14: b0 + 2^8·b1 + 2^16·(b2 mod 128) for bytes b0 b1 b2), kept
     * when below q, until 256 are kept or the stream ends. Returns how many were kept: 256 or more (a last group
     * stored whole counts all eight) when the polynomial is complete.
     *
     * Candidates go eight at a time (24 bytes): the 24-bit fields move apart into the tops of eight 32-bit lanes
     * (by 32, 16 and 8 bits: field i moves 8i), each lane's bytes are reversed (b0 b1 b2 0 to 0 b2 b1 b0) and
     * bit 23 is cleared, which gives the word the eight make in E. When all eight are below q, as they are but
     * for about one group in 128, that word is stored; a group with a rejection is stored one kept coefficient
     * at a time. Every store is a whole word, in increasing address order: the last ones reach past the 256th
     * coefficient, by up to 52 bytes into the next polynomial of E (Â's last is followed by t̂1's first), which
     * the caller writes afterwards.
     */
    function sampleUniform(uint256 stream, uint256 length, uint256 out) internal pure returns (uint256 count) {
        assembly ("memory-safe") {
            let p := stream
            for { let end := add(p, length) } lt(p, end) { p := add(p, 24) } {
                let x := mload(p)
                x := or(and(x, FIELDS_0_3), shr(32, and(x, FIELDS_4_7)))
                x := or(and(x, FIELDS_EVEN_PAIRS), shr(16, and(x, FIELDS_ODD_PAIRS)))
                x := or(and(x, FIELDS_EVEN), shr(8, and(x, FIELDS_ODD)))
                x := or(shl(8, and(x, BYTES_LOW)), and(shr(8, x), BYTES_LOW))
                x := or(shl(16, and(x, HALVES_LOW)), and(shr(16, x), HALVES_LOW))
                x := and(x, LOW23)
                switch and(add(x, GE_Q), BIT31)
                case 0 {
                    mstore(add(out, shl(2, count)), x)
                    count := add(count, 8)
                }
                default {
                    for { let shift := 224 } 1 { shift := sub(shift, 32) } {
                        let candidate := and(shr(shift, x), 0xffffffff)
                        if lt(candidate, Q) {
                            mstore(add(out, shl(2, count)), shl(224, candidate))
                            count := add(count, 1)
                        }
                        if iszero(shift) { break }
                    }
                }
                if gt(count, 255) { break }
            }
        }
    }

    /**
     * @dev SimpleBitUnpack(t1, 10) (FIPS 204 Algorithm 18) of the 320-byte polynomial at calldata offset `t1`,
     * each coefficient times 2^13, into {MLDSANTT}'s packed layout at `packed` (word w holds coefficients
     * 4w..4w+3 in 64-bit lanes, 4w in the top lane). Five bytes hold four coefficients, least significant bit
     * first; t1 · 2^13 < 2^23 is below the NTT's input bound.
     */
    function _unpackT1(uint256 t1, uint256 packed) private pure {
        assembly ("memory-safe") {
            for { let w := 0 } lt(w, 64) { w := add(w, 1) } {
                let b := calldataload(add(t1, mul(w, 5)))
                let b1 := byte(1, b)
                let b2 := byte(2, b)
                let b3 := byte(3, b)
                let c0 := or(byte(0, b), shl(8, and(b1, 3)))
                let c1 := or(shr(2, b1), shl(6, and(b2, 15)))
                let c2 := or(shr(4, b2), shl(4, and(b3, 63)))
                let c3 := or(shr(6, b3), shl(2, byte(4, b)))
                mstore(add(packed, shl(5, w)), or(or(shl(205, c0), shl(141, c1)), or(shl(77, c2), shl(13, c3))))
            }
        }
    }

    /// @dev The 256 lanes of the packed polynomial at `packed`, reduced mod q, as big-endian uint32 coefficients
    /// into the 1 KiB at `out`: two packed words (eight coefficients) make one word of E.
    function _writeReduced(uint256 packed, uint256 out) private pure {
        assembly ("memory-safe") {
            let m64 := 0xffffffffffffffff
            for { let g := 0 } lt(g, 32) { g := add(g, 1) } {
                let x := mload(add(packed, shl(6, g)))
                let y := mload(add(packed, add(shl(6, g), 32)))
                let high := or(
                    or(shl(224, mod(shr(192, x), Q)), shl(192, mod(and(shr(128, x), m64), Q))),
                    or(shl(160, mod(and(shr(64, x), m64), Q)), shl(128, mod(and(x, m64), Q)))
                )
                let low := or(
                    or(shl(96, mod(shr(192, y), Q)), shl(64, mod(and(shr(128, y), m64), Q))),
                    or(shl(32, mod(and(shr(64, y), m64), Q)), mod(and(y, m64), Q))
                )
                mstore(add(out, shl(5, g)), or(high, low))
            }
        }
    }
}
