// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {EIP7702Utils} from "@openzeppelin/contracts/account/utils/EIP7702Utils.sol";
import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {Bytes} from "@openzeppelin/contracts/utils/Bytes.sol";
import {ERC165Checker} from "@openzeppelin/contracts/utils/introspection/ERC165Checker.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";

/**
 * @dev Checks an ERC-7913 signer (`verifier ‖ key`) before an account stores it, and keeps one signer per keypair.
 *
 * OpenZeppelin's `SignatureChecker` trusts whatever the verifier address answers. A precompile answers without
 * being a verifier: the identity precompile (0x04) echoes its input, whose first word starts with the `verify`
 * selector, so it "accepts" every signature. A contract may accept everything, and a key may be one no signature
 * can ever match (its expanded key not deployed, a wrong commitment), which locks the account. So a signer is
 * accepted only when:
 *
 * - it is a 20-byte verifier address followed by a non-empty key;
 * - the verifier holds code (no EOA, no precompile) that is not an EIP-7702 delegation designator: a delegated EOA's
 *   key can re-delegate it to other code with one transaction, whatever the accounts that adopted it;
 * - the verifier answers `verify("", 0, "")` with exactly `0xffffffff`;
 * - if the verifier implements {IERC7913KeyIdentity} (ERC-165), the key is its canonical encoding of a usable key;
 * - no stored signer stands for the same keypair: the identity is {IERC7913KeyIdentity-keyId} where the verifier
 *   has it, else keccak256(key) (the key bytes under any verifier).
 *
 * What these checks do not prove. The probe shows only that the verifier refuses one malformed call: it refuses
 * precompiles, EOAs and careless accept-everything code, but a verifier written to fail the probe and accept
 * everything else passes it. The key identity is the verifier's own statement. A verifier must be an immutable,
 * non-proxy contract, and the guard cannot tell: a proxy, an upgradeable contract or code that reads mutable state
 * passes every check and can change its answers later. The guard therefore protects against mistakes and against
 * known-bad verifiers (precompiles, EOAs, delegations); that a verifier is the right one is for whoever chooses the
 * signer to check off-chain (pq4337's SDK refuses a verifier outside its own deployment unless told otherwise).
 */
abstract contract ERC7913SignerGuard {
    /// @custom:storage-location erc7201:pq4337.storage.ERC7913SignerGuard
    struct ERC7913SignerGuardStorage {
        mapping(bytes32 signerHash => bytes32) keyIdOf;
        mapping(bytes32 keyId => bool) claimed;
    }

    // keccak256(abi.encode(uint256(keccak256("pq4337.storage.ERC7913SignerGuard")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant STORAGE_LOCATION = 0xb89bd502e7e307616d323bc34c4a3d75e574292b826a6e1e43fbb7b030f57400;

    /// @dev The signer is not a 20-byte verifier address followed by a non-empty key.
    error ERC7913SignerGuardInvalidSigner(bytes signer);

    /// @dev The verifier has no code: an EOA, a precompile or nothing.
    error ERC7913SignerGuardVerifierWithoutCode(address verifier);

    /// @dev The verifier is an EOA delegated by EIP-7702 to `delegate`: its code can change at any time.
    error ERC7913SignerGuardVerifierDelegated(address verifier, address delegate);

    /// @dev The verifier did not answer `verify("", 0, "")` with exactly `0xffffffff`.
    error ERC7913SignerGuardVerifierFailedProbe(address verifier);

    /// @dev The verifier's {IERC7913KeyIdentity-keyId} refused the key: not canonical, or not usable.
    error ERC7913SignerGuardNonCanonicalKey(bytes signer);

    /// @dev The verifier reads data derived from the key (a lattice key's expanded key) that is not attested to be
    /// the public key's: store and {KeyAttestor-attest} it first (the SDK's `deployExpandedKey` does both). A key
    /// whose data no public key expands to (a wrong commitment, a second encoding) is refused with this error too.
    error ERC7913SignerGuardUnattestedKey(bytes signer);

    /// @dev A stored signer already stands for this keypair.
    error ERC7913SignerGuardDuplicateKey(bytes signer, bytes32 keyId);

    /// @dev The keypair identity of `signer` (see the contract documentation); reverts where `signer` is refused.
    function signerKeyId(bytes memory signer) public view virtual returns (bytes32) {
        if (signer.length <= 20) revert ERC7913SignerGuardInvalidSigner(signer);
        address verifier = address(bytes20(signer));
        uint256 codeSize = verifier.code.length;
        if (codeSize == 0) revert ERC7913SignerGuardVerifierWithoutCode(verifier);
        // A delegation designator is 23 bytes (0xef0100 ‖ delegate); no other code is read here.
        if (codeSize == 23) {
            address delegate = EIP7702Utils.fetchDelegate(verifier);
            if (delegate != address(0)) revert ERC7913SignerGuardVerifierDelegated(verifier, delegate);
        }
        if (!_answersProbe(verifier)) revert ERC7913SignerGuardVerifierFailedProbe(verifier);

        bytes memory key = Bytes.slice(signer, 20);
        if (!ERC165Checker.supportsInterface(verifier, type(IERC7913KeyIdentity).interfaceId)) return keccak256(key);
        try IERC7913KeyIdentity(verifier).keyId(key) returns (bytes32 id) {
            return id;
        } catch (bytes memory reason) {
            // The reason only picks which refusal to name: every revert refuses the signer.
            if (bytes4(reason) == IERC7913KeyIdentity.ERC7913UnattestedKey.selector) {
                revert ERC7913SignerGuardUnattestedKey(signer);
            }
            revert ERC7913SignerGuardNonCanonicalKey(signer);
        }
    }

    /// @dev Checks `signer` and records its keypair identity; reverts if it is refused or its keypair is taken.
    function _claimSigner(bytes memory signer) internal virtual {
        bytes32 id = signerKeyId(signer);
        ERC7913SignerGuardStorage storage $ = _getERC7913SignerGuardStorage();
        if ($.claimed[id]) revert ERC7913SignerGuardDuplicateKey(signer, id);
        $.claimed[id] = true;
        $.keyIdOf[keccak256(signer)] = id;
    }

    /// @dev Frees the keypair identity recorded for `signer`, without calling its verifier.
    function _releaseSigner(bytes memory signer) internal virtual {
        ERC7913SignerGuardStorage storage $ = _getERC7913SignerGuardStorage();
        bytes32 signerHash = keccak256(signer);
        delete $.claimed[$.keyIdOf[signerHash]];
        delete $.keyIdOf[signerHash];
    }

    /// @dev Whether `verifier` fails a call with an empty key and signature, returning exactly `0xffffffff`. This
    /// proves only that it refuses this one call (see the contract documentation).
    function _answersProbe(address verifier) private view returns (bool) {
        (bool success, bytes memory result) = verifier.staticcall(
            abi.encodeCall(IERC7913SignatureVerifier.verify, ("", bytes32(0), ""))
        );
        return success && result.length == 32 && bytes32(result) == bytes32(bytes4(0xffffffff));
    }

    function _getERC7913SignerGuardStorage() private pure returns (ERC7913SignerGuardStorage storage $) {
        assembly ("memory-safe") {
            $.slot := STORAGE_LOCATION
        }
    }
}
