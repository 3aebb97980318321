// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Falcon} from "../../utils/Falcon.sol";

/**
 * @dev Stand-in for EIP-8052's FALCON_HASH_TO_POINT_SHAKE256 precompile (a chain feature that does not exist yet),
 * for tests and the gas bench; not for deployment. Tests place its runtime code at an address with
 * `hardhat_setCode` / `anvil_setCode`. It has no ABI, like a precompile: raw input, raw output.
 *
 * Input, exactly 698 bytes: a 32-byte message hash m ‖ a 666-byte Falcon-512 padded signature
 * (header 0x39 ‖ 40-byte salt r ‖ compressed s2, zero-padded). Only the salt is read: the header and s2 are
 * {FalconCorePrecompileStandIn}'s to check.
 *
 * Output, 897 bytes: the challenge c = HashToPoint(r ‖ m) (SHAKE256 read as 16-bit big-endian samples, those
 * below 61,445 kept, reduced mod q = 12289, 512 coefficients), encoded as the EIP states: each coefficient a 14-bit
 * big-endian unsigned integer, concatenated in index order c[0] … c[511]. The 7,168-bit string is 896 bytes; the
 * EIP's "left-pad … with zero bits to reach exactly 897 bytes" is read as padding on the left: one zero byte
 * first, then the 896 bytes of packed fields (the 7,168-bit string right-aligned in 897 bytes). This mirrors the
 * public key's layout (one header byte, then the 14-bit fields), with 0x00 in place of the header.
 *
 * Any other input length burns all the gas supplied (the EIP's gas burning on error: `invalid()`).
 *
 * @custom:stateless
 */
contract FalconHashToPointPrecompileStandIn {
    uint256 private constant LOGN = 9;
    uint256 private constant Q = 12289;
    uint256 private constant INPUT_LENGTH = 32 + 666;
    uint256 private constant OUTPUT_LENGTH = 897;

    fallback() external {
        if (msg.data.length != INPUT_LENGTH) _burn();
        // The salt: the signature's bytes 1 … 40, after the 32-byte message and the signature's header byte.
        uint256 c = Falcon.hashToPoint(LOGN, msg.data[33:73], bytes32(msg.data[0:32]));
        assembly ("memory-safe") {
            // 897 bytes and the 18-byte tail of the last 32-byte store.
            let out := mload(0x40)
            mstore(0x40, add(out, 0x3a0))
            mstore(out, 0)
            // c's lanes hold the kept samples (below 5q) in their low 16 bits: eight coefficients per word become
            // 112 bits, 14 bytes, written from byte 1 on; each store's zero tail is overwritten by the next.
            for { let w := 0 } lt(w, 64) { w := add(w, 1) } {
                let lanes := mload(add(c, shl(5, w)))
                let packed := 0
                for { let j := 0 } lt(j, 8) { j := add(j, 1) } {
                    let coefficient := mod(and(shr(sub(224, shl(5, j)), lanes), 0xffff), Q)
                    packed := or(shl(14, packed), coefficient)
                }
                mstore(add(add(out, 1), mul(w, 14)), shl(144, packed))
            }
            return(out, OUTPUT_LENGTH)
        }
    }

    /// @dev Consumes all remaining gas, as a precompile does on malformed input.
    function _burn() private pure {
        assembly ("memory-safe") {
            invalid()
        }
    }
}
