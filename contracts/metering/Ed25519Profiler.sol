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
    /// @dev b = c·S mod L, c, a and the sign of a's term, as {Ed25519-verify} computes them.
    struct Scalars {
        uint256 b;
        uint256 c;
        uint256 a;
        bool addA;
    }

    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[5] memory) {
        return [
            "S < L, R and A decompressed (two MODEXP square roots), A not of small order",
            "k = SHA-512(R || A || hash) mod L",
            "half-size scalars: c*k = +-a mod L (Euclid), b = c*S mod L",
            "[b]B - [c]R -+ [a]A: wNAF recodings, R's and A's odd multiples, up to 128 doublings and the additions",
            "[8]Q = identity (Q of small order: one MULMOD, no doubling)"
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
     * `gas[0]` is the routine with every scalar zero (R's and A's odd multiples, the digit words cleared, no
     * doubling: the chain starts at the highest digit); `gas[1]`, `gas[2]`, `gas[3]` are what b alone (over B and
     * [2^128]B: its recoding, the doublings from its top digit, the table reads, the first one cold, and its
     * additions), c alone (over R) and a alone (over A) add to it, each with its own doublings. `additions`
     * counts each part's nonzero wNAF digits (for `gas[0]`: the 14 additions that make R's and A's multiples).
     * All zero for a signature {profile} rejects before the multiplication.
     */
    function multiScalarMulParts(
        Ed25519Verifier verifier,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256[4] memory gas, uint256[4] memory additions) {
        (bool ok, Scalars memory k, uint256[4] memory points) = _scalars(key, hash, signature);
        if (!ok) return (gas, additions);
        address table = verifier.baseTable();
        gas[0] = _multiScalarMulGas(table, ED25519_BASE_TABLE_WIDTH, Scalars(0, 0, 0, k.addA), points);
        gas[1] = _multiScalarMulGas(table, ED25519_BASE_TABLE_WIDTH, Scalars(k.b, 0, 0, k.addA), points) - gas[0];
        gas[2] = _multiScalarMulGas(table, ED25519_BASE_TABLE_WIDTH, Scalars(0, k.c, 0, k.addA), points) - gas[0];
        gas[3] = _multiScalarMulGas(table, ED25519_BASE_TABLE_WIDTH, Scalars(0, 0, k.a, k.addA), points) - gas[0];
        additions = [14, _baseAdditions(k.b, ED25519_BASE_TABLE_WIDTH), _nonzeroDigits(k.c, 5), _nonzeroDigits(k.a, 5)];
    }

    /// @dev The base-point tables' wNAF width that {Ed25519Verifier} deploys.
    function deployedTableWidth() external pure returns (uint256) {
        return ED25519_BASE_TABLE_WIDTH;
    }

    /**
     * @dev {Ed25519-_multiScalarMul}'s gas for `verify(key, hash, signature)` over `table`, base-point tables of
     * width `tableWidth` (2 … 8) laid out as {Ed25519BaseTable} (the first table read cold), the verdict of the
     * point it returns, and how many additions b's digits make at that width. Zeros and false for a signature
     * {profile} rejects before the multiplication.
     */
    function multiScalarMulByTableWidth(
        address table,
        uint256 tableWidth,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256 gasUsed, uint256 additions, bool valid) {
        (bool ok, Scalars memory k, uint256[4] memory points) = _scalars(key, hash, signature);
        if (!ok) return (0, 0, false);
        uint256 before = gasleft();
        uint256[4] memory q = Ed25519._multiScalarMul(table, tableWidth, k.b, k.c, k.a, k.addA, points);
        gasUsed = before - gasleft();
        additions = _baseAdditions(k.b, tableWidth);
        valid = Ed25519.clearsToIdentity(q);
    }

    /// @dev How many additions b's digits make over B's and [2^128]B's tables of width `tableWidth`, for any width.
    function baseAdditions(
        uint256 tableWidth,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256) {
        (bool ok, Scalars memory k, ) = _scalars(key, hash, signature);
        return ok ? _baseAdditions(k.b, tableWidth) : 0;
    }

    /// @dev {Ed25519-verify}'s checks and scalars before the multiplication, and R's and A's affine points.
    function _scalars(
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) private view returns (bool ok, Scalars memory k, uint256[4] memory points) {
        if (key.length != 32 || signature.length != 64) return (false, k, points);
        bytes32 r = bytes32(signature[0:32]);
        uint256 s = Ed25519._littleEndian(bytes32(signature[32:64]));
        (ok, points[0], points[1]) = Ed25519.decompress(r);
        if (!ok || s >= Ed25519.L) return (false, k, points);
        (ok, points[2], points[3]) = Ed25519.decompress(bytes32(key));
        if (!ok || Ed25519.isSmallOrder(points[3])) return (false, k, points);
        (k.c, k.a, k.addA) = Ed25519.halfSize(Ed25519.challenge(r, bytes32(key), abi.encodePacked(hash)));
        k.b = mulmod(k.c, s, Ed25519.L);
    }

    function _multiScalarMulGas(
        address table,
        uint256 tableWidth,
        Scalars memory k,
        uint256[4] memory points
    ) private view returns (uint256 gasUsed) {
        uint256 before = gasleft();
        Ed25519._multiScalarMul(table, tableWidth, k.b, k.c, k.a, k.addA, points);
        gasUsed = before - gasleft();
    }

    function _baseAdditions(uint256 b, uint256 tableWidth) private pure returns (uint256) {
        return _nonzeroDigits(b & type(uint128).max, tableWidth) + _nonzeroDigits(b >> 128, tableWidth);
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
        if (!ok || Ed25519.isSmallOrder(points[3])) return false;
        checkpoint = _lap(gas, 0, checkpoint);

        uint256 k = Ed25519.challenge(r, key, abi.encodePacked(hash));
        checkpoint = _lap(gas, 1, checkpoint);

        (uint256 c, uint256 a, bool addA) = Ed25519.halfSize(k);
        uint256 b = mulmod(c, s, Ed25519.L);
        checkpoint = _lap(gas, 2, checkpoint);

        uint256[4] memory q = Ed25519._multiScalarMul(table, ED25519_BASE_TABLE_WIDTH, b, c, a, addA, points);
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
