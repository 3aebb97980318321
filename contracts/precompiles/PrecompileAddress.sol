// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev The check every verifier that can call a chain's precompile makes of the address it is deployed with: zero
 * (no precompile: the Solidity path only) or an address in the range EIP-1352 reserves for precompiles
 * (0x0001–0xffff) that no precompile already takes. No contract can be deployed there, so the verifier's answer can
 * come only from the chain itself, never from code someone deployed at the address; and an existing precompile
 * (the identity at 0x04 echoes its input) would answer for the new one.
 *
 * The taken addresses are Ethereum's as of Osaka: 0x01–0x0a (ECRECOVER … KZG point evaluation), 0x0b–0x11
 * (EIP-2537's BLS12-381 operations) and 0x100 (EIP-7951's P256VERIFY).
 */
library PrecompileAddress {
    /// @dev The highest address EIP-1352 reserves for precompiles.
    uint160 internal constant MAX = 0xffff;
    /// @dev The highest address of the contiguous precompiles 0x01–0x11.
    uint160 internal constant LAST_CONTIGUOUS = 0x11;
    /// @dev EIP-7951's P256VERIFY.
    uint160 internal constant P256VERIFY = 0x100;

    /// @dev `precompile` is neither zero nor in EIP-1352's precompile range.
    error PrecompileAddressNotReserved(address precompile);

    /// @dev `precompile` is the address of a precompile that already exists.
    error PrecompileAddressTaken(address precompile);

    /**
     * @dev Reverts with {PrecompileAddressNotReserved} unless `precompile` is zero or at most {MAX}, and with
     * {PrecompileAddressTaken} if it is an existing precompile's.
     */
    function check(address precompile) internal pure {
        uint160 value = uint160(precompile);
        if (value > MAX) revert PrecompileAddressNotReserved(precompile);
        if ((value != 0 && value <= LAST_CONTIGUOUS) || value == P256VERIFY) revert PrecompileAddressTaken(precompile);
    }
}
