// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSA87} from "../../utils/MLDSA87.sol";
import {MLDSAPrecompileStandIn} from "./MLDSAPrecompileStandIn.sol";

/**
 * @dev Stand-in for EIP-8355's VERIFY_MLDSA87 precompile (a chain feature that does not exist yet), for tests and
 * the gas bench; not for deployment. EIP-8355 gives the precompile address 0x14: this contract's runtime code goes
 * there with `hardhat_setCode` / `anvil_setCode`. Input pk (2,592 bytes) ‖ σ (4,627) ‖ M; output 32 bytes,
 * 1 when ML-DSA-87.Verify(pk, M, σ) with the empty context accepts, else 0 (see {MLDSAPrecompileStandIn}).
 */
contract MLDSA87PrecompileStandIn is MLDSAPrecompileStandIn {
    function _parameters() internal pure override returns (uint256 k, uint256 l, uint256 signatureLength) {
        return (8, 7, MLDSA87.SIGNATURE_LENGTH);
    }

    function _verify(bytes memory expandedKey, bytes memory message, bytes calldata signature)
        internal
        view
        override
        returns (bool)
    {
        return MLDSA87.verify(expandedKey, message, "", signature);
    }
}
