// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600} from "../utils/KeccakF1600.sol";

/**
 * @dev The gas of one Keccak-f[1600] permutation, for the gas suite's report. Never deployed: callers place
 * its code with an `eth_call` state override.
 */
contract KeccakF1600Meter {
    /// @dev Gas of {KeccakF1600-permute} on a state of 25 non-zero lanes, measured around the call.
    function permutationGas() external view returns (uint256 gasUsed) {
        uint256[25] memory state;
        for (uint256 i = 0; i < 25; i++) state[i] = uint64(uint256(keccak256(abi.encode(i))));
        uint256 before = gasleft();
        KeccakF1600.permute(state);
        gasUsed = before - gasleft();
    }
}
