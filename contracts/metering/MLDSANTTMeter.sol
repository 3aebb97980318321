// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSAInverseNTT} from "../utils/MLDSAInverseNTT.sol";
import {MLDSANTT} from "../utils/MLDSANTT.sol";

/**
 * @dev The gas of one 256-point ML-DSA number-theoretic transform each way, for the gas suite's report. Never
 * deployed: callers place its code with an `eth_call` state override.
 */
contract MLDSANTTMeter {
    /**
     * @dev Gas of {MLDSANTT-ntt} and of {MLDSAInverseNTT-transform} (the inverse the verifiers run, reading products
     * stored as pair words, a STATICCALL to its contract) on a fixed polynomial of coefficients below q, in the
     * library's four-lanes-per-word layout, measured around each call. The inverse's address is made warm first, as
     * the verifiers' {MLDSAInverseNTT-requireDeployed} does before their transforms.
     */
    function transformGas() external view returns (uint256 forward, uint256 inverse) {
        bytes memory table = MLDSANTT.zetaTable();
        uint256 zetas;
        uint256 a;
        uint256 pairs;
        assembly ("memory-safe") {
            zetas := add(table, 0x20)
            a := mload(0x40)
            pairs := add(a, 2048)
            mstore(0x40, add(pairs, 4096))
        }
        for (uint256 c = 0; c < 256; c++) {
            uint256 value = uint256(keccak256(abi.encode(c))) % MLDSANTT.Q;
            uint256 word = a + 32 * (c / 4);
            uint256 shift = 64 * (3 - (c % 4));
            assembly ("memory-safe") {
                mstore(word, or(mload(word), shl(shift, value)))
            }
            // Pair words: coefficients c and c + 2 of each group of four, in the top and bottom lanes.
            if (c % 4 < 2) {
                uint256 at = pairs + 64 * (c / 4) + 32 * (c % 4);
                uint256 partner = uint256(keccak256(abi.encode(c + 2))) % MLDSANTT.Q;
                assembly ("memory-safe") {
                    mstore(at, or(shl(192, value), partner))
                }
            }
        }
        forward = gasleft();
        MLDSANTT.ntt(a, zetas);
        forward -= gasleft();
        MLDSAInverseNTT.requireDeployed();
        inverse = gasleft();
        MLDSAInverseNTT.transform(pairs, a);
        inverse -= gasleft();
    }
}
