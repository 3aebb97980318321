// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";

/**
 * @dev A dapp that checks its users' signatures the way any dapp should, so that smart accounts work as well as
 * EOAs: with {SignatureChecker}, which asks a contract through ERC-1271 `isValidSignature`. A PQAccount answers with
 * its post-quantum signer, through ERC-7739 (the signature is bound to the account and to this dapp).
 *
 * Authors sign entries off-chain (EIP-712 typed data) and anyone posts them; {isSignedMessage} checks a plain
 * EIP-191 message, as a sign-in does.
 *
 * Example code: not audited.
 */
contract GuestBook is EIP712, Nonces {
    bytes32 private constant ENTRY_TYPEHASH = keccak256("Entry(address author,string text,uint256 nonce)");

    /// @dev The latest entry of each author.
    mapping(address author => string) public entries;

    /// @dev `author` signed `text`.
    event Signed(address indexed author, string text);

    /// @dev The signature is not `author`'s signature of the entry (or was used already).
    error GuestBookInvalidSignature(address author);

    constructor() EIP712("GuestBook", "1") {}

    /// @dev Records `text` as `author`'s entry, given `author`'s signature of `Entry(author, text, nonce)`.
    function sign(address author, string calldata text, bytes calldata signature) external {
        bytes32 hash = _hashTypedDataV4(keccak256(abi.encode(ENTRY_TYPEHASH, author, keccak256(bytes(text)), _useNonce(author))));
        if (!SignatureChecker.isValidSignatureNow(author, hash, signature)) revert GuestBookInvalidSignature(author);
        entries[author] = text;
        emit Signed(author, text);
    }

    /// @dev Whether `signature` is `author`'s signature of the EIP-191 message `message`.
    function isSignedMessage(address author, string calldata message, bytes calldata signature) external view returns (bool) {
        return SignatureChecker.isValidSignatureNow(author, MessageHashUtils.toEthSignedMessageHash(bytes(message)), signature);
    }
}
