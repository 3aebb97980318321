// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";

/**
 * @dev Measures the execution gas of an ERC-7913 `verify` call, for the CLI and the gas suite. It is never
 * deployed: callers place its runtime code with an `eth_call` state override.
 *
 * The figure is the gas consumed by the STATICCALL to the verifier, with the verifier's address already warm
 * (EIP-2929): the verifier's own execution plus the 100-gas warm CALL. It excludes the transaction's intrinsic
 * and calldata gas and the 2,500-gas cold-access surcharge a first call in a transaction pays.
 */
contract ERC7913GasMeter {
    /// @dev Calls `verifier.verify(key, hash, signature)` and returns its result and the gas it consumed.
    function measure(
        address verifier,
        bytes calldata key,
        bytes32 hash,
        bytes calldata signature
    ) external view returns (bytes4 result, uint256 gasUsed) {
        bytes memory data = abi.encodeCall(IERC7913SignatureVerifier.verify, (key, hash, signature));
        // Warms the verifier's address so that the measurement does not depend on access order.
        uint256 codeSize = verifier.code.length;
        bytes memory returned;
        bool success;
        uint256 before = gasleft();
        (success, returned) = verifier.staticcall(data);
        gasUsed = before - gasleft();
        result = success && codeSize != 0 && returned.length >= 32 ? abi.decode(returned, (bytes4)) : bytes4(0xffffffff);
    }

    /**
     * @dev Calls `target` with `data` (a verifier's entry point other than ERC-7913's, such as a message of any
     * length) the same way, and returns whether the call succeeded, what it returned and the gas it consumed.
     */
    function measureCall(
        address target,
        bytes calldata data
    ) external view returns (bool success, bytes memory returned, uint256 gasUsed) {
        uint256 codeSize = target.code.length;
        uint256 before = gasleft();
        (success, returned) = target.staticcall(data);
        gasUsed = before - gasleft();
        success = success && codeSize != 0;
    }
}
