// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Plain-Solidity reference for the assembly routines of {FalconKeccak}, written from ETHFALCON's description
 * for clarity, not gas; {FalconKeccakMock} results are compared with these.
 */
library FalconKeccakReference {
    uint256 private constant Q = 12289;

    /// @dev ETHFALCON's HashToPoint: 16-bit big-endian samples of keccak-CTR blocks, those below 5q kept mod q.
    function hashToPoint(bytes memory salt, bytes memory message) internal pure returns (uint256[] memory c) {
        c = new uint256[](512);
        bytes32 state = keccak256(abi.encodePacked(salt, message));
        uint256 i = 0;
        for (uint64 counter = 0; i < 512; counter++) {
            uint256 block_ = uint256(keccak256(abi.encodePacked(state, counter)));
            for (uint256 k = 0; k < 16 && i < 512; k++) {
                uint256 sample = (block_ >> (240 - 16 * k)) & 0xffff;
                if (sample < 5 * Q) c[i++] = sample % Q;
            }
        }
    }

    /// @dev The centred s2 of an ETHFALCON signature and ‖s2‖²; `ok` false for a wrong length or a value ≥ q.
    function decodeSignature(bytes memory signature) internal pure returns (bool ok, int256[] memory s2, uint256 norm) {
        s2 = new int256[](512);
        if (signature.length != 1064) return (false, s2, 0);
        for (uint256 i = 0; i < 512; i++) {
            uint256 offset = 40 + 32 * (i / 16) + 30 - 2 * (i % 16);
            uint256 value = (uint256(uint8(signature[offset])) << 8) | uint8(signature[offset + 1]);
            if (value >= Q) return (false, s2, 0);
            s2[i] = value > (Q - 1) / 2 ? int256(value) - int256(Q) : int256(value);
            norm += uint256(s2[i] * s2[i]);
        }
        ok = true;
    }
}
