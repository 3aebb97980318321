// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Calls to EIP-8052's Falcon-512 precompiles (Draft, addresses to be assigned; 1,000 + 2,000 gas):
 * FALCON_HASH_TO_POINT_SHAKE256 (`hash ‖ σ` → the 897-byte challenge c) and FALCON_CORE (`σ ‖ pk ‖ c` → 1 as a
 * 32-byte word when ‖(s1, s2)‖² is within the bound, nothing otherwise). σ is the 666-byte padded signature
 * `0x39 ‖ nonce ‖ compressed s2 ‖ zero bytes`, pk the standard 897-byte public key.
 *
 * The hash-to-point answer tells whether the chain has the precompiles: an address without code returns nothing,
 * the precompile exactly 897 bytes. EIP-8052 burns all the gas a call forwards when an input is malformed (here: a
 * padded signature whose s2 does not decode), so such a signature costs the caller the gas it forwards.
 */
library EIP8052 {
    /// @dev The only signature length the precompiles take: the padded format.
    uint256 internal constant SIGNATURE_LENGTH = 666;
    uint256 internal constant PUBLIC_KEY_LENGTH = 897;
    uint256 internal constant CHALLENGE_LENGTH = 897;

    /**
     * @dev Asks the precompiles at `hashToPoint` and `core` whether `signature` is a valid Falcon-512 signature of
     * `hash` under the public key at memory address `publicKey` (897 bytes). `answered` is false when `core` is zero,
     * the signature is not in the padded format, or the chain gave no EIP-8052 answer (then `valid` is false and the
     * caller verifies in Solidity).
     */
    function verify(address hashToPoint, address core, bytes32 hash, bytes calldata signature, uint256 publicKey)
        internal
        view
        returns (bool answered, bool valid)
    {
        if (core == address(0) || signature.length != SIGNATURE_LENGTH) return (false, false);
        assembly ("memory-safe") {
            // Both inputs are built past the free memory pointer and dropped after the calls: `hash ‖ σ`, then
            // `σ ‖ pk ‖ c` with c written by the hash-to-point call in place.
            let hashInput := mload(0x40)
            mstore(hashInput, hash)
            calldatacopy(add(hashInput, 0x20), signature.offset, SIGNATURE_LENGTH)
            let coreInput := add(hashInput, 0x2c0)
            calldatacopy(coreInput, signature.offset, SIGNATURE_LENGTH)
            mcopy(add(coreInput, SIGNATURE_LENGTH), publicKey, PUBLIC_KEY_LENGTH)
            let challenge := add(coreInput, add(SIGNATURE_LENGTH, PUBLIC_KEY_LENGTH))
            let success := staticcall(gas(), hashToPoint, hashInput, add(0x20, SIGNATURE_LENGTH), challenge, CHALLENGE_LENGTH)
            answered := and(success, eq(returndatasize(), CHALLENGE_LENGTH))
            if answered {
                mstore(0, 0)
                success := staticcall(gas(), core, coreInput, add(sub(challenge, coreInput), CHALLENGE_LENGTH), 0, 0x20)
                valid := and(success, and(eq(returndatasize(), 0x20), eq(mload(0), 1)))
            }
        }
    }
}
