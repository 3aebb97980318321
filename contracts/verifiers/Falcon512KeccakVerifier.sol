// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {FalconKeccak} from "../utils/FalconKeccak.sol";
import {Falcon512Verifier} from "./Falcon512Verifier.sol";

/**
 * @dev ERC-7913 signature verifier for ETHFALCON, ZKNox's keccak variant of Falcon-512 (see {FalconKeccak}).
 * NOT Falcon as NIST specifies it (round 3 or FIPS 206) and not NIST-approved: HashToPoint runs on keccak-CTR
 * instead of SHAKE256, which makes it several times cheaper on the EVM. Use {Falcon512Verifier} for the standard.
 *
 * The signature is ETHFALCON's `salt ‖ s2` (1,064 bytes, the form ZKNox's `ZKNOX_ethfalcon.verify(bytes, bytes32,
 * bytes)` takes), the signed message the 32-byte `hash`, as there. The key is a Falcon-512 key in the same form as
 * {Falcon512Verifier}'s, `commitment(E ‖ pk) ‖ address(chunk)` for the expanded key E of the public key pk: an ETHFALCON
 * key (h, or ETHFALCON's NTT form of it) is expanded off-chain by the SDK, and every call checks E against its
 * commitment and range. {keyId} is {Falcon512Verifier}'s: the commitment attested by {FalconKeyAttestor}, the keypair
 * named by keccak256(pk), one identity under both verifiers.
 *
 * Any malformed input returns 0xffffffff; nothing reverts and the gas is bounded. A signature has one encoding.
 *
 * @custom:stateless
 */
contract Falcon512KeccakVerifier is Falcon512Verifier {
    /// @dev No precompile: the variant's hash-to-point is not EIP-8052's SHAKE256 one.
    constructor() Falcon512Verifier(address(0), address(0)) {}

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual override returns (bytes4) {
        return FalconKeccak.verifyWithKey(key, hash, signature) ? IERC7913SignatureVerifier.verify.selector : bytes4(0xFFFFFFFF);
    }

    /**
     * @dev Verifies an ETHFALCON signature over a `message` of any length (ETHFALCON's KAT messages, an off-chain
     * attestation) with the same checks as {verify}, which is this function for a 32-byte message. Returns false,
     * never reverts, on malformed input. {keyId} is {Falcon512Verifier}'s: the expanded key has the same form.
     */
    function verifyMessage(bytes calldata key, bytes calldata message, bytes calldata signature) public view virtual returns (bool) {
        (bool ok, uint256 e) = FalconKeccak.readKey(key);
        return ok && FalconKeccak.verify(signature, message, e);
    }
}
