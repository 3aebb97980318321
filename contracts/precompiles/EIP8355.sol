// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Calls to an EIP-8355 ML-DSA verification precompile (VERIFY_MLDSA44, _65 or _87, Draft: published as
 * addresses 0x12–0x14, 6,500 / 9,000 / 13,500 gas plus 6 per message word). Its input is `pk ‖ σ ‖ M` with the
 * standard FIPS 204 public key and signature and any message M, verified in pure mode with an empty context; it
 * always returns exactly 32 bytes (1 for valid, 0 otherwise) and never reverts.
 *
 * Each call gets {GAS_ALLOWANCE_FACTOR} times the EIP's price for its input ({gasAllowance}), not all the gas left:
 * the price is fixed by the input's length, so a multiple of it is enough for any input, and whatever a call costs
 * (a malformed input included) it never costs more than that.
 *
 * Verdicts: an address without code (a chain before the fork) answers a call with success and no data, and only
 * that is "no answer", for the caller to verify in Solidity. Anything else is the chain's answer: valid only as a
 * successful call returning exactly the word 1; a failed call (out of gas under the allowance, which a repricing
 * above it would cause) or any other output is a rejection, never a fall-through to the Solidity path, whose key
 * material (the expanded key E) is not the key the precompile verified with (pk).
 */
library EIP8355 {
    /// @dev EIP-8355's base prices: VERIFY_MLDSA44, _65, _87.
    uint256 internal constant MLDSA44_PRICE = 6_500;
    uint256 internal constant MLDSA65_PRICE = 9_000;
    uint256 internal constant MLDSA87_PRICE = 13_500;
    /// @dev EIP-8355's price per 32-byte word of the message (rounded up).
    uint256 internal constant PRICE_PER_MESSAGE_WORD = 6;
    /**
     * @dev The allowance is this many times the published price: headroom for a Draft's figure to rise (a price above
     * the allowance turns every answer into a rejection), while an input that fails still costs a few thousand gas.
     */
    uint256 internal constant GAS_ALLOWANCE_FACTOR = 4;

    /**
     * @dev EIP-8355's price for a public key of `publicKeyLength` bytes (1,312, 1,952 or 2,592: ML-DSA-44, 65 or 87)
     * and a message of `messageLength` bytes; 0 for any other key length (no such precompile: a call with no gas fails).
     */
    function price(uint256 publicKeyLength, uint256 messageLength) internal pure returns (uint256) {
        uint256 base = publicKeyLength == 1312
            ? MLDSA44_PRICE
            : publicKeyLength == 1952 ? MLDSA65_PRICE : publicKeyLength == 2592 ? MLDSA87_PRICE : 0;
        if (base == 0) return 0;
        // Unchecked: `messageLength` is a length in memory, below 2^64, so nothing here can overflow.
        unchecked {
            return base + PRICE_PER_MESSAGE_WORD * ((messageLength + 31) / 32);
        }
    }

    /// @dev The gas a call for that key and message is given: {GAS_ALLOWANCE_FACTOR} × {price}.
    function gasAllowance(uint256 publicKeyLength, uint256 messageLength) internal pure returns (uint256) {
        unchecked {
            return GAS_ALLOWANCE_FACTOR * price(publicKeyLength, messageLength);
        }
    }

    /**
     * @dev Asks the precompile at `precompile`, with at most `gasLimit` gas, whether `signature` is a valid signature
     * of `message` under the public key of `publicKeyLength` bytes at memory address `publicKey`. `answered` is false
     * only when `precompile` is zero or the call succeeds with no data (no code there): then `valid` is false and the
     * caller verifies in Solidity. Otherwise `valid` is the precompile's verdict, false when the call fails.
     */
    function verify(
        address precompile,
        uint256 gasLimit,
        uint256 publicKey,
        uint256 publicKeyLength,
        bytes calldata signature,
        bytes memory message
    ) internal view returns (bool answered, bool valid) {
        if (precompile == address(0)) return (false, false);
        assembly ("memory-safe") {
            // The input is built past the free memory pointer and dropped after the call.
            let input := mload(0x40)
            mcopy(input, publicKey, publicKeyLength)
            let end := add(input, publicKeyLength)
            calldatacopy(end, signature.offset, signature.length)
            end := add(end, signature.length)
            mcopy(end, add(message, 0x20), mload(message))
            end := add(end, mload(message))
            mstore(0, 0)
            let success := staticcall(gasLimit, precompile, input, sub(end, input), 0, 0x20)
            answered := iszero(and(success, iszero(returndatasize())))
            valid := and(and(success, eq(returndatasize(), 0x20)), eq(mload(0), 1))
        }
    }
}
