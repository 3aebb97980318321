// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA87} from "../utils/MLDSA87.sol";

contract ProbeMLDSA87 {
    function run(bytes calldata key, bytes32 hash, bytes calldata signature) external view returns (uint256 readGas, uint256 verifyGas, bool ok) {
        uint256 g = gasleft();
        (bool read, bytes memory expandedKey, uint256 publicKey) =
            ExpandedKeyReader.readWithPublicKey(key, MLDSA87.EXPANDED_KEY_LENGTH, MLDSA87.PUBLIC_KEY_LENGTH);
        assembly ("memory-safe") { mstore(0x40, publicKey) }
        readGas = g - gasleft();
        g = gasleft();
        ok = read && MLDSA87.verify(expandedKey, abi.encodePacked(hash), "", signature);
        verifyGas = g - gasleft();
    }
}
