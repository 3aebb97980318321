// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Calls to an EIP-8355 ML-DSA verification precompile (VERIFY_MLDSA44, _65 or _87, Draft: published as
 * addresses 0x12–0x14, 6,500 / 9,000 / 13,500 gas plus 6 per message word). Its input is `pk ‖ σ ‖ M` with the
 * standard FIPS 204 public key and signature and any message M, verified in pure mode with an empty context; it
 * always returns exactly 32 bytes (1 for valid, 0 otherwise) and never reverts, so any other answer, including the
 * empty one of an address without code, means the chain has no such precompile.
 */
library EIP8355 {
    /**
     * @dev Asks the precompile at `precompile` whether `signature` is a valid signature of `message` under the public
     * key of `publicKeyLength` bytes at memory address `publicKey`. `answered` is false when `precompile` is zero or
     * the chain gave no EIP-8355 answer (then `valid` is false and the caller verifies in Solidity). Forwards all gas:
     * the precompile charges its published price and burns none on bad input.
     */
    function verify(
        address precompile,
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
            let success := staticcall(gas(), precompile, input, sub(end, input), 0, 0x20)
            answered := and(success, eq(returndatasize(), 0x20))
            valid := and(answered, eq(mload(0), 1))
        }
    }
}
