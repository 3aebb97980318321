// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {KeccakF1600} from "../utils/KeccakF1600.sol";
import {SHAKE} from "../utils/SHAKE.sol";

contract ProbeShake {
    function parts(bytes memory input) external view returns (uint256 absorbGas, uint256 squeezeGas, uint256 permGas) {
        bytes memory pad = new bytes(2000);
        bytes memory copy = bytes.concat(input);
        uint256 g = gasleft();
        SHAKE.Sponge memory s = SHAKE.absorb(copy, 136);
        absorbGas = g - gasleft();
        g = gasleft();
        SHAKE.squeeze(s, 64);
        squeezeGas = g - gasleft();
        uint256[25] memory st;
        g = gasleft();
        KeccakF1600.permute(st);
        permGas = g - gasleft();
        require(pad.length == 2000);
    }
}
