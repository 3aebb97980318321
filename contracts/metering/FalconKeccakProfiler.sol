// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../utils/Falcon.sol";
import {FalconKeccak} from "../utils/FalconKeccak.sol";

/**
 * @dev Where {Falcon512KeccakVerifier} (ETHFALCON, the keccak variant) spends its gas, for the gas suite: the
 * verifier's steps run in the same order with a gas reading between them. Never deployed: callers place its code
 * with an `eth_call` state override. It must follow {FalconKeccak-verifyWithKey} step for step.
 */
contract FalconKeccakProfiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[4] memory) {
        return [
            "expanded key: EXTCODECOPY + commitment",
            "signature decoding (s2 from its 32 words, range check, norm)",
            "hash-to-point: keccak256(salt || message), then the keccak-CTR blocks",
            "s1 = c - s2*h: forward NTT, product (and the key's range check), inverse NTT, norm"
        ];
    }

    /// @dev The gas of each of {stages} for `Falcon512KeccakVerifier.verify(key, hash, signature)`, and the verdict.
    function profile(bytes calldata key, bytes32 hash, bytes calldata signature)
        external
        view
        returns (uint256[4] memory gas, bool valid)
    {
        uint256 checkpoint = gasleft();
        (bool ok, uint256 e) = FalconKeccak.readKey(key);
        if (!ok) return (gas, false);
        valid = _verify(gas, _lap(gas, 0, checkpoint), hash, signature, e);
    }

    function _verify(uint256[4] memory gas, uint256 checkpoint, bytes32 hash, bytes calldata signature, uint256 e)
        private
        view
        returns (bool)
    {
        (bool decoded, uint256 s2, uint256 s2Norm) = FalconKeccak.decodeSignature(signature);
        if (!decoded) return false;
        checkpoint = _lap(gas, 1, checkpoint);

        uint256 c = FalconKeccak.hashToPoint(FalconKeccak.hashState(signature, hash));
        checkpoint = _lap(gas, 2, checkpoint);

        bool short = Falcon.isShort(9, c, s2, s2Norm, e);
        _lap(gas, 3, checkpoint);
        return short;
    }

    /// @dev Records the gas spent since `checkpoint` as `stage`'s, and returns the new checkpoint.
    function _lap(uint256[4] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256 now_) {
        now_ = gasleft();
        gas[stage] = checkpoint - now_;
    }
}
