// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {P256} from "@openzeppelin/contracts/utils/cryptography/P256.sol";
import {WebAuthn} from "@openzeppelin/contracts/utils/cryptography/WebAuthn.sol";
import {ERC7913WebAuthnVerifier} from "@openzeppelin/contracts/utils/cryptography/verifiers/ERC7913WebAuthnVerifier.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";

/**
 * @dev ERC-7913 verifier for passkeys (WebAuthn assertions over P-256): OpenZeppelin's {ERC7913WebAuthnVerifier}
 * (user verification required, P-256 through the EIP-7951 precompile where the chain has one), with bounded gas on
 * every input and {IERC7913KeyIdentity}.
 *
 * OpenZeppelin's type check reads client data at `typeIndex` before comparing it with the data's length, so a
 * signature with a huge `typeIndex` expands memory until the call runs out of gas. Here such a signature returns
 * `0xffffffff` first, as any malformed input does. The key is the 64-byte point x ‖ y (one encoding per key).
 *
 * @custom:stateless
 */
contract WebAuthnVerifier is ERC7913WebAuthnVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev Length of `"type":"webauthn.get"`, which must fit in the client data from `typeIndex` on.
    uint256 private constant TYPE_LENGTH = 21;

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual override returns (bytes4) {
        (bool decoded, WebAuthn.WebAuthnAuth calldata auth) = WebAuthn.tryDecodeAuth(signature);
        if (!decoded) return 0xFFFFFFFF;
        uint256 clientDataLength = bytes(auth.clientDataJSON).length;
        if (clientDataLength < TYPE_LENGTH || auth.typeIndex > clientDataLength - TYPE_LENGTH) return 0xFFFFFFFF;
        return super.verify(key, hash, signature);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(x ‖ y) for a 64-byte key that is a point of P-256.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (key.length != 64 || !P256.isValidPublicKey(bytes32(key[0:32]), bytes32(key[32:64]))) {
            revert ERC7913NonCanonicalKey(key);
        }
        return keccak256(key);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
