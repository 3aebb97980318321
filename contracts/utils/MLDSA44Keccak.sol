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

    /// @dev The top lane of a word, and the other three (as {MLDSA44} packs −c).
    uint256 private constant TOP_LANE = 0xffffffffffffffff000000000000000000000000000000000000000000000000;
    uint256 private constant LOW_LANES = 0xffffffffffffffffffffffffffffffffffffffffffffffff;
    /// @dev −(+1) = q − 1 in a word's top lane, and that lane's lowest bit.
    uint256 private constant MINUS_ONE = 0x7fe000000000000000000000000000000000000000000000000000;
    uint256 private constant SIGN_BIT = 0x1000000000000000000000000000000000000000000000000;

    /**
     * @dev ETHDILITHIUM's verification of `signature` over `message` with `context` (M′ = 0 ‖ |ctx| ‖ ctx ‖ M, as
     * ML-DSA's pure mode), under the expanded key `expandedKey`: false for a wrong-length key or σ, |ctx| > 255, a
     * malformed σ, or a signature that does not verify. Never reverts on any input of these types (only where
     * {MLDSAInverseNTT} is not deployed).
     */
    function verify(bytes memory expandedKey, bytes memory message, bytes memory context, bytes calldata signature)
        internal
        view
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
        assembly ("memory-safe") {
            expanded := add(expandedKey, 0x20)
        }
        // μ ‖ w1Encode(w1′): the input of the final hash, μ first.
        bytes memory transcript = new bytes(64 + W1_BYTES);
        uint256 transcriptData;
        assembly ("memory-safe") {
            transcriptData := add(transcript, 0x20)
        }
        // As {MLDSA44-verify}: the hashes' temporary memory goes in the products' rows, which hold nothing before
        // {MLDSA44-computeW1}, instead of growing memory.
        uint256 free = MLDSA44._useScratch(z + MLDSA44.PRODUCTS_OFFSET);
        _mu(expanded, message, context, transcriptData);
        if (!_sampleInBall(signature[0:32], z + MLDSA44.C_OFFSET)) return false;
        MLDSA44._useScratch(free);
        MLDSA44.computeW1(expanded, signature, z, transcriptData + 64);
        bytes32 cTildePrime;
        assembly ("memory-safe") {
            mstore(0, keccak256(transcriptData, add(64, W1_BYTES)))
            mstore(0x20, 0)
            cTildePrime := keccak256(0, 40)
        }
        return cTildePrime == bytes32(signature[0:32]);
    }

    /**
     * @dev μ, the first 64 bytes of the keccak-CTR stream of tr ‖ M′ (M′ = 0 ‖ |ctx| ‖ ctx ‖ M), written at `out`.
     * tr ‖ M′ is assembled in free memory without allocating it (nothing else is written before it is hashed), and
     * the stream's blocks keccak256(state ‖ uint64_be(i)) are hashed from the scratch space (state in 0x00 … 0x1f,
     * i in 0x20 … 0x27). Plain reference: {MLDSA44KeccakReference-mu}.
     */
    function _mu(uint256 expanded, bytes memory message, bytes memory context, uint256 out) internal pure {
        assembly ("memory-safe") {
            let p := mload(0x40)
            mcopy(p, add(expanded, TR_OFFSET), 64)
            mstore8(add(p, 64), 0)
            mstore8(add(p, 65), mload(context))
            mcopy(add(p, 66), add(context, 0x20), mload(context))
            mcopy(add(add(p, 66), mload(context)), add(message, 0x20), mload(message))
            mstore(0, keccak256(p, add(66, add(mload(context), mload(message)))))
            mstore(0x20, 0)
            mstore(out, keccak256(0, 40))
            mstore(0x20, shl(192, 1))
            mstore(add(out, 0x20), keccak256(0, 40))
        }
    }

    /**
     * @dev SampleInBall from the keccak-CTR stream of c̃ = `cTilde` (32 bytes), storing −c at `negC` as
     * {MLDSA44-_sampleLanes} does: the stream's first 8 bytes are the signs, least significant bit first, then
     * single-byte draws j ≤ i for i in [217, 256) (see {SAMPLE_BLOCKS}). The stream's 32-byte blocks are hashed one
     * at a time, as the draws reach them, from the scratch space (see {_mu}); usually two are needed. Returns false
     * if the {SAMPLE_BLOCKS} blocks run out first. Plain reference: {MLDSA44KeccakReference-sampleInBall}.
     */
    function _sampleInBall(bytes calldata cTilde, uint256 negC) internal pure returns (bool done) {
        assembly ("memory-safe") {
            calldatacopy(0, cTilde.offset, 32)
            mstore(0, keccak256(0, 32))
            mstore(0x20, 0)
            let stream := keccak256(0, 40)
            // Sign t is bit t of the stream's bytes 0 … 7 read little-endian: the byte reversal of its top 8 bytes, kept
            // at bit 192 on (a top lane's lowest bit) and moved down a bit per position.
            let signs := shr(192, stream)
            signs := or(shr(8, and(signs, 0xff00ff00ff00ff00)), and(shl(8, signs), 0xff00ff00ff00ff00))
            signs := or(shr(16, and(signs, 0xffff0000ffff0000)), and(shl(16, signs), 0xffff0000ffff0000))
            signs := shl(192, or(shr(32, signs), and(shl(32, signs), 0xffffffff00000000)))
            let i := 217
            let k := 8
            let b := 1
            // One loop, one test of the block's end per draw; a block is hashed when the draws reach it.
            for {} 1 {} {
                let j := byte(k, stream)
                if iszero(gt(j, i)) {
                    // c[i] = c[j] and c[j] = −(−1)^sign (q − 1 or 1 in the top lane), as {MLDSA44-_sampleLanes}, whose
                    // comments say why the two stores are safe.
                    let pj := add(negC, shl(3, j))
                    mstore(add(negC, shl(3, i)), and(mload(pj), TOP_LANE))
                    mstore(pj, or(and(mload(pj), LOW_LANES), sub(MINUS_ONE, mul(and(signs, SIGN_BIT), 8380415))))
                    signs := shr(1, signs)
                    i := add(i, 1)
                    if eq(i, 256) { break }
                }
                k := add(k, 1)
                if eq(k, 32) {
                    if eq(b, SAMPLE_BLOCKS) { break }
                    mstore(0x20, shl(192, b))
                    stream := keccak256(0, 40)
                    b := add(b, 1)
                    k := 0
                }
            }
            done := eq(i, 256)
        }
    }
}
