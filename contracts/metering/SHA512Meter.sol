// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SHA512} from "../utils/SHA512.sol";

/**
 * @dev The gas of SHA-512 on one block, for the gas suite's report. Never deployed: callers place its code with an
 * `eth_call` state override.
 */
contract SHA512Meter {
    /// @dev Gas of {SHA512-hash} on 96 bytes (R ‖ A ‖ a 32-byte hash, as Ed25519 hashes it): one compression. The
    /// digest's first half is returned so that the optimizer cannot drop the call.
    function compressionGas() external view returns (uint256 gasUsed, bytes32 digestHigh) {
        bytes memory message = new bytes(96);
        for (uint256 i = 0; i < 3; i++) {
            bytes32 word = keccak256(abi.encode(i));
            assembly ("memory-safe") {
                mstore(add(add(message, 0x20), mul(i, 0x20)), word)
            }
        }
        uint256 before = gasleft();
        (digestHigh, ) = SHA512.hash(message);
        gasUsed = before - gasleft();
    }
}
