// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600} from "../utils/KeccakF1600.sol";

/// @dev What the ML-DSA test harnesses share: a row given as 256 coefficients, laid out as the libraries take it.
library MLDSARows {
    /**
     * @dev `w` as a packed polynomial (four 64-bit lanes a word, coefficient c in the top lane bits of the 8 bytes at
     * `packed + 8c`) in fresh memory, with `slack` more bytes allocated past its 2,048.
     */
    function pack(uint256[256] memory w, uint256 slack) internal pure returns (uint256 packed) {
        assembly ("memory-safe") {
            packed := mload(0x40)
            mstore(0x40, add(packed, add(2048, slack)))
        }
        for (uint256 c = 0; c < 256; c++) {
            uint256 value = w[c];
            assembly ("memory-safe") {
                let at := add(packed, shl(3, c))
                mstore(at, or(and(mload(at), 0xffffffffffffffffffffffffffffffffffffffffffffffff), shl(192, value)))
            }
        }
    }

    /**
     * @dev A copy of `transcript` at the start of `roomBytes` of fresh memory, the data pointer returned: the room a
     * verifier allocates for μ ‖ w1Encode(w1′) and its padding. It lies above the memory the permutation borrows, as in
     * verification, where it lies above the expanded key.
     */
    function transcriptRoom(bytes memory transcript, uint256 roomBytes) internal pure returns (uint256 data) {
        uint256 borrowedEnd = KeccakF1600.BORROWED_END;
        assembly ("memory-safe") {
            if lt(mload(0x40), borrowedEnd) { mstore(0x40, borrowedEnd) }
        }
        bytes memory room = new bytes(roomBytes);
        assembly ("memory-safe") {
            data := add(room, 0x20)
            mcopy(data, add(transcript, 0x20), mload(transcript))
        }
    }
}
