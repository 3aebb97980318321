// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Bytes} from "@openzeppelin/contracts/utils/Bytes.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";

/**
 * @dev Plain-Solidity reference for the assembly of {ExpandedKeyReader}, written for clarity, not gas;
 * {ExpandedKeyReaderMock} results are compared with these.
 */
library ExpandedKeyReaderReference {
    uint256 private constant CHUNK_SIZE = ExpandedKeyReader.CHUNK_SIZE;

    /// @dev keccak256 of the code hashes keccak256(0x00 ‖ data_i) of the code-store chunks of `data`, in order.
    function commitmentOf(bytes memory data) internal pure returns (bytes32) {
        uint256 chunks = (data.length + CHUNK_SIZE - 1) / CHUNK_SIZE;
        bytes memory codeHashes;
        for (uint256 i = 0; i < chunks; i++) {
            uint256 end = i * CHUNK_SIZE + CHUNK_SIZE < data.length ? i * CHUNK_SIZE + CHUNK_SIZE : data.length;
            bytes memory code = bytes.concat(bytes1(0), Bytes.slice(data, i * CHUNK_SIZE, end));
            codeHashes = bytes.concat(codeHashes, keccak256(code));
        }
        return keccak256(codeHashes);
    }

    /**
     * @dev The `length` bytes of data `key` names: `ok` when the key has one address per chunk and its first 32 bytes
     * are keccak256 of the chunks' code hashes (`address.codehash`: 0 for an address without an account), and every
     * chunk's code is a zero byte followed by its slice of the data (24,575 bytes, the last one the rest).
     */
    function read(bytes calldata key, uint256 length) internal view returns (bool ok, bytes memory data) {
        uint256 chunks = (length + CHUNK_SIZE - 1) / CHUNK_SIZE;
        if (key.length != 32 + 20 * chunks) return (false, "");
        bytes memory codeHashes;
        for (uint256 i = 0; i < chunks; i++) {
            codeHashes = bytes.concat(codeHashes, _chunk(key, i).codehash);
        }
        if (keccak256(codeHashes) != bytes32(key[0:32])) return (false, "");
        for (uint256 i = 0; i < chunks; i++) {
            uint256 size = length - i * CHUNK_SIZE < CHUNK_SIZE ? length - i * CHUNK_SIZE : CHUNK_SIZE;
            bytes memory code = _chunk(key, i).code;
            if (code.length != size + 1 || code[0] != 0) return (false, "");
            data = bytes.concat(data, Bytes.slice(code, 1));
        }
        ok = true;
    }

    function _chunk(bytes calldata key, uint256 i) private pure returns (address) {
        return address(bytes20(key[32 + 20 * i:52 + 20 * i]));
    }
}
