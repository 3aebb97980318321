// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA44} from "../../utils/MLDSA44.sol";
import {MLDSAPrecompileStandIn} from "./MLDSAPrecompileStandIn.sol";

/**
 * @dev Stand-in for EIP-8355's VERIFY_MLDSA44 precompile (a chain feature that does not exist yet), for tests and
 * the gas bench; not for deployment. EIP-8355 gives the precompile address 0x12: this contract's runtime code goes
 * there with `hardhat_setCode` / `anvil_setCode`. Input pk (1,312 bytes) ‖ σ (2,420) ‖ M; output 32 bytes,
 * 1 when ML-DSA-44.Verify(pk, M, σ) with the empty context accepts, else 0 (see {MLDSAPrecompileStandIn}).
 */
contract MLDSA44PrecompileStandIn is MLDSAPrecompileStandIn {
    function _parameters() internal pure override returns (uint256 k, uint256 l, uint256 signatureLength) {
        return (4, 4, MLDSA44.SIGNATURE_LENGTH);
    }

    function _verify(bytes memory expandedKey, bytes memory message, bytes calldata signature)
        internal
        view
        override
        returns (bool)
    {
        return MLDSA44.verify(expandedKey, message, "", signature);
    }
}
