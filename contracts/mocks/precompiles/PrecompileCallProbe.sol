// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Test harness for the precompile stand-ins: a STATICCALL to `target` with raw `input` and at most `gasLimit`
 * gas, reporting success, the gas spent around it and the raw returndata. `gasUsed` also counts the warm CALL
 * itself and the copying of the returndata (a few hundred gas), so a call that burns its gas (`invalid()`) reports
 * `gasUsed ≥ gasLimit`, and one that reverts or returns reports less.
 */
contract PrecompileCallProbe {
    function probe(address target, bytes calldata input, uint256 gasLimit)
        external
        view
        returns (bool success, uint256 gasUsed, bytes memory output)
    {
        // Warm the target first, so that the measurement does not include the cold account access.
        assembly ("memory-safe") {
            pop(extcodehash(target))
        }
        uint256 before = gasleft();
        (success, output) = target.staticcall{gas: gasLimit}(input);
        gasUsed = before - gasleft();
    }
}
