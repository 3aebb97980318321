// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity references for the z decoding of {MLDSA65} and {MLDSA87} (γ1 = 2^19, 20-bit fields) and for the
 * hint check of all three sets, written from FIPS 204 with one coefficient (one hint byte) at a time.
 */
library MLDSA65Reference {
    uint256 private constant Q = 8380417;
    uint256 private constant GAMMA1 = 524288;

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
}
