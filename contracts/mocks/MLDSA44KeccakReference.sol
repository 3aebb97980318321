// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference of {MLDSA44Keccak}'s hashes (ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44: NOT
 * FIPS 204), written from its definition: the keccak-CTR stream of x has state = keccak256(x) and blocks
 * keccak256(state ‖ uint64_be(i)), read in order. Tests compare the assembly with it.
 */
library MLDSA44KeccakReference {
    /// @dev The first `blocks` 32-byte blocks of the keccak-CTR stream of `input`.
    function stream(bytes memory input, uint256 blocks) internal pure returns (bytes memory output) {
        bytes32 state = keccak256(input);
        output = new bytes(0);
        for (uint64 i = 0; i < blocks; i++) output = bytes.concat(output, keccak256(abi.encodePacked(state, i)));
    }

    /// @dev μ: the first 64 bytes of the stream of tr ‖ M′, M′ = 0 ‖ |ctx| ‖ ctx ‖ M.
    function mu(bytes memory tr, bytes memory message, bytes memory context) internal pure returns (bytes memory) {
        return stream(abi.encodePacked(tr, bytes1(0), uint8(context.length), context, message), 2);
    }

    /**
     * @dev SampleInBall (τ = 39) from the stream of c̃, cut at 9 blocks: the first 8 bytes are the signs (bit t of
     * bytes 0 … 7 read little-endian is position 217 + t's), then single-byte draws j ≤ i for each i in [217, 256);
     * ok = false if the 288 bytes run out first.
     */
    function sampleInBall(bytes32 cTilde) internal pure returns (bool ok, int256[256] memory c) {
        bytes memory bytes_ = stream(abi.encodePacked(cTilde), 9);
        uint256 signs = 0;
        for (uint256 m = 0; m < 8; m++) signs |= uint256(uint8(bytes_[m])) << (8 * m);
        uint256 k = 8;
        for (uint256 i = 217; i < 256; i++) {
            uint256 j;
            do {
                if (k == bytes_.length) return (false, c);
                j = uint8(bytes_[k++]);
            } while (j > i);
            c[i] = c[j];
            c[j] = (signs >> (i - 217)) & 1 == 1 ? -1 : int256(1);
        }
        ok = true;
    }
}
