// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA87} from "../utils/MLDSA87.sol";
import {SHAKE} from "../utils/SHAKE.sol";

contract ProbeSIB {
    function run(bytes calldata signature) external view returns (uint256 sibGas, uint256 shakeGas, bool ok) {
        bytes memory pad = new bytes(4000);
        uint256 negC;
        assembly ("memory-safe") {
            negC := mload(0x40)
            mstore(0x40, add(negC, 2080))
            calldatacopy(negC, calldatasize(), 2080)
        }
        uint256 g = gasleft();
        ok = MLDSA87._sampleInBall(signature, negC);
        sibGas = g - gasleft();
        bytes memory seed = signature[0:64];
        g = gasleft();
        SHAKE.shake256(seed, 136);
        shakeGas = g - gasleft();
        require(pad.length == 4000);
    }
}
