// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity references for the assembly routines of {MLDSA44} that ML-DSA-44 does not share with
 * {MLDSA65}, written from FIPS 204 with one coefficient at a time. Polynomials are 256 coefficients in uint256[256].
 */
library MLDSA44Reference {
    uint256 private constant Q = 8380417;
    uint256 private constant GAMMA1 = 131072;
    uint256 private constant BETA = 78;
    uint256 private constant GAMMA2 = 95232;
    uint256 private constant OMEGA = 80;
    uint256 private constant HINT_OFFSET = 2336;

    /**
     * @dev BitUnpack(·, γ1 − 1, γ1) (Algorithm 19) of the four z polynomials, each coefficient as q + γ1 − raw, and
     * whether every one has ‖z‖∞ < γ1 − β.
     */
    function decodeZ(bytes memory signature) internal pure returns (bool ok, uint256[256][4] memory z) {
        ok = true;
        for (uint256 j = 0; j < 4; j++) {
            for (uint256 c = 0; c < 256; c++) {
                uint256 bit = 18 * (256 * j + c);
                uint256 raw;
                for (uint256 b = 0; b < 18; b++) {
                    uint256 at = bit + b;
                    raw |= uint256((uint8(signature[32 + at / 8]) >> (at % 8)) & 1) << b;
                }
                // z = γ1 − raw; |z| < γ1 − β.
                int256 value = int256(GAMMA1) - int256(raw);
                if (value >= int256(GAMMA1 - BETA) || -value >= int256(GAMMA1 - BETA)) ok = false;
                z[j][c] = Q + GAMMA1 - raw;
            }
        }
    }

    /// @dev Decompose (Algorithm 36): r1 with r = r1·2γ2 + r0, r0 in (−γ2, γ2], and the wrap at q − 1.
    function decompose(uint256 r) internal pure returns (uint256 r1, int256 r0) {
        r = r % Q;
        r0 = int256(r % (2 * GAMMA2));
        if (r0 > int256(GAMMA2)) r0 -= int256(2 * GAMMA2);
        if (int256(r) - r0 == int256(Q - 1)) return (0, r0 - 1);
        r1 = uint256(int256(r) - r0) / (2 * GAMMA2);
    }

    /**
     * @dev w1Encode (Algorithm 28) of UseHint(h_i, w) (Algorithm 40) for row i of w, its hint read from σ with
     * HintBitUnpack (Algorithm 21; σ is assumed well formed).
     */
    function useHintAndEncode(uint256[256] memory w, bytes memory signature, uint256 i) internal pure returns (bytes memory out) {
        bool[256] memory h;
        uint256 start = i == 0 ? 0 : uint8(signature[HINT_OFFSET + OMEGA + i - 1]);
        uint256 end = uint8(signature[HINT_OFFSET + OMEGA + i]);
        for (uint256 index = start; index < end; index++) h[uint8(signature[HINT_OFFSET + index])] = true;
        out = new bytes(192);
        for (uint256 c = 0; c < 256; c++) {
            (uint256 r1, int256 r0) = decompose(w[c]);
            if (h[c]) r1 = r0 > 0 ? (r1 + 1) % 44 : (r1 + 43) % 44;
            // 6 bits per coefficient, least significant bit first.
            for (uint256 b = 0; b < 6; b++) {
                uint256 at = 6 * c + b;
                out[at / 8] = bytes1(uint8(out[at / 8]) | uint8(((r1 >> b) & 1) << (at % 8)));
            }
        }
    }
}
