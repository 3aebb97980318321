// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {Falcon} from "../utils/Falcon.sol";
import {FalconKeccak} from "../utils/FalconKeccak.sol";

/**
 * @dev ERC-7913 signature verifier for ETHFALCON, ZKNox's keccak variant of Falcon-512 (see {FalconKeccak}).
 * NOT Falcon as NIST specifies it (round 3 or FIPS 206) and not NIST-approved: HashToPoint runs on keccak-CTR
 * instead of SHAKE256, which makes it several times cheaper on the EVM. Use {Falcon512Verifier} for the standard.
 *
 * The signature is ETHFALCON's `salt ‖ s2` (1,064 bytes, the form ZKNox's `ZKNOX_ethfalcon.verify(bytes, bytes32,
 * bytes)` takes), the signed message the 32-byte `hash`, as there. The key is a Falcon-512 key in the same form as
 * {Falcon512Verifier}'s, `keccak256(E) ‖ address(chunk)` for the expanded key E of the public key h: an ETHFALCON
 * key (h, or ETHFALCON's NTT form of it) is expanded off-chain by the SDK, and every call checks E against its
 * commitment and range.
 *
 * Any malformed input returns 0xffffffff; nothing reverts and the gas is bounded. A signature has one encoding.
 *
 * @custom:stateless
 */
contract Falcon512KeccakVerifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        return FalconKeccak.verifyWithKey(key, hash, signature) ? IERC7913SignatureVerifier.verify.selector : bytes4(0xFFFFFFFF);
    }

    /**
     * @dev Verifies an ETHFALCON signature over a `message` of any length (ETHFALCON's KAT messages, an off-chain
     * attestation) with the same checks as {verify}, which is this function for a 32-byte message. Returns false,
     * never reverts, on malformed input.
     */
    function verifyMessage(bytes calldata key, bytes calldata message, bytes calldata signature) public view virtual returns (bool) {
        (bool ok, uint256 e) = Falcon.readKey(9, key);
        return ok && FalconKeccak.verify(signature, message, e);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev The commitment keccak256(E), once E is read from code, matches it and is reduced.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (!Falcon.isCanonicalKey(9, key)) revert ERC7913NonCanonicalKey(key);
        return bytes32(key[0:32]);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
