// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {EIP8355} from "../precompiles/EIP8355.sol";
import {PrecompileAddress} from "../precompiles/PrecompileAddress.sol";
import {KeyAttestation} from "../attestation/KeyAttestation.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";

/**
 * @dev What the ML-DSA verifiers share: an ERC-7913 verifier for FIPS 204 in pure mode, whose key is
 * `commitment(E ‖ pk) ‖ the chunks' addresses` for the expanded public key E (Â, t̂1, tr) and the standard public key
 * pk = ρ ‖ t1, stored in code by the SDK's code store and checked against the commitment on every call. Each parameter
 * set supplies its sizes and its library through the hooks below.
 *
 * Precompile: deployed with the address of the chain's EIP-8355 precompile for the set (zero for none, else in
 * EIP-1352's precompile range), {verify} and {verifyMessage} with an empty context ask it with pk, and verify in
 * Solidity with E only when the chain gives no EIP-8355 answer (no code at the address: before the fork that adds
 * it). The call is given four times EIP-8355's price for its input ({EIP8355-gasAllowance}); a failed call (out of
 * gas under that allowance, as a price raised above it would make every call) is a rejection, never a fall-through
 * to the Solidity path. Both paths accept exactly the FIPS 204 signatures of the key as long as E is pk's expansion.
 * Checking that on every call would cost ExpandA, millions of gas, so it is proven once per key instead: the set's
 * {KeyAttestor} recomputes E from pk and records the commitment, and {keyId} (which the account's signer guard calls
 * before storing a key) refuses a key whose commitment is not attested. {verify} itself does not check the
 * attestation: its gas is unchanged.
 *
 * Any malformed input (lengths, a chunk without the expected code, a commitment mismatch, a malformed hint, an
 * out-of-range z) returns 0xffffffff; nothing reverts and the gas is bounded.
 *
 * @custom:stateless
 */
abstract contract MLDSAVerifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev The chain's EIP-8355 precompile for this parameter set, or zero.
    address private immutable _precompile;
    /// @dev The {KeyAttestor} whose records {keyId} requires.
    address private immutable _keyAttestor;

    /**
     * @param precompile_ The chain's EIP-8355 address for this parameter set, or zero for none.
     * @param keyAttestor_ The {KeyAttestor} of the set's expansion (at its deterministic address).
     */
    constructor(address precompile_, address keyAttestor_) {
        PrecompileAddress.check(precompile_);
        _precompile = precompile_;
        _keyAttestor = keyAttestor_;
    }

    /// @dev The {KeyAttestor} that must have attested a key's commitment for {keyId} to accept it.
    function keyAttestor() public view virtual returns (address) {
        return _keyAttestor;
    }

    /// @dev The EIP-8355 precompile this verifier asks first, or zero.
    function precompile() public view virtual returns (address) {
        return _precompile;
    }

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        return verifyMessage(key, abi.encodePacked(hash), "", signature)
            ? IERC7913SignatureVerifier.verify.selector
            : bytes4(0xFFFFFFFF);
    }

    /**
     * @dev ML-DSA.Verify(pk, M, σ, ctx) for a `message` of any length and a `context` of 0–255 bytes, with the key as
     * {verify} takes it; {verify} is this function for a 32-byte message and an empty context. Returns false, never
     * reverts, on malformed input, including a context of more than 255 bytes.
     */
    function verifyMessage(
        bytes calldata key,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) public view virtual returns (bool) {
        (uint256 keyLength, uint256 expandedKeyLength, uint256 publicKeyLength, uint256 signatureLength) = _sizes();
        if (key.length != keyLength || signature.length != signatureLength) return false;
        (bool ok, bytes memory expandedKey, uint256 publicKey) =
            ExpandedKeyReader.readWithPublicKey(key, expandedKeyLength, publicKeyLength);
        if (!ok) return false;
        // Without a precompile there is nothing to ask, nor its gas allowance to compute.
        if (context.length == 0 && _precompile != address(0)) {
            (bool answered, bool valid) = EIP8355.verify(
                _precompile, _precompileGas(publicKeyLength, message.length), publicKey, publicKeyLength, signature, message
            );
            if (answered) return valid;
        }
        // pk (read after E) and what the precompile call allocated are not read again: the verification's memory
        // starts where pk did, so that memory grows less (its cost is quadratic).
        assembly ("memory-safe") {
            mstore(0x40, publicKey)
        }
        return _verifyWithExpandedKey(expandedKey, message, context, signature);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(pk), once the commitment commitment(E ‖ pk) is attested by {keyAttestor} (E is pk's expansion)
    /// and E ‖ pk is read from code and matches it: the keypair both paths verify with, one identity under every
    /// lattice verifier and wherever the key is stored. {ERC7913UnattestedKey} for a key that is not attested.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        (uint256 keyLength, uint256 expandedKeyLength, uint256 publicKeyLength, ) = _sizes();
        if (key.length != keyLength) revert ERC7913NonCanonicalKey(key);
        return KeyAttestation.keyId(key, _keyAttestor, expandedKeyLength, publicKeyLength);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }

    /**
     * @dev The gas the EIP-8355 call is given for a public key of `publicKeyLength` bytes and a message of
     * `messageLength`: {EIP8355-gasAllowance}, four times the EIP's price. Only the test harnesses that place Solidity
     * stand-ins for the precompile (which cost far more than its price) override it.
     */
    function _precompileGas(uint256 publicKeyLength, uint256 messageLength) internal view virtual returns (uint256) {
        return EIP8355.gasAllowance(publicKeyLength, messageLength);
    }

    /// @dev The parameter set's ERC-7913 key length (32 + 20 per chunk), E's, pk's and σ's lengths.
    function _sizes()
        internal
        pure
        virtual
        returns (uint256 keyLength, uint256 expandedKeyLength, uint256 publicKeyLength, uint256 signatureLength);

    /// @dev The Solidity path: the set's library verifying over E.
    function _verifyWithExpandedKey(
        bytes memory expandedKey,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) internal view virtual returns (bool);
}
