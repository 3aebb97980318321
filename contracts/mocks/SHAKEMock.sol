// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600} from "../utils/KeccakF1600.sol";
import {SHAKE} from "../utils/SHAKE.sol";
import {KeccakF1600Reference} from "./KeccakF1600Reference.sol";

/// @dev Exposes {KeccakF1600}, {KeccakF1600Reference} and {SHAKE} to the tests.
contract SHAKEMock {
    uint256 private constant BORROWED_END = 0x470; // {KeccakF1600-BORROWED_END}, which assembly cannot name

    function permute(uint256[25] memory state) external pure returns (uint256[25] memory) {
        KeccakF1600.permute(state);
        return state;
    }

    function permuteReference(uint64[25] memory state) external pure returns (uint64[25] memory) {
        KeccakF1600Reference.permute(state);
        return state;
    }

    /// @dev Whether memory allocated before a permutation (below and above the region it borrows) is intact after it.
    function permutePreservesMemory() external pure returns (bool) {
        bytes memory low = new bytes(1000);
        for (uint256 i = 0; i < low.length; i++) low[i] = bytes1(uint8(i * 7 + 3));
        uint256[25] memory state;
        bytes memory high = new bytes(3000);
        for (uint256 i = 0; i < high.length; i++) high[i] = bytes1(uint8(i * 13 + 5));
        bytes32 before = keccak256(bytes.concat(low, high));
        KeccakF1600.permute(state);
        // A second state above everything borrowed (the first one lies inside the borrowed region).
        uint256[25] memory above;
        KeccakF1600.permute(above);
        return keccak256(bytes.concat(low, high)) == before && state[0] == 0xf1258f7940e1dde7
            && keccak256(abi.encode(above)) == keccak256(abi.encode(state));
    }

    /// @dev {KeccakF1600-permute} of `state` copied into memory after `padding` bytes (from 0x80 on: so the copy lies
    /// inside, across the end of or above the memory the permutation borrows), and whether the memory allocated
    /// before and after the copy is intact, the free memory pointer included.
    function permuteAfter(uint256[25] calldata state, uint256 padding)
        external
        pure
        returns (uint256[25] memory copy, bool intact)
    {
        bytes memory low = new bytes(padding);
        for (uint256 i = 0; i < padding; i++) low[i] = bytes1(uint8(i * 7 + 3));
        copy = state;
        bytes memory high = new bytes(200);
        for (uint256 i = 0; i < high.length; i++) high[i] = bytes1(uint8(i * 13 + 5));
        bytes32 before = keccak256(bytes.concat(low, high));
        uint256 free;
        assembly ("memory-safe") {
            free := mload(0x40)
        }
        KeccakF1600.permute(copy);
        uint256 freeAfter;
        assembly ("memory-safe") {
            freeAfter := mload(0x40)
        }
        intact = freeAfter == free && keccak256(bytes.concat(low, high)) == before;
    }

    /// @dev Gas of one optimised permutation, measured around the call.
    function permuteGas() external view returns (uint256 gasUsed) {
        uint256[25] memory state;
        uint256 before = gasleft();
        KeccakF1600.permute(state);
        gasUsed = before - gasleft();
    }

    /// @dev {permuteGas} with the state above the memory the permutation borrows (as in the verifiers).
    function permuteGasAbove() external view returns (uint256 gasUsed) {
        bytes memory pad = new bytes(1600);
        uint256[25] memory state;
        uint256 before = gasleft();
        KeccakF1600.permute(state);
        gasUsed = before - gasleft();
        require(pad.length == 1600 && state[0] == 0xf1258f7940e1dde7);
    }

    function shake256(bytes memory input, uint256 outLen) external pure returns (bytes memory) {
        return SHAKE.shake256(input, outLen);
    }

    function shake128(bytes memory input, uint256 outLen) external pure returns (bytes memory) {
        return SHAKE.shake128(input, outLen);
    }

    /// @dev {shake256} with `input` copied above the memory the permutation borrows, as a verifier's inputs lie
    /// ({shake256}'s input lies inside it, which {SHAKE-absorb} copies above first).
    function shake256Above(bytes memory input, uint256 outLen) external pure returns (bytes memory) {
        return SHAKE.shake256(_above(input), outLen);
    }

    /// @dev {shake128} as {shake256Above}.
    function shake128Above(bytes memory input, uint256 outLen) external pure returns (bytes memory) {
        return SHAKE.shake128(_above(input), outLen);
    }

    /// @dev Gas of {shake256Above} with a 64-byte output, without the copy.
    function shake256AboveGas(bytes memory input) external view returns (uint256 gasUsed) {
        bytes memory copy = _above(input);
        uint256 before = gasleft();
        SHAKE.shake256(copy, 64);
        gasUsed = before - gasleft();
    }

    function _above(bytes memory input) private pure returns (bytes memory copy) {
        assembly ("memory-safe") {
            let free := mload(0x40)
            if lt(free, BORROWED_END) { mstore(0x40, BORROWED_END) }
        }
        copy = bytes.concat(input);
        uint256 data;
        assembly ("memory-safe") {
            data := add(copy, 0x20)
        }
        require(data >= KeccakF1600.BORROWED_END && BORROWED_END == KeccakF1600.BORROWED_END);
    }

    /// @dev {KeccakF1600-absorbAndSqueezeLanes} of `padded` (whole 136-byte blocks with SHAKE256's padding in place, held
    /// as `form` says), copied above the borrowed memory, for an `outLen`-byte digest (1 … 64).
    function shake256LanesForm(bytes memory padded, uint256 outLen, uint256 form) external pure returns (bytes memory digest) {
        bytes memory copy = _above(padded);
        uint256 count = padded.length / 136 - 1;
        digest = new bytes(64);
        uint256 blocks;
        uint256 out;
        assembly ("memory-safe") {
            blocks := add(copy, 0x20)
            out := add(digest, 0x20)
        }
        KeccakF1600.absorbAndSqueezeLanes(blocks, count, blocks + 136 * count, 136, out, outLen, form);
        assembly ("memory-safe") {
            mstore(digest, outLen)
        }
    }

    /// @dev SHAKE256(input)'s first 136 bytes as 17 lane words (the absorbed state's), then {KeccakF1600-squeezeLanes}'
    /// next `count` + 1 blocks, 17 lane words each, and the final state's first lane.
    function shake256Lanes(bytes memory input, uint256 count) external pure returns (uint256[] memory lanes, uint256 last) {
        uint256[25] memory state = SHAKE.absorb(_above(input), SHAKE.RATE_256).state;
        lanes = new uint256[](17 * (count + 2));
        for (uint256 i = 0; i < 17; ++i) lanes[i] = state[i];
        uint256 out;
        assembly ("memory-safe") {
            out := add(lanes, add(0x20, 544))
        }
        KeccakF1600.squeezeLanes(state, out, count);
        last = state[0];
    }

    /// @dev `blocks` blocks squeezed one at a time, concatenated.
    function shake256Blocks(bytes memory input, uint256 blocks) external pure returns (bytes memory output) {
        SHAKE.Sponge memory sponge = SHAKE.absorb(input, SHAKE.RATE_256);
        for (uint256 i = 0; i < blocks; i++) output = bytes.concat(output, SHAKE.squeezeBlock(sponge));
    }

    /// @dev `squeeze(outLen)` then one more block: the block starts at the block boundary after `outLen`.
    function shake256SqueezeThenBlock(bytes memory input, uint256 outLen) external pure returns (bytes memory, bytes memory) {
        SHAKE.Sponge memory sponge = SHAKE.absorb(input, SHAKE.RATE_256);
        bytes memory head = SHAKE.squeeze(sponge, outLen);
        return (head, SHAKE.squeezeBlock(sponge));
    }

    /// @dev Gas of SHAKE256(input) with a 64-byte output.
    function shake256Gas(bytes memory input) external view returns (uint256 gasUsed) {
        uint256 before = gasleft();
        SHAKE.shake256(input, 64);
        gasUsed = before - gasleft();
    }
}
