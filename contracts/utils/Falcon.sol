// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FalconNTT} from "./FalconNTT.sol";

/**
 * @dev Round-3 Falcon signature verification (specification v1.2, Algorithm 16) for Falcon-512 (logn = 9) and
 * Falcon-1024 (logn = 10), accepting exactly what the reference implementation (PQClean `falcon-512`,
 * `falcon-padded-512`, `falcon-1024`, `falcon-padded-1024`) and noble accept, in both the compressed and the padded
 * detached forms.
 *
 * The public key h comes pre-transformed (the SDK's expanded key E): n 4-byte big-endian values
 * NTT(h)[i]·2^16·n⁻¹ mod q, in memory as {FalconNTT} lanes. Polynomials use {FalconNTT}'s layout: n/8 words of
 * eight 32-bit lanes, coefficient 8w + j in lane j (most significant first) of word w.
 */
library Falcon {
    uint256 private constant Q = 12289;
    /// @dev Bytes before the compressed s2: the header 0x30 + logn and the 40-byte nonce.
    uint256 private constant PREFIX = 41;
    /// @dev q in every lane, twice.
    uint256 private constant TWO_Q = 0x0000600200006002000060020000600200006002000060020000600200006002;

    /// @dev Fixed length of a padded detached signature.
    function paddedLength(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 666 : 1280;
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
     * @dev Parses a detached signature `0x30 + logn ‖ nonce ‖ compressed s2 [‖ zero padding]` and decodes s2 into
     * fresh memory as lanes q + s2[i] (in [q − 2047, q + 2047]), returning ‖s2‖². `ok` is false for anything the
     * reference rejects:
     *
     * - a header other than 0x30 + logn, or a length that is neither the padded length nor between 41 and the
     *   compressed maximum;
     * - per coefficient (sign bit, 7 low bits, unary high bits ending in a one): a run of 16 zeros (|s| > 2047),
     *   a negative zero, or an encoding that runs past the end;
     * - a non-zero bit after the encoding (in its last byte or, padded, anywhere up to the end);
     * - compressed (not padded): unused bytes after the encoding's last byte.
     *
     * Gas is bounded: at most 16 unary steps per coefficient.
     */
    function decodeSignature(uint256 logn, bytes calldata signature)
        internal
        pure
        returns (bool ok, uint256 s2, uint256 s2Norm)
    {
        uint256 length = signature.length;
        bool padded = length == paddedLength(logn);
        if (length < PREFIX || uint8(signature[0]) != 0x30 + logn || (!padded && length > maxCompressedLength(logn))) {
            return (false, 0, 0);
        }
        assembly ("memory-safe") {
            let bytesLength := shl(logn, 4)
            s2 := mload(0x40)
            mstore(0x40, add(s2, bytesLength))
            let base := add(signature.offset, PREFIX)
            let payload := sub(length, PREFIX)
            let position := 0
            let bad := 0
            for {
                let out := s2
                let end := add(s2, bytesLength)
            } lt(out, end) {
                out := add(out, 0x20)
            } {
                let word := 0
                for { let j := 0 } lt(j, 8) { j := add(j, 1) } {
                    // The next 249+ bits of the stream, first one at the top. Bytes past the calldata read as 0 and
                    // bytes past the signature are caught by the length check below.
                    let bits := shl(and(position, 7), calldataload(add(base, shr(3, position))))
                    let rest := shl(8, bits)
                    let high := 0
                    for {} and(iszero(shr(255, rest)), lt(high, 16)) {} {
                        high := add(high, 1)
                        rest := shl(1, rest)
                    }
                    position := add(position, add(9, high))
                    let magnitude := or(and(shr(248, bits), 0x7f), shl(7, high))
                    let negative := shr(255, bits)
                    bad := or(bad, or(eq(high, 16), and(negative, iszero(magnitude))))
                    s2Norm := add(s2Norm, mul(magnitude, magnitude))
                    word := or(shl(32, word), sub(add(Q, magnitude), mul(negative, shl(1, magnitude))))
                }
                mstore(out, word)
            }
            bad := or(bad, gt(position, shl(3, payload)))
            let used := shr(3, add(position, 7))
            if iszero(padded) {
                bad := or(bad, iszero(eq(used, payload)))
            }
            // The unused low bits of the encoding's last byte, then every following byte of the signature.
            if and(position, 7) {
                bad := or(bad, and(byte(0, calldataload(add(base, shr(3, position)))), shr(and(position, 7), 0xff)))
            }
            for { let offset := used } lt(offset, payload) { offset := add(offset, 0x20) } {
                let chunk := calldataload(add(base, offset))
                let remaining := sub(payload, offset)
                if lt(remaining, 0x20) {
                    chunk := shr(shl(3, sub(0x20, remaining)), chunk)
                }
                bad := or(bad, chunk)
            }
            ok := iszero(bad)
        }
    }

    /**
     * @dev Whether ‖(s1, s2)‖² ≤ ⌊β²⌋ for s1 = c − s2·h mod q, centred in [−(q − 1)/2, (q − 1)/2]. `s2` holds the
     * decoded s2 lanes (below 2^16) and is overwritten; `c` holds HashToPoint(nonce ‖ message) (lanes below q);
     * `expandedKey` the public key's expanded form (lanes below q).
     */
    function isShort(uint256 logn, uint256 c, uint256 s2, uint256 s2Norm, uint256 expandedKey)
        internal
        pure
        returns (bool)
    {
        uint256 words = 1 << (logn - 3);
        uint256 zetas = FalconNTT.loadZetas();
        FalconNTT.forward(s2, words, zetas);
        FalconNTT.multiplyMontgomery(s2, expandedKey, words);
        FalconNTT.inverse(s2, words, zetas);
        uint256 norm = s2Norm;
        assembly ("memory-safe") {
            for { let end := add(c, shl(5, words)) } lt(c, end) {
                c := add(c, 0x20)
                s2 := add(s2, 0x20)
            } {
                // Lanes of c + 2q − s2·h are in (0, 3q); each is reduced, centred and squared on its own. A centred
                // negative value x − q squares correctly in two's complement.
                let v := sub(add(mload(c), TWO_Q), mload(s2))
                for { let shift := 224 } 1 { shift := sub(shift, 32) } {
                    let x := mod(and(shr(shift, v), 0xffffffff), Q)
                    x := sub(x, mul(gt(x, 6144), Q))
                    norm := add(norm, mul(x, x))
                    if iszero(shift) { break }
                }
            }
        }
        return norm <= normBound(logn);
    }
}
