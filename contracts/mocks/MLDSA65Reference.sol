// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference for the z decoding of {MLDSA65} and {MLDSA87} (γ1 = 2^19, 20-bit fields), written from
 * FIPS 204 with one coefficient at a time.
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
}
