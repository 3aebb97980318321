// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Calls to EIP-8052's Falcon-512 precompiles (Draft, addresses to be assigned; 1,000 + 2,000 gas):
 * FALCON_HASH_TO_POINT_SHAKE256 (`hash ‖ σ` → the 897-byte challenge c) and FALCON_CORE (`σ ‖ pk ‖ c` → 1 as a
 * 32-byte word when ‖(s1, s2)‖² is within the bound, nothing otherwise). σ is the 666-byte padded signature
 * `0x39 ‖ nonce ‖ compressed s2 ‖ zero bytes`, pk the standard 897-byte public key.
 *
 * Gas: EIP-8052 burns all the gas a call forwards when an input is malformed (here: a padded signature whose s2
 * does not decode), so each call gets a bounded allowance, {GAS_ALLOWANCE_FACTOR} times its published price
 * ({HASH_TO_POINT_GAS}, {CORE_GAS}), not all the gas left: a malformed signature then costs at most the two
 * allowances, about what a valid one costs, instead of the whole call's gas.
 *
 * Verdicts: an address without code (a chain before the fork) answers the hash-to-point call with success and no
 * data, and only that is "no answer", for the caller to verify in Solidity. Anything else is the chain's answer:
 * valid only as exactly 897 bytes from hash-to-point and then the word 1 from the core; a failed call (malformed
 * input, or out of gas under the allowance, which a repricing above it would cause) or any other output is a
 * rejection, never a fall-through to the Solidity path, whose key material (the expanded key E) is not the key the
 * precompiles verify with (pk).
 */
library EIP8052 {
    /// @dev The only signature length the precompiles take: the padded format.
    uint256 internal constant SIGNATURE_LENGTH = 666;
    uint256 internal constant PUBLIC_KEY_LENGTH = 897;
    uint256 internal constant CHALLENGE_LENGTH = 897;
    /**
     * @dev Where {verify} builds the core's input `σ ‖ pk ‖ c` (2,460 bytes), past `hash ‖ σ` (698 bytes), and where c
     * starts in it: 0x2c0 + 666 + 897.
     */
    uint256 private constant CORE_INPUT = 0x2c0;
    uint256 private constant CORE_INPUT_LENGTH = 2460;
    uint256 private constant CHALLENGE = 2267;
    /// @dev EIP-8052's prices: FALCON_HASH_TO_POINT_SHAKE256 and FALCON_CORE, fixed (their inputs have one length).
    uint256 internal constant HASH_TO_POINT_PRICE = 1_000;
    uint256 internal constant CORE_PRICE = 2_000;
    /**
     * @dev The allowances are this many times the published prices: headroom for a Draft's figure to rise (a price
     * above the allowance turns every answer into a rejection), while a malformed signature, which burns what its
     * call is given, still costs only a few thousand gas.
     */
    uint256 internal constant GAS_ALLOWANCE_FACTOR = 4;
    uint256 internal constant HASH_TO_POINT_GAS = GAS_ALLOWANCE_FACTOR * HASH_TO_POINT_PRICE;
    uint256 internal constant CORE_GAS = GAS_ALLOWANCE_FACTOR * CORE_PRICE;

    /**
     * @dev Asks the precompiles at `hashToPoint` and `core`, with at most `hashToPointGas` and `coreGas` gas, whether
     * `signature` is a valid Falcon-512 signature of `hash` under the public key at memory address `publicKey`
     * (897 bytes). `answered` is false only when `core` is zero, the signature is not in the padded format, or the
     * hash-to-point call succeeds with no data (no code there): then `valid` is false and the caller verifies in
     * Solidity. Otherwise `valid` is the precompiles' verdict, false when either call fails.
     */
    function verify(
        address hashToPoint,
        address core,
        uint256 hashToPointGas,
        uint256 coreGas,
        bytes32 hash,
        bytes calldata signature,
        uint256 publicKey
    ) internal view returns (bool answered, bool valid) {
        if (core == address(0) || signature.length != SIGNATURE_LENGTH) return (false, false);
        assembly ("memory-safe") {
            // Both inputs are built past the free memory pointer and dropped after the calls: `hash ‖ σ`, then
            // `σ ‖ pk ‖ c` at {CORE_INPUT} with c written by the hash-to-point call in place.
            let input := mload(0x40)
            mstore(input, hash)
            calldatacopy(add(input, 0x20), signature.offset, SIGNATURE_LENGTH)
            calldatacopy(add(input, CORE_INPUT), signature.offset, SIGNATURE_LENGTH)
            mcopy(add(input, add(CORE_INPUT, SIGNATURE_LENGTH)), publicKey, PUBLIC_KEY_LENGTH)
            let success := staticcall(
                hashToPointGas, hashToPoint, input, add(0x20, SIGNATURE_LENGTH), add(input, CHALLENGE), CHALLENGE_LENGTH
            )
            answered := iszero(and(success, iszero(returndatasize())))
            if and(success, eq(returndatasize(), CHALLENGE_LENGTH)) {
                mstore(0, 0)
                success := staticcall(coreGas, core, add(input, CORE_INPUT), CORE_INPUT_LENGTH, 0, 0x20)
                valid := and(success, and(eq(returndatasize(), 0x20), eq(mload(0), 1)))
            }
        }
    }
}
