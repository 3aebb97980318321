// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {Secp256k1} from "../utils/Secp256k1.sol";

/**
 * @dev ERC-7913 signature verifier for secp256k1 ECDSA, the classical baseline of pq4337.
 *
 * The key is the signer's 20-byte address, or its SEC1 public key: 33 bytes compressed (`0x02`/`0x03` ‖ x)
 * or 65 bytes uncompressed (`0x04` ‖ x ‖ y). The signature is 65 bytes `r ‖ s ‖ v` (v ∈ {27, 28}) or
 * 64 bytes `r ‖ yParityAndS` (ERC-2098). Malleable signatures (s > n/2) are rejected.
 *
 * Encodings: one keypair has three keys here (address, compressed, uncompressed); {keyId} accepts only the
 * canonical one, the address, and accounts store that. One signature has two encodings (65-byte and ERC-2098):
 * a consumer that deduplicates signatures must do so by signer and hash, not by signature bytes.
 *
 * @custom:stateless
 */
contract ECDSAVerifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        (bool keyOk, address expected) = _keyToAddress(key);
        if (keyOk && expected != address(0) && _recover(hash, signature) == expected) {
            return IERC7913SignatureVerifier.verify.selector;
        }
        return 0xFFFFFFFF;
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev The canonical key is the 20-byte address; its identity is the address.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (key.length != 20 || bytes20(key) == bytes20(0)) revert ERC7913NonCanonicalKey(key);
        return bytes32(uint256(uint160(bytes20(key))));
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @dev The address a key controls, or `false` when the key is not a valid encoding of a curve point.
    function _keyToAddress(bytes calldata key) internal view virtual returns (bool, address) {
        if (key.length == 20) return (true, address(bytes20(key)));
        if (key.length == 33) {
            (bool ok, uint256 y) = Secp256k1.decompress(uint8(key[0]), uint256(bytes32(key[1:33])));
            return ok ? (true, Secp256k1.toAddress(uint256(bytes32(key[1:33])), y)) : (false, address(0));
        }
        if (key.length == 65 && key[0] == 0x04) {
            uint256 x = uint256(bytes32(key[1:33]));
            uint256 y = uint256(bytes32(key[33:65]));
            return Secp256k1.isOnCurve(x, y) ? (true, Secp256k1.toAddress(x, y)) : (false, address(0));
        }
        return (false, address(0));
    }

    /// @dev The signer of `hash`, or `address(0)` for any malformed, malleable or invalid signature.
    function _recover(bytes32 hash, bytes calldata signature) internal pure virtual returns (address) {
        address recovered;
        ECDSA.RecoverError err;
        if (signature.length == 65) {
            (recovered, err, ) = ECDSA.tryRecoverCalldata(hash, signature);
        } else if (signature.length == 64) {
            (recovered, err, ) = ECDSA.tryRecover(hash, bytes32(signature[0:32]), bytes32(signature[32:64]));
        } else {
            return address(0);
        }
        return err == ECDSA.RecoverError.NoError ? recovered : address(0);
    }
}
