// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44} from "./MLDSA44.sol";

/**
 * @dev ETHDILITHIUM: ZKNox's keccak variant of ML-DSA-44 (ZKNoxHQ/ETHDILITHIUM), NOT ML-DSA as FIPS 204 specifies
 * it and not NIST-approved. It keeps ML-DSA-44's sizes, encodings, arithmetic and checks, and replaces every
 * SHAKE call by a keccak-CTR stream: for an input x, state = keccak256(x) and block i = keccak256(state ‖
 * uint64_be(i)), read in order. So μ is the first 64 bytes of the stream of tr ‖ M′, SampleInBall reads the stream
 * of c̃, and c̃′ is the first 32 bytes of the stream of μ ‖ w1Encode(w1′). ExpandA and tr are keccak-CTR too, which
 * only the SDK's key expansion sees: the verifier reads E = Â ‖ t̂1 ‖ tr as {MLDSA44} does.
 *
 * Everything between the hashes is {MLDSA44}'s (z and hint decoding with every check, the products, UseHint,
 * w1Encode), called as it is.
 */
library MLDSA44Keccak {
    /// @dev Where tr is in E, after the 20 polynomials of 1 KiB.
    uint256 private constant TR_OFFSET = 20480;
    /// @dev w1Encode(w1) is 4 × 192 bytes, hashed after the 64-byte μ.
    uint256 private constant W1_BYTES = 768;
    /**
     * @dev SampleInBall's stream is cut at 9 blocks (288 bytes: 8 sign bytes and 280 draws), which bounds the gas; a
     * draw is accepted with probability ≥ 218/256, so 280 draws accept fewer than 39 times with probability far
     * below 2^-400, and such a c̃ is rejected.
     */
    uint256 private constant SAMPLE_BLOCKS = 9;

    /**
     * @dev ETHDILITHIUM's verification of `signature` over `message` with `context` (M′ = 0 ‖ |ctx| ‖ ctx ‖ M, as
     * ML-DSA's pure mode), under the expanded key `expandedKey`: false for a wrong-length key or σ, |ctx| > 255, a
     * malformed σ, or a signature that does not verify. Never reverts on any input of these types.
     */
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        internal
        pure
        returns (bool)
    {
        if (
            expandedKey.length != MLDSA44.EXPANDED_KEY_LENGTH ||
            signature.length != MLDSA44.SIGNATURE_LENGTH ||
            context.length > 255
        ) {
            return false;
        }
        (bool ok, uint256 z) = MLDSA44.decodeSignature(signature);
        if (!ok) return false;
        uint256 expanded;
        bytes32 tr0;
        bytes32 tr1;
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
            tr0 := mload(add(expanded, TR_OFFSET))
            tr1 := mload(add(expanded, add(TR_OFFSET, 0x20)))
        }
        // μ ‖ w1Encode(w1′): the input of the final hash, μ first.
        bytes memory transcript = new bytes(64 + W1_BYTES);
        bytes32 muState = keccak256(abi.encodePacked(tr0, tr1, bytes1(0), uint8(context.length), context, message));
        bytes32 mu0 = _block(muState, 0);
        bytes32 mu1 = _block(muState, 1);
        uint256 transcriptData;
        assembly ("memory-safe") {
            transcriptData := add(transcript, 0x20)
            mstore(transcriptData, mu0)
            mstore(add(transcriptData, 0x20), mu1)
        }
        if (!_sampleInBall(signature, z + MLDSA44.C_OFFSET)) return false;
        MLDSA44.computeW1(expanded, signature, z, transcriptData + 64);
        return _block(keccak256(transcript), 0) == bytes32(signature[0:32]);
    }

    /// @dev Block `i` of the keccak-CTR stream with state `state`.
    function _block(bytes32 state, uint64 i) private pure returns (bytes32) {
        return keccak256(abi.encodePacked(state, i));
    }

    /**
     * @dev SampleInBall from the keccak-CTR stream of c̃ = σ[0:32], storing −c at `negC` as {MLDSA44}'s does: the
     * first 8 bytes are the signs, least significant bit first, then single-byte draws (see {SAMPLE_BLOCKS}).
     */
    function _sampleInBall(bytes calldata signature, uint256 negC) private pure returns (bool) {
        bytes32 state = keccak256(signature[0:32]);
        bytes memory stream = new bytes(32 * SAMPLE_BLOCKS);
        uint256 signs;
        for (uint64 i = 0; i < SAMPLE_BLOCKS; ++i) {
            bytes32 output = _block(state, i);
            assembly ("memory-safe") {
                mstore(add(add(stream, 0x20), shl(5, i)), output)
            }
        }
        for (uint256 m = 0; m < 8; ++m) signs |= uint256(uint8(stream[m])) << (8 * m);
        return MLDSA44._sampleFrom(stream, 8, 256 - 39, signs, negC) == 256;
    }
}
