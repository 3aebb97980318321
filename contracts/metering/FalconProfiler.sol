// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../utils/Falcon.sol";

/**
 * @dev Where {Falcon512Verifier} and {Falcon1024Verifier} spend their gas, for the gas suite: the verifiers'
 * steps run in the same order with a gas reading between them. Never deployed: callers place its code with an
 * `eth_call` state override. It must follow the verifiers step for step; the gas suite checks that its total
 * and its verdict agree with theirs.
 */
contract FalconProfiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[4] memory) {
        return [
            "expanded key: EXTCODECOPY + commitment",
            "signature decoding (s2 from CT fields or compressed codes, all checks)",
            "hash-to-point: SHAKE256(nonce || message)",
            "s1 = c - s2*h: forward NTT, product (and the key's range check), inverse NTT, norm"
        ];
    }

    /// @dev The gas of each of {stages} for Falcon-2^`logn` `verify(key, hash, signature)`, and the verdict.
    function profile(uint256 logn, bytes calldata key, bytes32 hash, bytes calldata signature)
        external
        view
        returns (uint256[4] memory gas, bool valid)
    {
        if (key.length != 52) return (gas, false);
        uint256 checkpoint = gasleft();
        (bool ok, uint256 e) = Falcon.readCommittedKey(logn, key);
        if (!ok) return (gas, false);
        valid = _verify(gas, _lap(gas, 0, checkpoint), logn, hash, signature, e);
    }

    function _verify(
        uint256[4] memory gas,
        uint256 checkpoint,
        uint256 logn,
        bytes32 hash,
        bytes calldata signature,
        uint256 e
    ) private view returns (bool) {
        (bool decoded, uint256 s2, uint256 s2Norm) = Falcon.decodeSignature(logn, signature);
        if (!decoded) return false;
        checkpoint = _lap(gas, 1, checkpoint);

        uint256 c = Falcon.hashToPoint(logn, signature[1:41], hash);
        checkpoint = _lap(gas, 2, checkpoint);

        bool short = Falcon.isShort(logn, c, s2, s2Norm, e);
        _lap(gas, 3, checkpoint);
        return short;
    }

    /// @dev Records the gas spent since `checkpoint` as `stage`'s, and returns the new checkpoint.
    function _lap(uint256[4] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256 now_) {
        now_ = gasleft();
        gas[stage] = checkpoint - now_;
    }
}
