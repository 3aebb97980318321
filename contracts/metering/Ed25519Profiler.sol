// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ed25519} from "../utils/Ed25519.sol";
import {ED25519_BASE_TABLE_WIDTH} from "../utils/Ed25519BaseTable.sol";
import {Ed25519Verifier} from "../verifiers/Ed25519Verifier.sol";
import {Ed25519PointReference} from "../mocks/Ed25519PointReference.sol";

/**
 * @dev Where {Ed25519Verifier} spends its gas, for the gas suite: {Ed25519-verify}'s steps run in the same order
 * with a gas reading between them. Never deployed: callers place its code with an `eth_call` state override. It
 * must follow the library step for step; the gas suite checks that its total and its verdict agree with the
 * verifier's.
 */
contract Ed25519Profiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[5] memory) {
        return [
            "S < L, R and A decompressed (two MODEXP square roots), A not of small order",
            "k = SHA-512(R || A || hash) mod L",
            "half-size scalars: c*k = +-a mod L (Euclid), b = c*S mod L",
            "[b]B - [c]R -+ [a]A: wNAF recodings, R's and A's odd multiples, 129 doublings and the additions",
            "[8]Q = identity (3 doublings)"
        ];
    }

    /// @dev The gas of each of {stages} for `verifier.verify(key, hash, signature)`, and the verdict.
    function profile(
        Ed25519Verifier verifier,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256[5] memory gas, bool valid) {
        if (key.length != 32 || signature.length != 64) return (gas, false);
        valid = _profile(gas, verifier.baseTable(), bytes32(key), hash, bytes32(signature[0:32]), bytes32(signature[32:64]));
    }

    /**
     * @dev Where {Ed25519-_multiScalarMul}'s gas goes for `verifier.verify(key, hash, signature)`, by difference:
     * `gas[0]` is the routine with every scalar zero (R's and A's odd multiples, the digit words cleared, the 129
     * doublings); `gas[1]`, `gas[2]`, `gas[3]` are what b alone (over B and [2^128]B: its recoding, the table
     * reads, the first one cold, and its additions), c alone (over R) and a alone (over A) add to it. `additions`
     * counts each part's nonzero wNAF digits (for `gas[0]`: the 14 additions that make R's and A's multiples).
     * All zero for a signature {profile} rejects before the multiplication.
     */
    function multiScalarMulParts(
        Ed25519Verifier verifier,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256[4] memory gas, uint256[4] memory additions) {
        if (key.length != 32 || signature.length != 64) return (gas, additions);
        address table = verifier.baseTable();
        bytes32 r = bytes32(signature[0:32]);
        uint256 s = Ed25519._littleEndian(bytes32(signature[32:64]));
        uint256[4] memory points;
        bool ok;
        (ok, points[0], points[1]) = Ed25519.decompress(r);
        if (!ok || s >= Ed25519.L) return (gas, additions);
        (ok, points[2], points[3]) = Ed25519.decompress(bytes32(key));
        if (!ok || Ed25519.isSmallOrder(points[2], points[3])) return (gas, additions);
        (uint256 c, uint256 a, bool addA) = Ed25519.halfSize(Ed25519.challenge(r, bytes32(key), abi.encodePacked(hash)));
        uint256 b = mulmod(c, s, Ed25519.L);
        gas[0] = _multiScalarMulGas(table, 0, 0, 0, addA, points);
        gas[1] = _multiScalarMulGas(table, b, 0, 0, addA, points) - gas[0];
        gas[2] = _multiScalarMulGas(table, 0, c, 0, addA, points) - gas[0];
        gas[3] = _multiScalarMulGas(table, 0, 0, a, addA, points) - gas[0];
        uint256 width = ED25519_BASE_TABLE_WIDTH;
        additions = [14, _nonzeroDigits(b & type(uint128).max, width) + _nonzeroDigits(b >> 128, width), _nonzeroDigits(c, 5), _nonzeroDigits(a, 5)];
    }

    function _multiScalarMulGas(
        address table,
        uint256 b,
        uint256 c,
        uint256 a,
        bool addA,
        uint256[4] memory points
    ) private view returns (uint256 gasUsed) {
        uint256 before = gasleft();
        Ed25519._multiScalarMul(table, b, c, a, addA, points);
        gasUsed = before - gasleft();
    }

    function _nonzeroDigits(uint256 k, uint256 w) private pure returns (uint256 count) {
        int256[256] memory digits = Ed25519PointReference.wnaf(k, w);
        for (uint256 i = 0; i < 256; ++i) if (digits[i] != 0) ++count;
    }

    function _profile(
        uint256[5] memory gas,
        address table,
        bytes32 key,
        bytes32 hash,
        bytes32 r,
        bytes32 encodedS
    ) private view returns (bool valid) {
        uint256 checkpoint = gasleft();
        uint256 s = Ed25519._littleEndian(encodedS);
        if (s >= Ed25519.L) return false;
        uint256[4] memory points;
        bool ok;
        (ok, points[0], points[1]) = Ed25519.decompress(r);
        if (!ok) return false;
        (ok, points[2], points[3]) = Ed25519.decompress(key);
        if (!ok || Ed25519.isSmallOrder(points[2], points[3])) return false;
        checkpoint = _lap(gas, 0, checkpoint);

        uint256 k = Ed25519.challenge(r, key, abi.encodePacked(hash));
        checkpoint = _lap(gas, 1, checkpoint);

        (uint256 c, uint256 a, bool addA) = Ed25519.halfSize(k);
        uint256 b = mulmod(c, s, Ed25519.L);
        checkpoint = _lap(gas, 2, checkpoint);

        uint256[4] memory q = Ed25519._multiScalarMul(table, b, c, a, addA, points);
        checkpoint = _lap(gas, 3, checkpoint);

        valid = Ed25519.clearsToIdentity(q);
        _lap(gas, 4, checkpoint);
    }

    function _lap(uint256[5] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256) {
        uint256 now_ = gasleft();
        gas[stage] = checkpoint - now_;
        return now_;
    }
}
