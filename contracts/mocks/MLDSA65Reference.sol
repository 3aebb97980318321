// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity references for the z decoding and UseHint + w1Encode of {MLDSA65} and {MLDSA87} (γ1 = 2^19,
 * 20-bit fields; γ2 = (q − 1)/32, 4-bit r1) and for the hint check of all three sets, written from FIPS 204 with one
 * coefficient (one hint byte) at a time.
 */
library MLDSA65Reference {
    uint256 private constant Q = 8380417;
    uint256 private constant GAMMA1 = 524288;
    uint256 private constant GAMMA2 = 261888;

    /**
     * @dev BitUnpack(·, γ1 − 1, γ1) (Algorithm 19) of the `polynomials` z polynomials that start at byte `offset` of
     * σ (after c̃), each coefficient as q + γ1 − raw in order, and whether every one has ‖z‖∞ < γ1 − β.
     */
    function decodeZ(bytes memory signature, uint256 offset, uint256 polynomials, uint256 beta)
        internal
        pure
        returns (bool ok, uint256[] memory z)
    {
        ok = true;
        z = new uint256[](256 * polynomials);
        for (uint256 c = 0; c < z.length; c++) {
            // Bits 20c … 20c + 19 of z's bytes read as a little-endian integer: within the three bytes from bit 20c.
            uint256 at = offset + (20 * c) / 8;
            uint256 bytesLE = uint256(uint8(signature[at])) |
                (uint256(uint8(signature[at + 1])) << 8) |
                (uint256(uint8(signature[at + 2])) << 16);
            uint256 raw = (bytesLE >> ((20 * c) % 8)) & (2 ** 20 - 1);
            // z = γ1 − raw; |z| < γ1 − β.
            int256 value = int256(GAMMA1) - int256(raw);
            if (value >= int256(GAMMA1 - beta) || -value >= int256(GAMMA1 - beta)) ok = false;
            z[c] = Q + GAMMA1 - raw;
        }
    }

    /**
     * @dev Whether HintBitUnpack (Algorithm 21) accepts the hint of σ that starts at byte `offset` (ω position bytes,
     * then k counts): each count at least the one before and at most ω, the positions of each polynomial strictly
     * increasing, and the position bytes after the last count zero.
     */
    function hintWellFormed(bytes memory signature, uint256 offset, uint256 omega, uint256 k) internal pure returns (bool) {
        uint256 index = 0;
        for (uint256 i = 0; i < k; i++) {
            uint256 end = uint8(signature[offset + omega + i]);
            if (end < index || end > omega) return false;
            uint256 first = index;
            for (; index < end; index++) {
                if (index > first && uint8(signature[offset + index]) <= uint8(signature[offset + index - 1])) return false;
            }
        }
        for (; index < omega; index++) if (signature[offset + index] != 0) return false;
        return true;
    }

    /// @dev Decompose (Algorithm 36) for γ2 = (q − 1)/32: r1 with r = r1·2γ2 + r0, r0 in (−γ2, γ2], and the wrap at q − 1.
    function decompose(uint256 r) internal pure returns (uint256 r1, int256 r0) {
        r = r % Q;
        r0 = int256(r % (2 * GAMMA2));
        if (r0 > int256(GAMMA2)) r0 -= int256(2 * GAMMA2);
        if (int256(r) - r0 == int256(Q - 1)) return (0, r0 - 1);
        r1 = uint256(int256(r) - r0) / (2 * GAMMA2);
    }

    /**
     * @dev w1Encode (Algorithm 28) of UseHint(h_i, w) (Algorithm 40) for row i of w, its hint (ω position bytes, then
     * the counts, at byte `offset` of σ) read with HintBitUnpack (Algorithm 21; σ is assumed well formed).
     */
    function useHintAndEncode(uint256[256] memory w, bytes memory signature, uint256 i, uint256 offset, uint256 omega)
        internal
        pure
        returns (bytes memory out)
    {
        bool[256] memory h;
        uint256 start = i == 0 ? 0 : uint8(signature[offset + omega + i - 1]);
        uint256 end = uint8(signature[offset + omega + i]);
        for (uint256 index = start; index < end; index++) h[uint8(signature[offset + index])] = true;
        out = new bytes(128);
        for (uint256 c = 0; c < 256; c++) {
            (uint256 r1, int256 r0) = decompose(w[c]);
            if (h[c]) r1 = r0 > 0 ? (r1 + 1) % 16 : (r1 + 15) % 16;
            // 4 bits per coefficient, the even one in the low nibble.
            out[c / 2] = bytes1(uint8(out[c / 2]) | uint8(r1 << (4 * (c % 2))));
        }
    }
}
