// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {ERC7821} from "@openzeppelin/contracts/account/extensions/draft-ERC7821.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {ERC721Holder} from "@openzeppelin/contracts/token/ERC721/utils/ERC721Holder.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {ERC7739} from "@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol";
import {MultiSignerERC7913Upgradeable} from "@openzeppelin/contracts-upgradeable/utils/cryptography/signers/MultiSignerERC7913Upgradeable.sol";
import {ERC7913SignerGuard} from "./ERC7913SignerGuard.sol";

/**
 * @dev ERC-4337 account (EntryPoint v0.8) controlled by a threshold of ERC-7913 signers (`verifier ‖ key`): one
 * signer for a plain account, two of two for a hybrid (e.g. ECDSA + Falcon-512, secure while either scheme holds),
 * any k of n for a multi-signer. The signature of an operation or message is `abi.encode(bytes[] signers,
 * bytes[] signatures)`, signers ordered by keccak256 (OpenZeppelin's {MultiSignerERC7913}).
 *
 * It combines OpenZeppelin's {Account}, {MultiSignerERC7913Upgradeable}, {ERC7821} batched execution,
 * {ERC7739} typed-data protection for ERC-1271, and the ERC-721/ERC-1155 holders. What it adds:
 *
 * - every signer passes {ERC7913SignerGuard} before it is stored: its verifier holds code that is not an EIP-7702
 *   delegation and answers one malformed call, `verify("", 0, "")`, with failure (no precompile, no EOA, no
 *   careless accept-everything contract), and its key is, by the verifier's own {IERC7913KeyIdentity-keyId}, the
 *   canonical encoding of a key that can verify, whose keypair is not already a signer under another encoding;
 * - a signer is added only with a proof of possession: its signature of {possessionHash} (this account, the chain,
 *   {signerNonce} and the signer, as EIP-712 typed data), checked before anything changes;
 * - with no signers or a zero threshold, nothing validates (see {_validateThreshold});
 * - instances are ERC-1167 clones initialised once by {PQAccountFactory}; signer management (add, remove,
 *   threshold) goes through the account itself, i.e. through user operations.
 *
 * What the guard and the proof do not prove: the proof of possession is checked by the verifier being added, so it
 * proves possession only as far as that verifier is honest; a verifier written to fail the probe and accept
 * everything else is stored, with any proof. A signer's verifier must be an immutable, non-proxy contract, which
 * no on-chain check can establish: choose verifiers off-chain (the SDK accepts only pq4337's own by default).
 *
 * EIP-7702 delegation to this contract is not supported. A delegated EOA has no signers and threshold 0, so it
 * refuses every user operation (AA24) and ERC-1271 signature. Its own key could give it signers by calling itself,
 * but that secp256k1 key keeps every power (transactions, re-delegation), so post-quantum signers would protect
 * nothing.
 */
contract PQAccount is
    Account,
    MultiSignerERC7913Upgradeable,
    ERC7913SignerGuard,
    ERC7739,
    ERC7821,
    ERC721Holder,
    ERC1155Holder
{
    /// @dev EIP-712 type of a proof of possession, signed by the signer being added.
    bytes32 public constant SIGNER_POSSESSION_TYPEHASH = keccak256("SignerPossession(bytes signer,uint256 nonce)");

    /// @dev The factory allowed to initialise instances of this implementation.
    address public immutable factory;

    /// @dev Nonce of the next proof of possession; incremented by every {addSigners}.
    uint256 private _signerNonce;

    /// @dev `initialize` was called by someone other than {factory}.
    error PQAccountUnauthorizedInitializer(address caller);

    /// @dev {addSigners} got a different number of proofs than signers.
    error PQAccountProofsMismatch(uint256 signers, uint256 proofs);

    /// @dev `signer`'s proof of possession is not its signature of {possessionHash}.
    error PQAccountInvalidPossessionProof(bytes signer);

    constructor(address factory_) EIP712("PQAccount", "1") {
        factory = factory_;
        _disableInitializers();
    }

    /// @dev Sets the first signers and threshold of a fresh clone. Callable once, by {factory} only.
    function initialize(bytes[] calldata signers, uint64 threshold_) external initializer {
        if (msg.sender != factory) revert PQAccountUnauthorizedInitializer(msg.sender);
        __MultiSignerERC7913_init(signers, threshold_);
    }

    /**
     * @dev Adds `signers`, each with `proofs[i]`, its signature of `possessionHash(signers[i])`. Callable by the
     * EntryPoint or the account itself (e.g. from a user operation).
     */
    function addSigners(bytes[] calldata signers, bytes[] calldata proofs) external onlyEntryPointOrSelf {
        if (signers.length != proofs.length) revert PQAccountProofsMismatch(signers.length, proofs.length);
        for (uint256 i = 0; i < signers.length; ++i) {
            if (!SignatureChecker.isValidSignatureNow(signers[i], possessionHash(signers[i]), proofs[i])) {
                revert PQAccountInvalidPossessionProof(signers[i]);
            }
        }
        ++_signerNonce;
        _addSigners(signers);
    }

    /// @dev Removes `signers`; the threshold must stay reachable. Callable by the EntryPoint or the account itself.
    function removeSigners(bytes[] calldata signers) external onlyEntryPointOrSelf {
        _removeSigners(signers);
    }

    /// @dev Sets the number of signers an operation needs. Callable by the EntryPoint or the account itself.
    function setThreshold(uint64 threshold_) external onlyEntryPointOrSelf {
        _setThreshold(threshold_);
    }

    /// @dev The nonce that the next proofs of possession sign.
    function signerNonce() public view virtual returns (uint256) {
        return _signerNonce;
    }

    /**
     * @dev What `signer` signs to prove possession before {addSigners}: the EIP-712 hash of
     * `SignerPossession(signer, signerNonce())` under this account's domain (name "PQAccount", version "1", the
     * chain id, this account's address), so a proof is bound to one account, one chain and one change.
     */
    function possessionHash(bytes calldata signer) public view virtual returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(SIGNER_POSSESSION_TYPEHASH, keccak256(signer), _signerNonce)));
    }

    /// @dev The canonical EntryPoint v0.8 (OpenZeppelin 5.7 defaults to v0.9).
    function entryPoint() public view virtual override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    /// @dev Every signer is checked by {ERC7913SignerGuard} before it is stored.
    function _addSigners(bytes[] memory newSigners) internal virtual override {
        for (uint256 i = 0; i < newSigners.length; ++i) _claimSigner(newSigners[i]);
        super._addSigners(newSigners);
    }

    /// @dev Frees the keypair identity of removed signers.
    function _removeSigners(bytes[] memory oldSigners) internal virtual override {
        for (uint256 i = 0; i < oldSigners.length; ++i) _releaseSigner(oldSigners[i]);
        super._removeSigners(oldSigners);
    }

    /**
     * @dev No signers, no validation: a zero threshold, which only an account that was never initialised has (this
     * implementation, an EOA delegated to it by EIP-7702), fails every signature, where OpenZeppelin's check (at
     * least `threshold` signers) would accept an empty multi-signature.
     */
    function _validateThreshold(bytes[] calldata validatingSigners) internal view virtual override returns (bool) {
        uint64 required = threshold();
        return required != 0 && validatingSigners.length >= required;
    }

    /// @dev The EntryPoint may execute batches on the account's behalf, besides the account itself.
    function _erc7821AuthorizedExecutor(
        address caller,
        bytes32 mode,
        bytes calldata executionData
    ) internal view virtual override returns (bool) {
        return caller == address(entryPoint()) || super._erc7821AuthorizedExecutor(caller, mode, executionData);
    }
}
