// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";

/**
 * @dev Where key attestations live and how a verifier reads them.
 *
 * A {KeyAttestor} records that a commitment commitment(E ‖ pk) is genuine (E is pk's expansion, recomputed on-chain)
 * by deploying a one-byte contract with CREATE2, salt = the commitment. Whether a commitment is attested is then
 * whether the attestor's CREATE2 address for it holds code: one EXTCODESIZE, a code read that ERC-7562 allows during
 * ERC-4337 validation (reading another contract's storage is not allowed), and cheaper than a call and an SLOAD.
 * Only the attestor can deploy at those addresses, and the record's code (a lone STOP) can never go away.
 *
 * Attestors are deployed through the CREATE2 deployer with pq4337's salt (0), as the SDK's `deployPQ4337` does, so a
 * verifier computes its attestor's address from the attestor's creation code, with no constructor argument. That
 * creation code, metadata included, must be the one the attestor's own build gives: the metadata hash covers the
 * compilation's remappings, which is why the attestors use OpenZeppelin's {Create2}, as every verifier imports
 * OpenZeppelin (a test checks the verifiers' addresses against the SDK's).
 */
library KeyAttestation {
    /// @dev The deterministic CREATE2 deployer that pq4337 deploys through (the SDK's `create2DeployerAddress`).
    address internal constant CREATE2_DEPLOYER = 0x4e59b44847b379578588920cA78FbF26c0B4956C;
    /// @dev pq4337's deployment salt (the SDK's `deploymentSalt`).
    bytes32 internal constant DEPLOYMENT_SALT = bytes32(0);
    /// @dev An attestation record's creation code, `PUSH1 1 PUSH1 0 RETURN`: its code is one zero byte (STOP).
    bytes internal constant RECORD_CREATION_CODE = hex"60016000f3";
    /// @dev keccak256(RECORD_CREATION_CODE), written out: as `keccak256(RECORD_CREATION_CODE)` the IR pipeline copies the
    /// code to memory and hashes it at every use. test/attestation checks it: {isAttested} finds the record that the
    /// SDK, hashing the code itself, says an attestation deployed.
    bytes32 internal constant RECORD_CREATION_CODE_HASH = 0x5e59e02549ba8e07ea50ebd4ed8e46ed3ef88ddfb158dda6108a036181bc9bad;

    /// @dev Where the CREATE2 deployer puts `creationCode` with {DEPLOYMENT_SALT}.
    function deterministicAddress(bytes memory creationCode) internal pure returns (address) {
        return Create2.computeAddress(DEPLOYMENT_SALT, keccak256(creationCode), CREATE2_DEPLOYER);
    }

    /// @dev The address of `attestor`'s record of `commitment`, whether it exists or not.
    function recordAddress(address attestor, bytes32 commitment) internal pure returns (address) {
        return Create2.computeAddress(commitment, RECORD_CREATION_CODE_HASH, attestor);
    }

    /// @dev Whether `attestor` has attested `commitment`: its record holds code.
    function isAttested(address attestor, bytes32 commitment) internal view returns (bool) {
        return recordAddress(attestor, commitment).code.length != 0;
    }

    /// @dev Deploys this contract's record of `commitment` (which must not exist yet); returns its address.
    function record(bytes32 commitment) internal returns (address) {
        return Create2.deploy(0, commitment, RECORD_CREATION_CODE);
    }

    /**
     * @dev The {IERC7913KeyIdentity-keyId} of a lattice key `commitment(E ‖ pk) ‖ chunk addresses` whose E is
     * `expandedKeyLength` bytes and pk `publicKeyLength`: keccak256(pk), the identity of the keypair whatever the
     * verifier and wherever E ‖ pk is stored, once the commitment is attested by `attestor` (E is pk's expansion) and
     * E ‖ pk is in code and matches it (every chunk has exactly its data). Reverts with
     * {IERC7913KeyIdentity-ERC7913UnattestedKey} for a commitment `attestor` has not attested, and with
     * {IERC7913KeyIdentity-ERC7913NonCanonicalKey} for a key of another length or whose data is not in place.
     */
    function keyId(bytes calldata key, address attestor, uint256 expandedKeyLength, uint256 publicKeyLength)
        internal
        view
        returns (bytes32 id)
    {
        if (key.length < 32) revert IERC7913KeyIdentity.ERC7913NonCanonicalKey(key);
        if (!isAttested(attestor, bytes32(key[0:32]))) revert IERC7913KeyIdentity.ERC7913UnattestedKey(key);
        (bool ok, , uint256 publicKey) = ExpandedKeyReader.readWithPublicKey(key, expandedKeyLength, publicKeyLength);
        if (!ok) revert IERC7913KeyIdentity.ERC7913NonCanonicalKey(key);
        assembly ("memory-safe") {
            id := keccak256(publicKey, publicKeyLength)
        }
    }
}
