// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSAKeyExpansion} from "./MLDSAKeyExpansion.sol";

/**
 * @dev On-chain key expansion of ETHDILITHIUM, ZKNox's keccak variant of ML-DSA-44 (see {MLDSA44Keccak}; NOT
 * FIPS 204): from pk = ρ ‖ t1 (1,312 bytes) it builds the E = Â ‖ t̂1 ‖ tr that {MLDSA44Keccak} verifies with, byte
 * for byte as the SDK's `expandMldsa44KeccakPublicKey` lays it out. It is {MLDSAKeyExpansion}'s layout and t̂1 with
 * the variant's two hashes on the keccak-CTR stream (state = keccak256(x), block b = keccak256(state ‖ uint64_be(b))):
 *
 * - Â[i][j]: RejNTTPoly's rejection sampling on the stream of ρ ‖ j ‖ i;
 * - tr: the first 64 bytes of the stream of pk.
 */
library MLDSA44KeccakKeyExpansion {
    uint256 internal constant PUBLIC_KEY_LENGTH = 1312;
    uint256 private constant K = 4;
    uint256 private constant L = 4;
    uint256 private constant POLY_BYTES = 1024;
    uint256 private constant TR_BYTES = 64;
    /// @dev Keccak blocks of a first sampling attempt: 27 (864 bytes, 288 candidates for 256 coefficients); then 3
    /// more (96 bytes, four groups of eight candidates) per retry, as rare as for SHAKE128 (see {MLDSAKeyExpansion}).
    uint256 private constant FIRST_BLOCKS = 27;
    uint256 private constant MORE_BLOCKS = 3;

    /// @dev E = Â ‖ t̂1 ‖ tr (20,544 bytes) of `publicKey`, which must be {PUBLIC_KEY_LENGTH} bytes.
    function expand(bytes calldata publicKey) internal pure returns (bytes memory expandedKey) {
        expandedKey = new bytes((K * L + K) * POLY_BYTES + TR_BYTES);
        uint256 out;
        assembly ("memory-safe") {
            out := add(expandedKey, 0x20)
        }
        for (uint256 i = 0; i < K; ++i) {
            for (uint256 j = 0; j < L; ++j) {
                bytes32 state;
                assembly ("memory-safe") {
                    let seed := mload(0x40)
                    calldatacopy(seed, publicKey.offset, 32)
                    mstore8(add(seed, 32), j)
                    mstore8(add(seed, 33), i)
                    state := keccak256(seed, 34)
                }
                _rejNttPoly(state, out);
                out += POLY_BYTES;
            }
        }
        MLDSAKeyExpansion.writeT1Hat(publicKey, K, out);
        out += K * POLY_BYTES;
        assembly ("memory-safe") {
            let copy := mload(0x40)
            calldatacopy(copy, publicKey.offset, publicKey.length)
            let state := keccak256(copy, publicKey.length)
            mstore(0, state)
            mstore(0x20, 0)
            mstore(out, keccak256(0, 40))
            mstore(0x20, shl(192, 1))
            mstore(add(out, 0x20), keccak256(0, 40))
        }
    }

    /**
     * @dev RejNTTPoly of the keccak-CTR stream whose state is `state` into the 1 KiB at `out` (through
     * {MLDSAKeyExpansion-sampleUniform}), with {FIRST_BLOCKS} blocks and {MORE_BLOCKS} more per retry. The stream is
     * written at the free memory pointer, which does not move.
     */
    function _rejNttPoly(bytes32 state, uint256 out) private pure {
        uint256 stream;
        assembly ("memory-safe") {
            stream := mload(0x40)
        }
        uint256 count = 0;
        for (uint256 blocks = FIRST_BLOCKS; count < 256; blocks += MORE_BLOCKS) {
            assembly ("memory-safe") {
                mstore(0, state)
                for { let b := 0 } lt(b, blocks) { b := add(b, 1) } {
                    mstore(0x20, shl(192, b))
                    mstore(add(stream, shl(5, b)), keccak256(0, 40))
                }
            }
            count = MLDSAKeyExpansion.sampleUniform(stream, blocks * 32, out);
        }
    }
}
