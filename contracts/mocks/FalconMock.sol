// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../utils/Falcon.sol";

/// @dev Test harness exposing the steps of {Falcon} on plain arrays; {FalconReferenceMock} exposes its reference.
contract FalconMock {
    /// @dev {Falcon.decodeSignature}, with s2 unpacked to signed coefficients.
    function decodeSignature(uint256 logn, bytes calldata signature)
        external
        pure
        returns (bool ok, int256[] memory s2, uint256 s2Norm)
    {
        uint256 p;
        (ok, p, s2Norm) = Falcon.decodeSignature(logn, signature);
        if (!ok) return (false, s2, 0);
        s2 = new int256[](1 << logn);
        for (uint256 i = 0; i < s2.length; i++) {
            uint256 word;
            assembly ("memory-safe") {
                word := mload(add(p, shl(5, shr(3, i))))
            }
            s2[i] = int256((word >> (32 * (7 - (i % 8)))) & 0xffffffff) - 12289;
        }
    }

    /// @dev {Falcon.decodeSignature} then {Falcon.isShort} with a given HashToPoint output `c` (values below q).
    function verifyWithPoint(uint256 logn, bytes memory expandedKey, uint256[] memory c, bytes calldata signature)
        external
        pure
        returns (bool)
    {
        (bool ok, uint256 s2, uint256 s2Norm) = Falcon.decodeSignature(logn, signature);
        if (!ok) return false;
        uint256 cp = _pack(c);
        uint256 e;
        assembly ("memory-safe") {
            e := add(expandedKey, 0x20)
        }
        return Falcon.isShort(logn, cp, s2, s2Norm, e);
    }

    /// @dev {Falcon.isReduced} of coefficients packed into lanes.
    function isReduced(uint256[] memory a) external pure returns (bool) {
        return Falcon.isReduced(_pack(a), a.length / 8);
    }

    /// @dev {Falcon.hashToPoint} of `input`, the kept samples reduced mod q.
    function hashToPoint(uint256 logn, bytes memory input) external pure returns (uint256[] memory) {
        return _unpackPoint(Falcon.hashToPoint(logn, input), 1 << logn);
    }

    /// @dev {Falcon.hashToPoint} of a 40-byte `nonce` in calldata and `message`, the kept samples reduced mod q.
    function hashToPointOfNonce(uint256 logn, bytes calldata nonce, bytes32 message)
        external
        pure
        returns (uint256[] memory)
    {
        require(nonce.length == 40);
        return _unpackPoint(Falcon.hashToPoint(logn, nonce, message), 1 << logn);
    }

    /// @dev Gas of {Falcon.hashToPoint} of a 40-byte `nonce` in calldata and `message`.
    function gasOfHashToPointOfNonce(uint256 logn, bytes calldata nonce, bytes32 message)
        external
        view
        returns (uint256 gasUsed)
    {
        gasUsed = gasleft();
        Falcon.hashToPoint(logn, nonce, message);
        gasUsed -= gasleft();
    }

    /// @dev Gas of {Falcon.decodeSignature} and of {Falcon.isShort} on the inputs of {verifyWithPoint}.
    function gasOfVerifyWithPoint(uint256 logn, bytes memory expandedKey, uint256[] memory c, bytes calldata signature)
        external
        view
        returns (uint256 decodeGas, uint256 isShortGas)
    {
        uint256 cp = _pack(c);
        uint256 e;
        assembly ("memory-safe") {
            e := add(expandedKey, 0x20)
        }
        decodeGas = gasleft();
        (, uint256 s2, uint256 s2Norm) = Falcon.decodeSignature(logn, signature);
        decodeGas -= gasleft();
        isShortGas = gasleft();
        Falcon.isShort(logn, cp, s2, s2Norm, e);
        isShortGas -= gasleft();
    }

    /// @dev Gas of {Falcon.hashToPoint} of a nonce and message.
    function gasOfHashToPoint(uint256 logn, bytes memory input) external view returns (uint256 gasUsed) {
        gasUsed = gasleft();
        Falcon.hashToPoint(logn, input);
        gasUsed -= gasleft();
    }

    /// @dev The n coefficients of a HashToPoint result at `p` (lanes whose low 16 bits are the samples), mod q.
    function _unpackPoint(uint256 p, uint256 n) private pure returns (uint256[] memory c) {
        c = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            uint256 word;
            assembly ("memory-safe") {
                word := mload(add(p, shl(5, shr(3, i))))
            }
            c[i] = ((word >> (32 * (7 - (i % 8)))) & 0xffff) % 12289;
        }
    }

    function _pack(uint256[] memory a) private pure returns (uint256 p) {
        bytes memory buffer = new bytes(a.length * 4);
        assembly ("memory-safe") {
            p := add(buffer, 0x20)
        }
        for (uint256 w = 0; w < a.length / 8; w++) {
            uint256 word = 0;
            for (uint256 j = 0; j < 8; j++) word |= a[8 * w + j] << (32 * (7 - j));
            assembly ("memory-safe") {
                mstore(add(p, shl(5, w)), word)
            }
        }
    }
}
