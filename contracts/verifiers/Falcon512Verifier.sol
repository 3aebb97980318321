// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {EIP8052} from "../precompiles/EIP8052.sol";
import {PrecompileAddress} from "../precompiles/PrecompileAddress.sol";
import {FalconKeyAttestor} from "../attestation/FalconKeyAttestor.sol";
import {KeyAttestation} from "../attestation/KeyAttestation.sol";
import {Falcon} from "../utils/Falcon.sol";

/**
 * @dev ERC-7913 signature verifier for round-3 Falcon-512 (NIST level I), accepting exactly what the reference
 * implementation's `falcon_verify` accepts with the format read from the header: the signed message is the
 * 32-byte `hash`, the signature a detached one in any of the reference's three formats: `0x39 ‖ nonce (40 bytes) ‖
 * compressed s2`, either compressed (at most 752 bytes, as PQClean `falcon-512` and noble `falcon512` make
 * it) or padded with zero bytes to 666 (`falcon-padded-512`, `falcon512padded`), or the CT format
 * `0x59 ‖ nonce ‖ s2 as 12-bit fields` (809 bytes), which the SDK signs in because it is the cheapest to decode.
 *
 * The key (52 bytes) is `commitment(E ‖ pk) ‖ address(chunk)`, where E is the expanded public key (h's residues in
 * the verifier's transform domain, 2,048 bytes, see {Falcon}) and pk the standard 897-byte public key, stored in the
 * code of one contract by the SDK's code store. Every call reads E ‖ pk back and checks it against the commitment, so
 * a key can only ever verify with the exact data it names.
 *
 * Precompile: deployed with the addresses of the chain's EIP-8052 FALCON_HASH_TO_POINT_SHAKE256 and FALCON_CORE
 * precompiles (both zero for none, else in EIP-1352's precompile range), {verify} asks them with pk for a signature in
 * the padded format, the one they take, and verifies in Solidity with E when the chain gives no EIP-8052 answer
 * (no code at the hash-to-point address: before the fork that adds them) and for the CT and compressed formats.
 * Both paths accept exactly the reference's verdict as long as E is pk's expansion, which {FalconKeyAttestor} proves
 * once per key and {keyId} requires (the account's signer guard calls it before storing a key; {verify} does not, so
 * its gas is unchanged). Each precompile call is given a bounded allowance, four times EIP-8052's price
 * ({EIP8052-HASH_TO_POINT_GAS}, {EIP8052-CORE_GAS}): EIP-8052 burns the gas a call is given when a padded signature
 * does not decode, so such a signature costs that allowance, not the caller's gas. A failed call (that, or a price
 * raised above the allowance) is a rejection, never a fall-through to the Solidity path; the same (nonce, s2)
 * encoded compressed or CT is verified in Solidity.
 *
 * Any malformed input (lengths, a chunk without exactly the expected code, a commitment mismatch, an expanded
 * key value of q or more, a non-canonical signature) returns 0xffffffff; nothing reverts and the gas is bounded. A
 * signature whose s2 does not decode (decoding stops at the first run of 16 zeros) or whose ‖s2‖² alone exceeds the
 * bound is rejected before hashing: it costs less than a valid signature of its length.
 *
 * Encodings: one (nonce, s2) has up to three signature encodings, all accepted, as by the reference: a consumer
 * that deduplicates signatures must do so by signer and hash, not by signature bytes; and a relayer can re-encode
 * a CT signature as a compressed one, which costs more gas to verify (see the README). One public key has one
 * expanded key E (values below q) but may be stored at any address: {keyId} names the keypair by keccak256(pk),
 * under this verifier, {Falcon512KeccakVerifier} and any address the key is stored at.
 *
 * @custom:stateless
 */
contract Falcon512Verifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev The chain's EIP-8052 precompiles, or zero.
    address private immutable _hashToPoint;
    address private immutable _core;
    /// @dev The {FalconKeyAttestor} whose records {keyId} requires.
    address private immutable _keyAttestor;

    /// @dev One of the two precompile addresses is zero and the other is not.
    error Falcon512VerifierPrecompilePair(address hashToPoint, address core);

    /**
     * @param hashToPoint_ The chain's EIP-8052 FALCON_HASH_TO_POINT_SHAKE256 address, or zero for none.
     * @param core_ The chain's EIP-8052 FALCON_CORE address, or zero for none.
     */
    constructor(address hashToPoint_, address core_) {
        PrecompileAddress.check(hashToPoint_);
        PrecompileAddress.check(core_);
        if ((hashToPoint_ == address(0)) != (core_ == address(0))) revert Falcon512VerifierPrecompilePair(hashToPoint_, core_);
        _hashToPoint = hashToPoint_;
        _core = core_;
        _keyAttestor = KeyAttestation.deterministicAddress(type(FalconKeyAttestor).creationCode);
    }

    /// @dev The {KeyAttestor} that must have attested a key's commitment for {keyId} to accept it.
    function keyAttestor() public view virtual returns (address) {
        return _keyAttestor;
    }

    /// @dev The EIP-8052 precompiles this verifier asks first, or zeros.
    function precompiles() public view virtual returns (address hashToPoint, address core) {
        return (_hashToPoint, _core);
    }

    /// @inheritdoc IERC7913SignatureVerifier
    function verify(bytes calldata key, bytes32 hash, bytes calldata signature) public view virtual returns (bytes4) {
        // E's range is checked by Falcon.verify as it multiplies by E, and here for a precompile's answer.
        (bool ok, uint256 e) = Falcon.readCommittedKey(9, key);
        if (ok) {
            // pk follows E's 4·n = 2,048 bytes.
            (bool answered, bool valid) = _askPrecompiles(hash, signature, e + (4 << 9));
            if (answered ? valid && Falcon.isReduced(e, 64) : Falcon.verify(9, signature, hash, e)) {
                return IERC7913SignatureVerifier.verify.selector;
            }
        }
        return 0xFFFFFFFF;
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(pk), once the commitment commitment(E ‖ pk) is attested by {keyAttestor} (E is pk's expansion)
    /// and E ‖ pk is read from code and matches it. {ERC7913UnattestedKey} for a key that is not attested.
    function keyId(bytes calldata key) public view virtual returns (bytes32) {
        if (key.length != 52) revert ERC7913NonCanonicalKey(key);
        return KeyAttestation.keyId(key, _keyAttestor, 4 << 9, Falcon.publicKeyLength(9));
    }

    /// @dev {EIP8052-verify} with this verifier's precompiles and {_precompileGas}; pk at memory address `publicKey`.
    function _askPrecompiles(bytes32 hash, bytes calldata signature, uint256 publicKey)
        private
        view
        returns (bool answered, bool valid)
    {
        if (_core == address(0)) return (false, false);
        (uint256 hashToPointGas, uint256 coreGas) = _precompileGas();
        return EIP8052.verify(_hashToPoint, _core, hashToPointGas, coreGas, hash, signature, publicKey);
    }

    /**
     * @dev The gas each EIP-8052 call is given: {EIP8052-HASH_TO_POINT_GAS} and {EIP8052-CORE_GAS}, four times the
     * EIP's prices. Only the test harnesses that place Solidity stand-ins for the precompiles (which cost far more
     * than a precompile's price) override it.
     */
    function _precompileGas() internal view virtual returns (uint256 hashToPointGas, uint256 coreGas) {
        return (EIP8052.HASH_TO_POINT_GAS, EIP8052.CORE_GAS);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
