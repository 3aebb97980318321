// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {FalconKeyAttestor} from "../attestation/FalconKeyAttestor.sol";
import {KeyAttestation} from "../attestation/KeyAttestation.sol";
import {Falcon} from "../utils/Falcon.sol";

/**
 * @dev ERC-7913 signature verifier for round-3 Falcon-1024 (NIST level V), accepting exactly what the reference
 * implementation's `falcon_verify` accepts with the format read from the header: the signed message is the
 * 32-byte `hash`, the signature a detached one in any of the reference's three formats: `0x3a ‖ nonce (40 bytes) ‖
 * compressed s2`, either compressed (at most 1,462 bytes, as PQClean `falcon-1024` and noble `falcon1024` make
 * it) or padded with zero bytes to 1,280 (`falcon-padded-1024`, `falcon1024padded`), or the CT format
 * `0x5a ‖ nonce ‖ s2 as 12-bit fields` (1,577 bytes), which the SDK signs in because it is the cheapest to decode.
 *
 * The key (52 bytes) is `commitment(E ‖ pk) ‖ address(chunk)`, where E is the expanded public key (h's residues in
 * the verifier's transform domain, 4,096 bytes, see {Falcon}) and pk the standard 1,793-byte public key, stored in
 * the code of one contract by the SDK's code store. Every call reads E ‖ pk back and checks it against the
 * commitment, so a key can only ever verify with the exact data it names. (No precompile for Falcon-1024 is
 * proposed; pk is there so that every lattice key has one form.)
 *
 * Any malformed input (lengths, a chunk without exactly the expected code, a commitment mismatch, an expanded
 * key value of q or more, a non-canonical signature) returns 0xffffffff; nothing reverts and the gas is bounded. A
 * signature whose s2 does not decode (decoding stops at the first run of 16 zeros) or whose ‖s2‖² alone exceeds the
 * bound is rejected before hashing: it costs less than a valid signature of its length.
 *
 * Encodings: one (nonce, s2) has up to three signature encodings, all accepted, as by the reference: a consumer
 * that deduplicates signatures must do so by signer and hash, not by signature bytes; and a relayer can re-encode
 * a CT signature as a compressed one, which costs more gas to verify (see the README). One public key has one
 * expanded key E (values below q) but may be stored at any address. {keyId} requires the commitment to be attested
 * by {FalconKeyAttestor} (E is pk's expansion) and names the keypair by keccak256(pk).
 *
 * @custom:stateless
 */
contract Falcon1024Verifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev The {FalconKeyAttestor} whose records {keyId} requires.
    address private immutable _keyAttestor;

    constructor() {
        _keyAttestor = KeyAttestation.deterministicAddress(type(FalconKeyAttestor).creationCode);
    }

    /// @dev The {KeyAttestor} that must have attested a key's commitment for {keyId} to accept it.
    function keyAttestor() public view virtual returns (address) {
        return _keyAttestor;
    }

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        return Falcon.verifyWithKey(10, key, hash, signature) ? IERC7913SignatureVerifier.verify.selector : bytes4(0xFFFFFFFF);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(pk), once the commitment commitment(E ‖ pk) is attested by {keyAttestor} (E is pk's expansion)
    /// and E ‖ pk is read from code and matches it. {ERC7913UnattestedKey} for a key that is not attested.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (key.length != 52) revert ERC7913NonCanonicalKey(key);
        return KeyAttestation.keyId(key, _keyAttestor, 4 << 10, Falcon.publicKeyLength(10));
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
