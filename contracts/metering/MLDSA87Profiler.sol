// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA87} from "../utils/MLDSA87.sol";
import {MLDSA65NTT} from "../utils/MLDSA65NTT.sol";
import {SHAKE} from "../utils/SHAKE.sol";

/**
 * @dev Where {MLDSA87Verifier} spends its gas, for the gas suite: the verifier's steps run in the same order
 * with a gas reading between them. Like {ERC7913GasMeter} it is never deployed; callers place its code with
 * an `eth_call` state override. It must follow {MLDSA87-verify} step for step; the gas suite checks that its
 * total and its verdict agree with the verifier's own.
 */
contract MLDSA87Profiler {
    /// @dev The steps, in the order of {profile}'s result.
    function stages() external pure returns (string[8] memory) {
        return [
            "expanded key: EXTCODECOPY + commitment",
            "signature decoding: hint checks, z unpack and norm",
            "mu = SHAKE256(tr || M')",
            "SampleInBall (SHAKE256)",
            "8 forward NTTs (z, c)",
            "A*z - c*t1 pointwise products",
            "8 inverse NTTs + UseHint + w1Encode",
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
            ExpandedKeyReader.readWithPublicKey(key, MLDSA87.EXPANDED_KEY_LENGTH, MLDSA87.PUBLIC_KEY_LENGTH);
        if (!ok || signature.length != MLDSA87.SIGNATURE_LENGTH) return (gas, false);
        checkpoint = _lap(gas, 0, checkpoint);

        (bool decoded, uint256 z) = MLDSA87.decodeSignature(signature);
        if (!decoded) return (gas, false);
        checkpoint = _lap(gas, 1, checkpoint);

        bytes memory transcript = new bytes(64 + 1024);
        if (!_arithmetic(gas, _address(expandedKey), hash, signature, z, _address(transcript))) return (gas, false);

        checkpoint = gasleft();
        bytes memory cTildePrime = SHAKE.shake256(transcript, 64);
        valid = bytes32(signature[0:32]) == _word(cTildePrime, 0) && bytes32(signature[32:64]) == _word(cTildePrime, 32);
        _lap(gas, 7, checkpoint);
    }

    /// @dev Stages 2 to 6: μ, SampleInBall, and w1Encode(w1′) written after μ in the transcript; false if
    /// SampleInBall gives up (see {MLDSA87-_sampleInBall}).
    function _arithmetic(
        uint256[8] memory gas,
        uint256 expanded,
        bytes32 hash,
        bytes calldata signature,
        uint256 z,
        uint256 transcript
    ) private view returns (bool) {
        uint256 checkpoint = gasleft();
        MLDSA87._mu(expanded, abi.encodePacked(hash), "", transcript);
        checkpoint = _lap(gas, 2, checkpoint);

        if (!MLDSA87._sampleInBall(signature, z + MLDSA87.C_OFFSET)) return false;
        checkpoint = _lap(gas, 3, checkpoint);

        uint256 zetas = _address(MLDSA65NTT.zetaTable());
        for (uint256 j = 0; j < 8; ++j) MLDSA65NTT.ntt(z + j * MLDSA87.POLY_BYTES, zetas);
        checkpoint = _lap(gas, 4, checkpoint);

        MLDSA87._accumulate(expanded, z);
        checkpoint = _lap(gas, 5, checkpoint);

        for (uint256 i = 0; i < 8; ++i) {
            MLDSA65NTT.invNttPairs(z + MLDSA87.PRODUCTS_OFFSET + i * 4096, z + i * MLDSA87.POLY_BYTES, zetas);
            MLDSA87._useHintAndEncode(z + i * MLDSA87.POLY_BYTES, signature, i, transcript + 64 + i * 128);
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
