// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev The check every verifier that can call a chain's precompile makes of the address it is deployed with: zero
 * (no precompile: the Solidity path only) or an address in the range EIP-1352 reserves for precompiles
 * (0x0001–0xffff). No contract can be deployed there, so the verifier's answer can come only from the chain itself,
 * never from code someone deployed at the address.
 */
library PrecompileAddress {
    /// @dev The highest address EIP-1352 reserves for precompiles.
    uint160 internal constant MAX = 0xffff;

    /// @dev `precompile` is neither zero nor in EIP-1352's precompile range.
    error PrecompileAddressNotReserved(address precompile);

    /// @dev Reverts with {PrecompileAddressNotReserved} unless `precompile` is zero or at most {MAX}.
    function check(address precompile) internal pure {
        if (uint160(precompile) > MAX) revert PrecompileAddressNotReserved(precompile);
    }
}
