// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {ERC7913SignerGuard} from "../accounts/ERC7913SignerGuard.sol";
import {ERC7913SafeOwner} from "./ERC7913SafeOwner.sol";

/**
 * @dev Deterministic factory of {ERC7913SafeOwner}s: the owner of an ERC-7913 signer is an ERC-1167 clone whose
 * immutable arguments are the signer, at a CREATE2 address that depends on the signer alone, so anyone can compute
 * it off-chain (or through {getOwnerAddress}) and add it to a Safe before or after it is deployed. {createOwner}
 * is idempotent: it returns the existing owner when it is already deployed.
 *
 * A signer passes the same checks as a {PQAccount}'s ({ERC7913SignerGuard-signerKeyId}) before its owner is
 * deployed: its verifier holds code and answers a malformed call with failure (no precompile, no EOA, no
 * accept-everything contract), and its key is the verifier's canonical encoding of a key that can verify (for
 * ML-DSA and Falcon, its expanded key deployed), so a Safe cannot be given an owner that accepts anything or one
 * that can never sign.
 */
contract ERC7913SafeOwnerFactory is ERC7913SignerGuard {
    /// @dev The implementation every owner clones.
    ERC7913SafeOwner public immutable ownerImplementation;

    /// @dev `owner` was deployed for `signer`.
    event ERC7913SafeOwnerCreated(address indexed owner, bytes signer);

    constructor() {
        ownerImplementation = new ERC7913SafeOwner();
    }

    /**
     * @dev Deploys the owner of `signer` (ERC-7913, `verifier ‖ key`), or returns it if it exists. Reverts with the
     * guard's error if `signer` is refused (see {ERC7913SignerGuard}).
     */
    function createOwner(bytes calldata signer) external returns (ERC7913SafeOwner) {
        address owner = getOwnerAddress(signer);
        if (owner.code.length == 0) {
            signerKeyId(signer);
            Clones.cloneDeterministicWithImmutableArgs(address(ownerImplementation), signer, bytes32(0));
            emit ERC7913SafeOwnerCreated(owner, signer);
        }
        return ERC7913SafeOwner(owner);
    }

    /// @dev The address of the owner of `signer`, deployed or not.
    function getOwnerAddress(bytes calldata signer) public view returns (address) {
        return Clones.predictDeterministicAddressWithImmutableArgs(address(ownerImplementation), signer, bytes32(0));
    }
}
