// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FalconNTT} from "./FalconNTT.sol";

/**
 * @dev On-chain Falcon public key expansion: from a round-3 public key pk = `0x00 + logn ‖ h as 14-bit fields`
 * (Falcon-512: 897 bytes, Falcon-1024: 1,793) it builds the expanded key E that {Falcon} verifies with, byte for byte
 * as the SDK's `expandFalconPublicKey` lays it out: for i < n, the 4-byte big-endian value of h's residues in
 * {FalconNTT}'s transform domain ({FalconNTT-forward}) times 2^16·(n/8)⁻¹ mod q, reduced below q.
 *
 * Decoding is the reference's: the header must be 0x00 + logn, and every coefficient of h below q = 12289 (the
 * reference's `modq_decode` rejects the key otherwise). Used once per key by {FalconKeyAttestor}.
 */
library FalconKeyExpansion {
    uint256 private constant Q = 12289;

    /// @dev The public key's length for Falcon-2^`logn` (9 or 10).
    function publicKeyLength(uint256 logn) internal pure returns (uint256) {
        return logn == 9 ? 897 : 1793;
    }

    /**
     * @dev E (4·n bytes) of `publicKey` for Falcon-2^`logn` (9 or 10); `ok` false (and E empty) for a public key
     * of another length, another header or a coefficient of q or more.
     */
    function expand(uint256 logn, bytes calldata publicKey) internal pure returns (bool ok, bytes memory expandedKey) {
        if (publicKey.length != publicKeyLength(logn) || uint8(publicKey[0]) != logn) return (false, expandedKey);
        uint256 words = 1 << (logn - 3);
        expandedKey = new bytes(words << 5);
        uint256 p;
        uint256 input;
        assembly ("memory-safe") {
            p := add(expandedKey, 0x20)
            input := add(publicKey.offset, 1)
        }
        if (!decodeFields(input, p, words)) return (false, new bytes(0));
        transform(p, words);
        ok = true;
    }

    /**
     * @dev Decodes `words` × 8 big-endian 14-bit fields at calldata `input` (14 bytes a word) into memory at `p` as
     * {FalconNTT} lanes (coefficient 8w + j in lane j of word w); false if a field is q or more.
     */
    function decodeFields(uint256 input, uint256 p, uint256 words) internal pure returns (bool valid) {
        bool bad;
        assembly ("memory-safe") {
            for { let w := 0 } lt(w, words) { w := add(w, 1) } {
                let fields := shr(144, calldataload(add(input, mul(w, 14))))
                let lanes := 0
                for { let j := 0 } lt(j, 8) { j := add(j, 1) } {
                    let x := and(shr(sub(98, mul(14, j)), fields), 0x3fff)
                    bad := or(bad, iszero(lt(x, Q)))
                    lanes := or(shl(32, lanes), x)
                }
                mstore(add(p, shl(5, w)), lanes)
            }
        }
        valid = !bad;
    }

    /**
     * @dev E from h's lanes (below q) at `p`, in place: {FalconNTT-forward}, then each lane reduced and multiplied by
     * 2^16·(n/8)⁻¹ mod q.
     */
    function transform(uint256 p, uint256 words) internal pure {
        FalconNTT.forward(p, words, FalconNTT.loadTwiddles());
        // 2^16·(n/8)⁻¹ = 2^16 / words exactly: n/8 = words is a power of two below 2^16.
        uint256 factor = 65536 / words;
        assembly ("memory-safe") {
            for { let w := 0 } lt(w, words) { w := add(w, 1) } {
                let at := add(p, shl(5, w))
                let lanes := mload(at)
                let out := 0
                for { let j := 0 } lt(j, 8) { j := add(j, 1) } {
                    let x := and(shr(sub(224, shl(5, j)), lanes), 0xffffffff)
                    out := or(shl(32, out), mulmod(x, factor, Q))
                }
                mstore(at, out)
            }
        }
    }
}
