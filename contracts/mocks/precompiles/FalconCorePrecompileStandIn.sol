// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../../utils/Falcon.sol";
import {FalconKeyExpansion} from "../../utils/FalconKeyExpansion.sol";

/**
 * @dev Stand-in for EIP-8052's FALCON_CORE precompile (a chain feature that does not exist yet), for tests and the
 * gas bench; not for deployment. Tests place its runtime code at an address with `hardhat_setCode` /
 * `anvil_setCode`. It has no ABI, like a precompile: raw input, raw output.
 *
 * Input, exactly 2,460 bytes:
 *
 * - 666 bytes: a Falcon-512 padded signature, header 0x39 ‖ 40-byte salt ‖ compressed s2 ‖ zero bytes;
 * - 897 bytes: the public key in the standard round-3 encoding, header 0x09 ‖ 512 14-bit big-endian coefficients
 *   of h, each below q = 12289. (The EIP's table gives 897 bytes and its checks 512 elements in [0, q − 1]; its
 *   pseudo-code's "h in the ntt domain" is read as the transform the precompile computes from this key.)
 * - 897 bytes: the challenge c as {FalconHashToPointPrecompileStandIn} outputs it, 0x00 ‖ 512 14-bit big-endian
 *   coefficients, each below q.
 *
 * Output: 1 as a 32-byte word when ‖(s1, s2)‖² ≤ ⌊β²⌋ = 34,034,726 for s1 = c − s2·h mod (X^512 + 1, q), centred;
 * no output data when the input is well-formed but the signature is not short. The bound is the round-3 reference
 * implementation's acceptance (a norm not greater than ⌊β²⌋), as in {Falcon}; the EIP's pseudo-code's strict `<`
 * differs only for a norm of exactly 34,034,726.
 *
 * Malformed input burns all the gas supplied (the EIP's gas burning on error: `invalid()`): another input length;
 * a signature header other than 0x39, an s2 encoding the reference rejects (non-canonical, a coefficient beyond
 * ±2047, running past the end) or non-zero padding ({Falcon.decodeSignature}); a public-key header other than
 * 0x09 or a challenge first byte other than 0x00; a public-key or challenge coefficient ≥ q.
 *
 * @custom:stateless
 */
contract FalconCorePrecompileStandIn {
    uint256 private constant LOGN = 9;
    uint256 private constant WORDS = 64;
    uint256 private constant SIGNATURE_LENGTH = 666;
    uint256 private constant POLYNOMIAL_LENGTH = 897;
    uint256 private constant PUBLIC_KEY_OFFSET = SIGNATURE_LENGTH;
    uint256 private constant CHALLENGE_OFFSET = SIGNATURE_LENGTH + POLYNOMIAL_LENGTH;
    uint256 private constant INPUT_LENGTH = SIGNATURE_LENGTH + 2 * POLYNOMIAL_LENGTH;

    fallback() external {
        if (msg.data.length != INPUT_LENGTH) _burn();
        uint256 h = _decodePolynomial(PUBLIC_KEY_OFFSET, 0x09);
        uint256 c = _decodePolynomial(CHALLENGE_OFFSET, 0x00);
        (bool ok, uint256 s2, uint256 s2Norm) = Falcon.decodeSignature(LOGN, msg.data[0:SIGNATURE_LENGTH]);
        if (!ok) _burn();
        // The expanded key E of h, in place, as the SDK's `expandFalconPublicKey` computes it.
        FalconKeyExpansion.transform(h, WORDS);
        bool short = Falcon.isShort(LOGN, c, s2, s2Norm, h);
        assembly ("memory-safe") {
            if short {
                mstore(0, 1)
                return(0, 0x20)
            }
            return(0, 0)
        }
    }

    /**
     * @dev Decodes the 897-byte polynomial at calldata `offset`, `header` ‖ 512 14-bit big-endian fields, into fresh
     * memory as {FalconNTT} lanes ({FalconKeyExpansion-decodeFields}); burns the gas on another first byte or a
     * field ≥ q.
     */
    function _decodePolynomial(uint256 offset, uint256 header) private pure returns (uint256 p) {
        if (uint8(msg.data[offset]) != header) _burn();
        assembly ("memory-safe") {
            p := mload(0x40)
            mstore(0x40, add(p, shl(5, WORDS)))
        }
        if (!FalconKeyExpansion.decodeFields(offset + 1, p, WORDS)) _burn();
    }

    /// @dev Consumes all remaining gas, as a precompile does on malformed input.
    function _burn() private pure {
        assembly ("memory-safe") {
            invalid()
        }
    }
}
