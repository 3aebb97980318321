// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";
import {IERC7913KeyIdentity} from "../interfaces/IERC7913KeyIdentity.sol";
import {EIP8355} from "../precompiles/EIP8355.sol";
import {PrecompileAddress} from "../precompiles/PrecompileAddress.sol";
import {ExpandedKeyReader} from "../utils/ExpandedKeyReader.sol";
import {MLDSA87} from "../utils/MLDSA87.sol";

/**
 * @dev ERC-7913 signature verifier for ML-DSA-87 (FIPS 204), pure mode with an empty context: the signed message M is
 * the 32-byte `hash`, framed as M' = 0 ‖ 0 ‖ M.
 *
 * The key (92 bytes) is `keccak256(E ‖ pk) ‖ address(chunk 0) ‖ address(chunk 1) ‖ address(chunk 2)`, where E is the
 * expanded public key (Â, t̂1, tr; 65,600 bytes, see {MLDSA87}) and pk the standard 2,592-byte public key ρ ‖ t1,
 * stored in the code of three contracts by the SDK's code store. Every call reads E ‖ pk back and checks it against the
 * commitment, so a key can only ever verify with the exact data it names.
 *
 * Precompile: deployed with the address of the chain's EIP-8355 VERIFY_ML-DSA-87 precompile (zero for none, else in
 * EIP-1352's precompile range), {verify} and {verifyMessage} with an empty context ask the precompile with pk, and
 * verify in Solidity with E only when the chain gives no EIP-8355 answer (before the fork that adds it). Both paths
 * accept exactly the FIPS 204 signatures of the key, as long as E is pk's expansion, which the SDK's `toErc7913Key(pk)`
 * guarantees (a key is the one for pk exactly when its bytes are that function's): verifying E against pk on-chain
 * would cost ExpandA, millions of gas. The signature is the 4,627-byte FIPS 204 encoding c̃ ‖ z ‖ h.
 *
 * Any malformed input (lengths, a chunk without the expected code, a commitment mismatch, a malformed hint, an
 * out-of-range z) returns 0xffffffff; nothing reverts and the gas is bounded.
 *
 * Encodings: a signature has one encoding. A public key has one canonical expanded key (coefficients below q), but
 * {verify} does not spend the gas to require it (every call would pay ~12k); {keyId} does, and names the key by Â ‖ t̂1
 * and pk, so that the same key stored at other addresses, or with another tr (which the holder of the secret key can
 * sign for), has one identity.
 *
 * @custom:stateless
 */
contract MLDSA87Verifier is IERC7913SignatureVerifier, IERC7913KeyIdentity, ERC165 {
    /// @dev The chain's EIP-8355 VERIFY_ML-DSA-87 precompile, or zero.
    address private immutable _precompile;

    /// @param precompile_ The chain's EIP-8355 VERIFY_ML-DSA-87 address, or zero for none.
    constructor(address precompile_) {
        PrecompileAddress.check(precompile_);
        _precompile = precompile_;
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
     * @dev FIPS 204 ML-DSA.Verify(pk, M, σ, ctx) in pure mode for a `message` of any length and a `context` of
     * 0–255 bytes, with the key as {verify} takes it; {verify} is this function for a 32-byte message and an empty
     * context. Returns false, never reverts, on malformed input, including a context of more than 255 bytes.
     */
    function verifyMessage(
        bytes calldata key,
        bytes memory message,
        bytes memory context,
        bytes calldata signature
    ) public view virtual returns (bool) {
        if (key.length != 92 || signature.length != MLDSA87.SIGNATURE_LENGTH) return false;
        (bool ok, bytes memory expandedKey, uint256 publicKey) =
            ExpandedKeyReader.readWithPublicKey(key, MLDSA87.EXPANDED_KEY_LENGTH, MLDSA87.PUBLIC_KEY_LENGTH);
        if (!ok) return false;
        if (context.length == 0) {
            (bool answered, bool valid) =
                EIP8355.verify(_precompile, publicKey, MLDSA87.PUBLIC_KEY_LENGTH, signature, message);
            if (answered) return valid;
        }
        return MLDSA87.verify(expandedKey, message, context, signature);
    }

    /// @inheritdoc IERC7913KeyIdentity
    /// @dev keccak256(keccak256(Â ‖ t̂1) ‖ keccak256(pk)), once E ‖ pk is read from code, matches its commitment and
    /// Â, t̂1 have every coefficient below q: the data both paths verify with, without tr.
    function keyId(bytes calldata key) public view virtual returns (bytes32 id) {
        if (key.length == 92) {
            (bool ok, bytes memory expandedKey, uint256 publicKey) =
                ExpandedKeyReader.readWithPublicKey(key, MLDSA87.EXPANDED_KEY_LENGTH, MLDSA87.PUBLIC_KEY_LENGTH);
            if (ok && MLDSA87.isReduced(expandedKey)) {
                bytes32 matrixAndKey = MLDSA87.matrixAndKeyHash(expandedKey);
                assembly ("memory-safe") {
                    mstore(0, matrixAndKey)
                    mstore(0x20, keccak256(publicKey, 2592))
                    id := keccak256(0, 0x40)
                }
                return id;
            }
        }
        revert ERC7913NonCanonicalKey(key);
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IERC7913KeyIdentity).interfaceId || super.supportsInterface(interfaceId);
    }
}
