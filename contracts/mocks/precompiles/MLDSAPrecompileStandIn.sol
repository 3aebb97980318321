// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MLDSAKeyExpansion} from "../../utils/MLDSAKeyExpansion.sol";

/**
 * @dev The shape shared by the stand-ins for EIP-8355's ML-DSA verification precompiles (a chain feature that does
 * not exist yet), for tests and the gas bench; not for deployment. Placed at a precompile's address with
 * `hardhat_setCode` / `anvil_setCode`, the runtime code answers as EIP-8355 specifies:
 *
 * - input pk ‖ σ ‖ M with no length fields: the FIPS 204 encodings of the public key (32 + 320k bytes) and of
 *   the signature, then the message, every byte that follows (possibly none);
 * - ML-DSA.Verify(pk, M, σ) in pure mode with the empty context, M' = 0x00 ‖ 0x00 ‖ M, from pk alone: Â, t̂1
 *   and tr are computed on every call ({MLDSAKeyExpansion}), then {MLDSA44}, {MLDSA65} or {MLDSA87} verifies;
 * - output always exactly 32 bytes, 1 for a valid signature and 0 otherwise (an invalid or malformed signature,
 *   an input shorter than pk ‖ σ); it never reverts on any input, only by running out of gas.
 *
 * It has no ABI, as a precompile has none: everything goes through the fallback. Unlike a precompile it rejects
 * a call carrying value (the fallback is not payable); callers of a verifier send none. Its gas is that of
 * Solidity doing the precompile's work (millions: ML-DSA-87 about 14.4M, under Osaka's 2^24 transaction cap),
 * not EIP-8355's schedule.
 */
abstract contract MLDSAPrecompileStandIn {
    /// @dev Verifies the input and returns the 32-byte result word.
    fallback() external {
        (uint256 k, uint256 l, uint256 signatureLength) = _parameters();
        uint256 publicKeyLength = MLDSAKeyExpansion.publicKeyLength(k);
        bool valid = false;
        if (msg.data.length >= publicKeyLength + signatureLength) {
            valid = _verify(
                MLDSAKeyExpansion.expand(msg.data[:publicKeyLength], k, l),
                msg.data[publicKeyLength + signatureLength:],
                msg.data[publicKeyLength:publicKeyLength + signatureLength]
            );
        }
        assembly ("memory-safe") {
            mstore(0, valid)
            return(0, 0x20)
        }
    }

    /// @dev The parameter set: Â is k × l, and the FIPS 204 signature length.
    function _parameters() internal pure virtual returns (uint256 k, uint256 l, uint256 signatureLength);

    /**
     * @dev ML-DSA.Verify with the empty context over the expanded key (see {MLDSAKeyExpansion}); `signature` has
     * the parameter set's length.
     */
    function _verify(bytes memory expandedKey, bytes memory message, bytes calldata signature)
        internal
        view
        virtual
        returns (bool);
}
