// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev An ERC-7913 verifier that can name the keypair behind a key. A scheme may accept one keypair under several
 * key encodings (an address or a SEC1 point for ECDSA; an expanded key stored at any address, or with unreduced
 * coefficients, for the post-quantum schemes). Accounts that keep several signers use {keyId} so that one keypair
 * can never fill two places of a threshold.
 *
 * pq4337's verifiers answer ERC-165 for this interface.
 */
interface IERC7913KeyIdentity {
    /// @dev `key` is not the canonical encoding of a usable key for this verifier.
    error ERC7913NonCanonicalKey(bytes key);

    /// @dev `key`'s stored data (a lattice key's expanded key E and public key pk) is not attested to be E = pk's
    /// expansion: see {KeyAttestor}.
    error ERC7913UnattestedKey(bytes key);

    /**
     * @dev The identity of the keypair `key` encodes: equal for two keys exactly when they stand for the same
     * public key. Reverts with {ERC7913NonCanonicalKey} unless `key` is the scheme's one canonical encoding and
     * everything the verifier reads for it (e.g. an expanded key in contract code) is in place, so a key that
     * passes can be verified against; a verifier that reads derived data (an expanded key) reverts with
     * {ERC7913UnattestedKey} unless that data is proven to be derived from the public key.
     */
    function keyId(bytes calldata key) external view returns (bytes32);
}
