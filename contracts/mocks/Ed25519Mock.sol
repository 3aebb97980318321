// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ed25519} from "../utils/Ed25519.sol";
import {ED25519_BASE_TABLE_WIDTH, Ed25519BaseTable} from "../utils/Ed25519BaseTable.sol";
import {SHA512} from "../utils/SHA512.sol";
import {Ed25519PointReference} from "./Ed25519PointReference.sol";
import {SHA512Reference} from "./SHA512Reference.sol";

/// @dev Exposes {Ed25519} (messages of any length, its point routines and half-size scalars), {SHA512} and its
/// reference to the tests.
contract Ed25519Mock {
    address private immutable _table = address(new Ed25519BaseTable());

    function verify(bytes32 publicKey, bytes32 r, bytes32 s, bytes memory message) external view returns (bool) {
        return Ed25519.verify(_table, publicKey, r, s, message);
    }

    /// @dev {Ed25519-_double} beside its reference, on the same input.
    function double(uint256[4] memory q) external pure returns (uint256[4] memory, uint256[4] memory plain) {
        plain = [q[0], q[1], q[2], q[3]];
        Ed25519PointReference.double(plain);
        Ed25519._double(q);
        return (q, plain);
    }

    /// @dev {Ed25519-decompress} beside its reference, on the same encoding.
    function decompress(bytes32 encoded)
        external
        view
        returns (bool ok, uint256 x, uint256 y, bool plainOk, uint256 plainX, uint256 plainY)
    {
        (ok, x, y) = Ed25519.decompress(encoded);
        (plainOk, plainX, plainY) = Ed25519PointReference.decompress(encoded);
    }

    /// @dev {Ed25519-clearsToIdentity} beside its reference, on the same point.
    function clearsToIdentity(uint256[4] memory q) external pure returns (bool, bool plain) {
        return (Ed25519.clearsToIdentity(q), Ed25519PointReference.clearsToIdentity(q));
    }

    /// @dev {Ed25519-_multiScalarMul} beside its reference, on the same inputs, and the gas of each.
    function multiScalarMul(uint256 b, uint256 c, uint256 a, bool addA, uint256[4] memory points)
        external
        view
        returns (uint256[4] memory q, uint256[4] memory plain, uint256 gasUsed, uint256 plainGasUsed)
    {
        uint256 before = gasleft();
        q = Ed25519._multiScalarMul(_table, ED25519_BASE_TABLE_WIDTH, b, c, a, addA, points);
        gasUsed = before - gasleft();
        before = gasleft();
        plain = Ed25519PointReference.multiScalarMul(b, c, a, addA, points);
        plainGasUsed = before - gasleft();
    }

    /// @dev Whether `encoded` decodes to a curve point, and {Ed25519-isSmallOrder} of it.
    function isSmallOrder(bytes32 encoded) external view returns (bool onCurve, bool smallOrder) {
        uint256 y;
        (onCurve, , y) = Ed25519.decompress(encoded);
        smallOrder = onCurve && Ed25519.isSmallOrder(y);
    }

    function halfSize(uint256 k) external pure returns (uint256 c, uint256 a, bool negative) {
        return Ed25519.halfSize(k);
    }

    function halfSizeReference(uint256 k) external pure returns (uint256 c, uint256 a, bool negative) {
        return Ed25519PointReference.halfSize(k);
    }

    /// @dev The gas of {Ed25519-verify}, to measure the library without a verifier call around it.
    function verifyGas(bytes32 publicKey, bytes32 r, bytes32 s, bytes memory message) external view returns (bool valid, uint256 gasUsed) {
        uint256 before = gasleft();
        valid = Ed25519.verify(_table, publicKey, r, s, message);
        gasUsed = before - gasleft();
    }

    function sha512(bytes memory data) external pure returns (bytes memory) {
        (bytes32 first, bytes32 second) = SHA512.hash(data);
        return bytes.concat(first, second);
    }

    function sha512Reference(bytes memory data) external pure returns (bytes memory) {
        (bytes32 first, bytes32 second) = SHA512Reference.hash(data);
        return bytes.concat(first, second);
    }

    /// @dev The gas of {SHA512-hash} on `data`, to compare with the reference's on the same input.
    function sha512Gas(bytes memory data, bool plain) external view returns (uint256 gasUsed) {
        uint256 before = gasleft();
        if (plain) SHA512Reference.hash(data);
        else SHA512.hash(data);
        gasUsed = before - gasleft();
    }
}
