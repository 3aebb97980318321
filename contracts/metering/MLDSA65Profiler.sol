// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA65} from "../utils/MLDSA65.sol";
import {MLDSA65NTT} from "../utils/MLDSA65NTT.sol";
import {SHAKE} from "../utils/SHAKE.sol";

/**
 * @dev Where {MLDSA65Verifier} spends its gas, for the gas suite: the verifier's steps run in the same order
 * with a gas reading between them. Like {ERC7913GasMeter} it is never deployed; callers place its code with
 * an `eth_call` state override. It must follow {MLDSA65-verify} step for step; the gas suite checks that its
 * total and its verdict agree with the verifier's own.
 */
contract MLDSA65Profiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[8] memory) {
        return [
            "expanded key: EXTCODECOPY + commitment",
            "signature decoding: hint checks, z unpack and norm",
            "mu = SHAKE256(tr || M')",
            "SampleInBall (SHAKE256)",
            "6 forward NTTs (z, c)",
            "A*z - c*t1 pointwise products",
            "6 inverse NTTs + UseHint + w1Encode",
            "c~' = SHAKE256(mu || w1) and compare"
        ];
    }

    /// @dev The gas of each of {stages} for `verify(key, hash, signature)`, and the verdict.
    function profile(bytes calldata key, bytes32 hash, bytes calldata signature)
        external
        view
        returns (uint256[8] memory gas, bool valid)
    {
        uint256 checkpoint = gasleft();
        (bool ok, bytes memory expandedKey, ) =
            ExpandedKeyReader.readWithPublicKey(key, MLDSA65.EXPANDED_KEY_LENGTH, MLDSA65.PUBLIC_KEY_LENGTH);
        if (!ok || signature.length != MLDSA65.SIGNATURE_LENGTH) return (gas, false);
        checkpoint = _lap(gas, 0, checkpoint);

        (bool decoded, uint256 z) = MLDSA65.decodeSignature(signature);
        if (!decoded) return (gas, false);
        checkpoint = _lap(gas, 1, checkpoint);

        bytes memory transcript = new bytes(64 + 768);
        if (!_arithmetic(gas, _address(expandedKey), hash, signature, z, _address(transcript))) return (gas, false);

        checkpoint = gasleft();
        bytes memory cTildePrime = SHAKE.shake256(transcript, 48);
        valid = bytes32(signature[0:32]) == _word(cTildePrime, 0) &&
            bytes16(signature[32:48]) == bytes16(_word(cTildePrime, 32));
        _lap(gas, 7, checkpoint);
    }

    /// @dev Stages 2 to 6: μ, SampleInBall, and w1Encode(w1′) written after μ in the transcript; false if
    /// SampleInBall gives up (see {MLDSA65-_sampleInBall}).
    function _arithmetic(
        uint256[8] memory gas,
        uint256 expanded,
        bytes32 hash,
        bytes calldata signature,
        uint256 z,
        uint256 transcript
    ) private view returns (bool) {
        uint256 checkpoint = gasleft();
        MLDSA65._mu(expanded, abi.encodePacked(hash), "", transcript);
        checkpoint = _lap(gas, 2, checkpoint);

        if (!MLDSA65._sampleInBall(signature, z + MLDSA65.C_OFFSET)) return false;
        checkpoint = _lap(gas, 3, checkpoint);

        uint256 zetas = _address(MLDSA65NTT.zetaTable());
        for (uint256 j = 0; j < 6; ++j) MLDSA65NTT.ntt(z + j * MLDSA65.POLY_BYTES, zetas);
        checkpoint = _lap(gas, 4, checkpoint);

        MLDSA65._accumulate(expanded, z);
        checkpoint = _lap(gas, 5, checkpoint);

        for (uint256 i = 0; i < 6; ++i) {
            MLDSA65NTT.invNttPairs(z + MLDSA65.PRODUCTS_OFFSET + i * 4096, z + i * MLDSA65.POLY_BYTES, zetas);
            MLDSA65._useHintAndEncode(z + i * MLDSA65.POLY_BYTES, signature, i, transcript + 64 + i * 128);
        }
        _lap(gas, 6, checkpoint);
        return true;
    }

    /// @dev Records the gas spent since `checkpoint` as `stage`'s, and returns the new checkpoint.
    function _lap(uint256[8] memory gas, uint256 stage, uint256 checkpoint) private view returns (uint256 now_) {
        now_ = gasleft();
        gas[stage] = checkpoint - now_;
    }

    function _address(bytes memory data) private pure returns (uint256 pointer) {
        assembly ("memory-safe") {
            pointer := add(data, 0x20)
        }
    }

    function _word(bytes memory data, uint256 offset) private pure returns (bytes32 word) {
        assembly ("memory-safe") {
            word := mload(add(add(data, 0x20), offset))
        }
    }
}
