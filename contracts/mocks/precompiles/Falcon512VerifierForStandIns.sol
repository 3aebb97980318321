// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP8052} from "../../precompiles/EIP8052.sol";
import {Falcon512Verifier} from "../../verifiers/Falcon512Verifier.sol";

/**
 * @dev Test and bench harness, not for deployment: {Falcon512Verifier} with the gas allowances of its EIP-8052 calls
 * chosen at deployment, for the Solidity stand-ins of the precompiles ({FalconHashToPointPrecompileStandIn},
 * {FalconCorePrecompileStandIn}), which cost tens and hundreds of thousands of gas where the precompiles cost
 * 1,000 and 2,000. Only {_precompileGas} differs. The verifier's own allowances (four times the EIP's prices) are too
 * small for the stand-ins: with them, the deployed verifier rejects every padded signature through the stand-ins, as
 * it would on a chain whose precompile price rose above the allowance.
 */
contract Falcon512VerifierForStandIns is Falcon512Verifier {
    uint256 private immutable _hashToPointGas;
    uint256 private immutable _coreGas;

    constructor(address hashToPoint_, address core_, uint256 hashToPointGas_, uint256 coreGas_)
        Falcon512Verifier(hashToPoint_, core_)
    {
        _hashToPointGas = hashToPointGas_;
        _coreGas = coreGas_;
    }

    /// @dev This harness's allowances, for tests to bound what a rejection costs.
    function precompileGas() external view returns (uint256 hashToPointGas, uint256 coreGas) {
        return _precompileGas();
    }

    /// @dev The deployed verifier's allowances: {EIP8052-HASH_TO_POINT_GAS} and {EIP8052-CORE_GAS}.
    function verifierPrecompileGas() external pure returns (uint256 hashToPointGas, uint256 coreGas) {
        return (EIP8052.HASH_TO_POINT_GAS, EIP8052.CORE_GAS);
    }

    function _precompileGas() internal view override returns (uint256, uint256) {
        return (_hashToPointGas, _coreGas);
    }
}
