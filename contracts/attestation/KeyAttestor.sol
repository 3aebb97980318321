// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {KeyAttestation} from "./KeyAttestation.sol";

/**
 * @dev Proves on-chain, once per key, that a lattice key's expanded key E is derived from its public key pk, and
 * records it for every verifier and account that later reads that key.
 *
 * {attest} recomputes E from pk (each family's {_expand}), computes the commitment(E ‖ pk) that the ERC-7913 key
 * carries (keccak256 of the code hashes of E ‖ pk's code-store chunks, {ExpandedKeyReader-commitmentOf}), and
 * records it (see {KeyAttestation}): a verifier's `keyId` then accepts exactly the keys whose E is pk's expansion.
 * Permissionless and content-addressed: anyone may attest any public key, the record depends on the key alone, a
 * second attestation records nothing, and nothing here can record a commitment whose E is not pk's. The caller pays
 * the expansion (see the README's key identity section for the figures), once per key on a chain, never during
 * validation.
 *
 * @custom:stateless
 */
abstract contract KeyAttestor {
    /// @dev `commitment` = commitment(E ‖ pk) is attested: its record is at `record`.
    event KeyAttested(bytes32 indexed commitment, address record);

    /// @dev `publicKey` is not a public key of this attestor's schemes (its length, header or a coefficient).
    error KeyAttestorInvalidPublicKey(bytes publicKey);

    /**
     * @dev Recomputes E from `publicKey` and records its commitment commitment(E ‖ pk) as attested, unless it already
     * is. Returns the commitment. Reverts with {KeyAttestorInvalidPublicKey} for a malformed public key.
     */
    function attest(bytes calldata publicKey) public virtual returns (bytes32 commitment) {
        commitment = commitmentOf(publicKey);
        if (!isAttested(commitment)) emit KeyAttested(commitment, KeyAttestation.record(commitment));
    }

    /// @dev E ‖ pk for `publicKey`: what an ERC-7913 key for it commits to and what the SDK stores in code.
    function expandedKeyOf(bytes calldata publicKey) public view virtual returns (bytes memory) {
        return bytes.concat(_expand(publicKey), publicKey);
    }

    /// @dev The commitment to E ‖ pk for `publicKey` ({ExpandedKeyReader-commitmentOf}), which {attest} records.
    function commitmentOf(bytes calldata publicKey) public view virtual returns (bytes32) {
        return ExpandedKeyReader.commitmentOf(expandedKeyOf(publicKey));
    }

    /// @dev Whether `commitment` is attested.
    function isAttested(bytes32 commitment) public view virtual returns (bool) {
        return KeyAttestation.isAttested(address(this), commitment);
    }

    /// @dev Where the record of `commitment` is (or would be): the address verifiers check for code.
    function recordOf(bytes32 commitment) public view virtual returns (address) {
        return KeyAttestation.recordAddress(address(this), commitment);
    }

    /// @dev E for `publicKey`; reverts with {KeyAttestorInvalidPublicKey} if it is not a public key of this family.
    function _expand(bytes calldata publicKey) internal view virtual returns (bytes memory expandedKey);
}
