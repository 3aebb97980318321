// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ed25519} from "../utils/Ed25519.sol";
import {Ed25519Verifier} from "../verifiers/Ed25519Verifier.sol";

/**
 * @dev Where {Ed25519Verifier} spends its gas, for the gas suite: {Ed25519-verify}'s steps run in the same order
 * with a gas reading between them. Never deployed: callers place its code with an `eth_call` state override. It
 * must follow the library step for step; the gas suite checks that its total and its verdict agree with the
 * verifier's.
 */
contract Ed25519Profiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[4] memory) {
        return [
            "S < L, A decompressed (one MODEXP square root)",
            "k = SHA-512(R || A || hash) mod L",
            "[S]B - [k]A: wNAF recodings, A's odd multiples, 256 doublings and the additions",
            "Z inverted (one MODEXP), encoded, compared with R"
        ];
    }

    /// @dev The gas of each of {stages} for `verifier.verify(key, hash, signature)`, and the verdict.
    function profile(
        Ed25519Verifier verifier,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (uint256[4] memory gas, bool valid) {
        if (key.length != 32 || signature.length != 64) return (gas, false);
        valid = _profile(gas, verifier.baseTable(), bytes32(key), hash, bytes32(signature[0:32]), bytes32(signature[32:64]));
    }

    function _profile(
        uint256[4] memory gas,
        address table,
        bytes32 key,
        bytes32 hash,
        bytes32 r,
        bytes32 encodedS
    ) private view returns (bool valid) {
        uint256 checkpoint = gasleft();
        uint256 s = Ed25519._littleEndian(encodedS);
        if (s >= Ed25519.L) return false;
        (bool ok, uint256 x, uint256 y) = Ed25519.decompress(key);
        if (!ok) return false;
        checkpoint = _lap(gas, 0, checkpoint);

        uint256 k = Ed25519.challenge(r, key, abi.encodePacked(hash));
        checkpoint = _lap(gas, 1, checkpoint);

        uint256[4] memory q = Ed25519._doubleScalarMul(table, s, k, x, y);
        checkpoint = _lap(gas, 2, checkpoint);

        (ok, x, y) = Ed25519._toAffine(q);
        valid = ok && Ed25519._littleEndian(r) == (y | ((x & 1) << 255));
        _lap(gas, 3, checkpoint);
    }

    function _lap(uint256[4] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256) {
        uint256 now_ = gasleft();
        gas[stage] = checkpoint - now_;
        return now_;
    }
}
