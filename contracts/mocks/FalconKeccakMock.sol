// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../utils/Falcon.sol";
import {FalconKeccak} from "../utils/FalconKeccak.sol";
import {FalconKeccakReference} from "./FalconKeccakReference.sol";

/// @dev Test harness exposing {FalconKeccak}'s steps on plain arrays, beside {FalconKeccakReference}'s.
contract FalconKeccakMock {
    /// @dev {FalconKeccak.decodeSignature}, with s2 unpacked from its lanes (the values mod q) and centred.
    function decodeSignature(bytes calldata signature) external pure returns (bool ok, int256[] memory s2, uint256 s2Norm) {
        uint256 p;
        (ok, p, s2Norm) = FalconKeccak.decodeSignature(signature);
        s2 = new int256[](512);
        if (!ok) return (false, s2, 0);
        for (uint256 i = 0; i < 512; i++) {
            uint256 value = (_word(p, i / 8) >> (32 * (7 - (i % 8)))) & 0xffffffff;
            s2[i] = value > 6144 ? int256(value) - 12289 : int256(value);
        }
    }

    /// @dev {FalconKeccak.hashToPoint} of keccak256(salt ‖ message), the kept samples reduced mod q.
    function hashToPoint(bytes calldata salt, bytes calldata message) external pure returns (uint256[] memory c) {
        uint256 p = FalconKeccak.hashToPoint(keccak256(abi.encodePacked(salt, message)));
        c = new uint256[](512);
        for (uint256 i = 0; i < 512; i++) c[i] = ((_word(p, i / 8) >> (32 * (7 - (i % 8)))) & 0xffff) % 12289;
    }

    /// @dev {FalconKeccak.readKey}, with the data it read (E ‖ pk) when `ok`.
    function readKey(bytes calldata key) external view returns (bool ok, bytes memory data) {
        uint256 e;
        (ok, e) = FalconKeccak.readKey(key);
        if (ok) data = _copy(e, FalconKeccak.KEY_DATA_LENGTH);
    }

    /// @dev {Falcon.readCommittedKey} for Falcon-512, the general reader {FalconKeccak.readKey} specialises.
    function referenceReadKey(bytes calldata key) external view returns (bool ok, bytes memory data) {
        uint256 e;
        (ok, e) = Falcon.readCommittedKey(9, key);
        if (ok) data = _copy(e, FalconKeccak.KEY_DATA_LENGTH);
    }

    /// @dev {FalconKeccakReference.decodeSignature}.
    function referenceDecodeSignature(bytes memory signature) external pure returns (bool, int256[] memory, uint256) {
        return FalconKeccakReference.decodeSignature(signature);
    }

    /// @dev {FalconKeccakReference.hashToPoint}.
    function referenceHashToPoint(bytes memory salt, bytes memory message) external pure returns (uint256[] memory) {
        return FalconKeccakReference.hashToPoint(salt, message);
    }

    /// @dev Gas of {FalconKeccak.decodeSignature} and of {FalconKeccak.hashToPoint} for a 32-byte `hash`.
    function gasOfSteps(bytes calldata signature, bytes32 hash) external view returns (uint256 decodeGas, uint256 hashToPointGas) {
        decodeGas = gasleft();
        FalconKeccak.decodeSignature(signature);
        decodeGas -= gasleft();
        bytes32 state = keccak256(abi.encodePacked(signature[0:40], hash));
        hashToPointGas = gasleft();
        FalconKeccak.hashToPoint(state);
        hashToPointGas -= gasleft();
    }

    function _copy(uint256 p, uint256 length) private pure returns (bytes memory data) {
        data = new bytes(length);
        assembly ("memory-safe") {
            mcopy(add(data, 0x20), p, length)
        }
    }

    function _word(uint256 p, uint256 w) private pure returns (uint256 word) {
        assembly ("memory-safe") {
            word := mload(add(p, shl(5, w)))
        }
    }
}
