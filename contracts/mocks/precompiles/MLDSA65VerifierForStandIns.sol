// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP8355} from "../../precompiles/EIP8355.sol";
import {MLDSA65Verifier} from "../../verifiers/MLDSA65Verifier.sol";

/**
 * @dev Test and bench harness, not for deployment: {MLDSA65Verifier} with the gas allowance of its EIP-8355 call
 * chosen at deployment, for the Solidity stand-in {MLDSA65PrecompileStandIn}, which costs millions of gas where the
 * precompile costs thousands. Only {_precompileGas} differs. The verifier's own allowance (four times the EIP's price)
 * is too small for the stand-in: with it, the deployed verifier rejects every empty-context signature through the
 * stand-in, as it would on a chain whose precompile price rose above the allowance.
 */
contract MLDSA65VerifierForStandIns is MLDSA65Verifier {
    uint256 private immutable _gas;

    constructor(address precompile_, uint256 gas_) MLDSA65Verifier(precompile_) {
        _gas = gas_;
    }

    /// @dev The deployed verifier's allowance for a public key and message of these lengths: {EIP8355-gasAllowance}.
    function verifierPrecompileGas(uint256 publicKeyLength, uint256 messageLength) external pure returns (uint256) {
        return EIP8355.gasAllowance(publicKeyLength, messageLength);
    }

    function _precompileGas(uint256, uint256) internal view override returns (uint256) {
        return _gas;
    }
}
