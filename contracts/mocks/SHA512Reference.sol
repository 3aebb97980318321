// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev The plain-Solidity reference of {SHA512}: FIPS 180-4 §6.4 on 64-bit words, written to be read. The tests
 * compare {SHA512}'s assembly with it and both with noble's SHA-512.
 */
library SHA512Reference {
    /// @dev The 80 round constants K0 … K79, 8 bytes each, big-endian.
    bytes private constant K =
        hex"428a2f98d728ae227137449123ef65cdb5c0fbcfec4d3b2fe9b5dba58189dbbc3956c25bf348b53859f111f1b605d019923f82a4af194f9bab1c5ed5da6d8118d807aa98a303024212835b0145706fbe243185be4ee4b28c550c7dc3d5ffb4e272be5d74f27b896f80deb1fe3b1696b19bdc06a725c71235c19bf174cf692694e49b69c19ef14ad2efbe4786384f25e30fc19dc68b8cd5b5240ca1cc77ac9c652de92c6f592b02754a7484aa6ea6e4835cb0a9dcbd41fbd476f988da831153b5983e5152ee66dfaba831c66d2db43210b00327c898fb213fbf597fc7beef0ee4c6e00bf33da88fc2d5a79147930aa72506ca6351e003826f142929670a0e6e7027b70a8546d22ffc2e1b21385c26c9264d2c6dfc5ac42aed53380d139d95b3df650a73548baf63de766a0abb3c77b2a881c2c92e47edaee692722c851482353ba2bfe8a14cf10364a81a664bbc423001c24b8b70d0f89791c76c51a30654be30d192e819d6ef5218d69906245565a910f40e35855771202a106aa07032bbd1b819a4c116b8d2d0c81e376c085141ab532748774cdf8eeb9934b0bcb5e19b48a8391c0cb3c5c95a634ed8aa4ae3418acb5b9cca4f7763e373682e6ff3d6b2b8a3748f82ee5defb2fc78a5636f43172f6084c87814a1f0ab728cc702081a6439ec90befffa23631e28a4506cebde82bde9bef9a3f7b2c67915c67178f2e372532bca273eceea26619cd186b8c721c0c207eada7dd6cde0eb1ef57d4f7fee6ed17806f067aa72176fba0a637dc5a2c898a6113f9804bef90dae1b710b35131c471b28db77f523047d8432caab7b40c724933c9ebe0a15c9bebc431d67c49c100d4c4cc5d4becb3e42b6597f299cfc657e2a5fcb6fab3ad6faec6c44198c4a475817";

    /// @dev The digest of `data` as its two halves: bytes 0 … 31 and bytes 32 … 63.
    function hash(bytes memory data) internal pure returns (bytes32 first, bytes32 second) {
        // Padding: 0x80, zeros, and the bit length as 128 bits, to a multiple of 128 bytes.
        uint256 zeros = (239 - (data.length % 128)) % 128;
        bytes memory padded = bytes.concat(data, hex"80", new bytes(zeros), bytes16(uint128(data.length * 8)));
        uint64[8] memory h = [
            0x6a09e667f3bcc908,
            0xbb67ae8584caa73b,
            0x3c6ef372fe94f82b,
            0xa54ff53a5f1d36f1,
            0x510e527fade682d1,
            0x9b05688c2b3e6c1f,
            0x1f83d9abfb41bd6b,
            0x5be0cd19137e2179
        ];
        bytes memory k = K;
        uint64[80] memory w;
        for (uint256 offset = 0; offset < padded.length; offset += 128) {
            for (uint256 t = 0; t < 16; t++) w[t] = uint64(bytes8(_word(padded, offset + 8 * t)));
            _compress(h, w, k);
        }
        first = bytes32((uint256(h[0]) << 192) | (uint256(h[1]) << 128) | (uint256(h[2]) << 64) | uint256(h[3]));
        second = bytes32((uint256(h[4]) << 192) | (uint256(h[5]) << 128) | (uint256(h[6]) << 64) | uint256(h[7]));
    }

    /// @dev One compression of the state `h` with the message block whose first 16 words are in `w`.
    function _compress(uint64[8] memory h, uint64[80] memory w, bytes memory k) private pure {
        unchecked {
            for (uint256 t = 16; t < 80; t++) {
                uint64 w15 = w[t - 15];
                uint64 w2 = w[t - 2];
                uint64 s0 = _rotr(w15, 1) ^ _rotr(w15, 8) ^ (w15 >> 7);
                uint64 s1 = _rotr(w2, 19) ^ _rotr(w2, 61) ^ (w2 >> 6);
                w[t] = w[t - 16] + s0 + w[t - 7] + s1;
            }
            uint64 a = h[0];
            uint64 b = h[1];
            uint64 c = h[2];
            uint64 d = h[3];
            uint64 e = h[4];
            uint64 f = h[5];
            uint64 g = h[6];
            uint64 hh = h[7];
            for (uint256 t = 0; t < 80; t++) {
                uint64 t1 = hh +
                    (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) +
                    ((e & f) ^ (~e & g)) +
                    uint64(bytes8(_word(k, 8 * t))) +
                    w[t];
                uint64 t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
                hh = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }
            h[0] += a;
            h[1] += b;
            h[2] += c;
            h[3] += d;
            h[4] += e;
            h[5] += f;
            h[6] += g;
            h[7] += hh;
        }
    }

    function _rotr(uint64 x, uint64 n) private pure returns (uint64) {
        return (x >> n) | (x << (64 - n));
    }

    /// @dev The 32 bytes of `data` from `offset` (the caller keeps `offset + 8 <= data.length` and reads 8 of them).
    function _word(bytes memory data, uint256 offset) private pure returns (bytes32 word) {
        assembly ("memory-safe") {
            word := mload(add(add(data, 0x20), offset))
        }
    }
}
