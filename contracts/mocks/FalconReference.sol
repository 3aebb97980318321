// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SHAKE} from "../utils/SHAKE.sol";
import {FalconNTTReference} from "./FalconNTTReference.sol";

/**
 * @dev Plain-Solidity reference for {Falcon}: the signature decoded bit by bit, HashToPoint from whole SHAKE256
 * output blocks, the norm one coefficient at a time. Slow and obviously correct, for differential tests only.
 */
library FalconReference {
    uint256 internal constant Q = 12289;

    /**
     * @dev The reference's three formats: CT (`trim_i16_decode`, 12-bit two's complement fields, −2048 rejected), or
     * the specification's decompression with the reference's checks on what may follow (see {Falcon}).
     */
    function decodeSignature(uint256 logn, bytes memory signature) internal pure returns (bool, int256[] memory s2) {
        uint256 n = 1 << logn;
        s2 = new int256[](n);
        if (signature.length == 41 + n * 12 / 8 && uint8(signature[0]) == 0x50 + logn) {
            for (uint256 i = 0; i < n; i++) {
                uint256 field = 0;
                for (uint256 b = 0; b < 12; b++) field = (field << 1) | _bit(signature, 12 * i + b);
                if (field == 2048) return (false, s2);
                s2[i] = field < 2048 ? int256(field) : int256(field) - 4096;
            }
            return (true, s2);
        }
        bool padded = signature.length == (logn == 9 ? 666 : 1280);
        if (signature.length < 41 || uint8(signature[0]) != 0x30 + logn) return (false, s2);
        if (!padded && signature.length > (logn == 9 ? 752 : 1462)) return (false, s2);
        uint256 totalBits = (signature.length - 41) * 8;
        uint256 position = 0;
        for (uint256 i = 0; i < n; i++) {
            if (position + 9 > totalBits) return (false, s2);
            uint256 negative = _bit(signature, position);
            uint256 magnitude = 0;
            for (uint256 b = 1; b <= 7; b++) magnitude = (magnitude << 1) | _bit(signature, position + b);
            position += 8;
            while (true) {
                if (position >= totalBits) return (false, s2);
                if (_bit(signature, position++) == 1) break;
                magnitude += 128;
                if (magnitude > 2047) return (false, s2);
            }
            if (negative == 1 && magnitude == 0) return (false, s2);
            s2[i] = negative == 1 ? -int256(magnitude) : int256(magnitude);
        }
        if (!padded && (position + 7) / 8 != totalBits / 8) return (false, s2);
        for (uint256 p = position; p < totalBits; p++) {
            if (_bit(signature, p) == 1) return (false, s2);
        }
        return (true, s2);
    }

    /// @dev SHAKE256(input) as 16-bit big-endian samples, those below 5q kept mod q, until there are n.
    function hashToPoint(uint256 logn, bytes memory input) internal pure returns (uint256[] memory c) {
        uint256 n = 1 << logn;
        c = new uint256[](n);
        SHAKE.Sponge memory sponge = SHAKE.absorb(input, SHAKE.RATE_256);
        uint256 count = 0;
        while (count < n) {
            bytes memory output = SHAKE.squeezeBlock(sponge);
            for (uint256 i = 0; i < output.length && count < n; i += 2) {
                uint256 sample = (uint256(uint8(output[i])) << 8) | uint8(output[i + 1]);
                if (sample < 5 * Q) c[count++] = sample % Q;
            }
        }
    }

    /**
     * @dev ‖(c − s2·h, s2)‖² with s1 centred, s2·h computed with {FalconNTTReference} from the expanded key's
     * values (which carry the factor 2^16·(n/8)⁻¹ that its multiply and inverse take out).
     */
    function norm(uint256[] memory c, int256[] memory s2, uint256[] memory expandedKey) internal pure returns (uint256 total) {
        uint256 n = c.length;
        uint256[] memory product = new uint256[](n);
        for (uint256 i = 0; i < n; i++) product[i] = uint256(int256(Q) + s2[i]) % Q;
        product = FalconNTTReference.inverse(FalconNTTReference.multiply(FalconNTTReference.forward(product), expandedKey));
        for (uint256 i = 0; i < n; i++) {
            uint256 s1 = (c[i] + Q - product[i]) % Q;
            uint256 centred = s1 > (Q - 1) / 2 ? Q - s1 : s1;
            total += centred * centred + uint256(s2[i] * s2[i]);
        }
    }

    function _bit(bytes memory signature, uint256 position) private pure returns (uint256) {
        return (uint8(signature[41 + position / 8]) >> (7 - (position % 8))) & 1;
    }
}
