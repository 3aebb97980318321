// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {ExpandedKeyReaderReference} from "./ExpandedKeyReaderReference.sol";

/// @dev Test harness exposing {ExpandedKeyReader}, beside {ExpandedKeyReaderReference}.
contract ExpandedKeyReaderMock {
    /// @dev {ExpandedKeyReader.read}.
    function read(bytes calldata key, uint256 length) external view returns (bool, bytes memory) {
        return ExpandedKeyReader.read(key, length);
    }

    /// @dev {ExpandedKeyReader.commitmentOf}, and whether it left `data` as it was.
    function commitmentOf(bytes memory data) external pure returns (bytes32 commitment, bool unchanged) {
        bytes32 before = keccak256(data);
        commitment = ExpandedKeyReader.commitmentOf(data);
        // A changed length word changes the hash too.
        unchanged = keccak256(data) == before;
    }

    /// @dev {ExpandedKeyReaderReference.read}.
    function referenceRead(bytes calldata key, uint256 length) external view returns (bool, bytes memory) {
        return ExpandedKeyReaderReference.read(key, length);
    }

    /// @dev {ExpandedKeyReaderReference.commitmentOf}.
    function referenceCommitmentOf(bytes memory data) external pure returns (bytes32) {
        return ExpandedKeyReaderReference.commitmentOf(data);
    }
}
