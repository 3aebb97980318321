// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Reads data stored in contract code by the SDK's code store (`packages/sdk/src/keys/codeStore.ts`) and
 * checks it against a commitment: the "CommitA" binding of expanded public keys.
 *
 * The data is split into chunks of {CHUNK_SIZE} bytes (the last one shorter), chunk i being the runtime code
 * `0x00 ‖ data_i` of a contract. A key is `commitment(data) ‖ address(chunk_0) ‖ … ‖ address(chunk_n-1)`, where
 * commitment(data) = keccak256(keccak256(0x00 ‖ data_0) ‖ … ‖ keccak256(0x00 ‖ data_n-1)) ({commitmentOf}) is the
 * hash of the chunks' code hashes, in order.
 *
 * Reading checks the key length (one address per chunk of `length` bytes), then hashes the chunks' EXTCODEHASHes
 * (32·n bytes) and compares with the commitment, and only then copies each chunk's bytes after its first. The data
 * itself is never hashed. Why that is enough, for a commitment c computed by {commitmentOf} (as a key attestor
 * records it): keccak256 is collision resistant, so a match means EXTCODEHASH(address_i) = keccak256(0x00 ‖ data_i)
 * for every i, in order (a chunk given twice, or two swapped, changes the 32·n-byte preimage). EXTCODEHASH is
 * keccak256 of the account's code, so the code of address_i is exactly `0x00 ‖ data_i`: its length (data_i plus one
 * byte, so EXTCODECOPY neither pads nor cuts) and its leading STOP byte included, so `0xff ‖ data_i`, a code one byte
 * longer or shorter, or any other contract (the verifier itself) do not match. An account without code gives 0
 * (absent) or keccak256("") (an EOA), an EIP-7702 delegated EOA the hash of its designator `0xef0100 ‖ address`:
 * none is a code hash of `0x00 ‖ data_i`. The copy also checks each chunk's size and STOP byte (warm after
 * EXTCODEHASH: about 210 gas a chunk), so that under any commitment, attested or not, the data read is exactly the
 * data whose {commitmentOf} the key carries: a code of another length or another first byte fails rather than being
 * read padded, cut or as a second encoding of the same data.
 *
 * EXTCODEHASH, EXTCODESIZE and EXTCODECOPY of a contract are allowed during ERC-4337 validation (ERC-7562); an
 * address without code is not (OP-041), but an honest key's chunks always hold code, so the reader does not spend
 * an EXTCODESIZE before the hash to avoid it: a key naming such an address only fails, and a bundler drops its
 * operation.
 */
library ExpandedKeyReader {
    /// @dev Largest data slice per chunk: EIP-170's 24,576-byte code limit minus the leading STOP byte.
    uint256 internal constant CHUNK_SIZE = 24575;

    /**
     * @dev Reads `length` bytes of data committed to by `key`. Returns `ok = false` (and empty `data`) when the
     * key does not have exactly one address per chunk, the hash of the chunks' code hashes differs from the key's
     * commitment, or a chunk's code is not a STOP byte followed by its slice. Gas is bounded by `length`.
     */
    function read(bytes calldata key, uint256 length) internal view returns (bool ok, bytes memory data) {
        uint256 chunks = (length + CHUNK_SIZE - 1) / CHUNK_SIZE;
        if (key.length != 32 + 20 * chunks) return (false, data);
        assembly ("memory-safe") {
            let result := mload(0x40)
            let dst := add(result, 0x20)
            // The code hashes go where the data will: the copies below overwrite them.
            for { let i := 0 } lt(i, chunks) { i := add(i, 1) } {
                let chunk := shr(96, calldataload(add(key.offset, add(32, mul(20, i)))))
                mstore(add(dst, shl(5, i)), extcodehash(chunk))
            }
            ok := eq(keccak256(dst, shl(5, chunks)), calldataload(key.offset))
            if ok {
                let remaining := length
                for { let i := 0 } lt(i, chunks) { i := add(i, 1) } {
                    let chunk := shr(96, calldataload(add(key.offset, add(32, mul(20, i)))))
                    let size := remaining
                    if gt(size, CHUNK_SIZE) { size := CHUNK_SIZE }
                    // The leading byte, through the scratch word, must be STOP, and the code exactly it and the slice.
                    mstore(0, 0)
                    extcodecopy(chunk, 31, 0, 1)
                    if or(mload(0), iszero(eq(extcodesize(chunk), add(size, 1)))) {
                        ok := 0
                        break
                    }
                    extcodecopy(chunk, dst, 1, size)
                    dst := add(dst, size)
                    remaining := sub(remaining, size)
                }
            }
            if ok {
                mstore(result, length)
                // Word-align the free memory pointer past the data.
                mstore(0x40, and(add(dst, 31), not(31)))
                data := result
            }
        }
    }

    /**
     * @dev {read} for the data of a lattice key: the expanded key E (`expandedLength` bytes) followed by the public
     * key in its standard encoding (`publicKeyLength` bytes), which a precompile taking the standard key needs (see
     * {EIP8355} and {EIP8052}). `expandedKey` holds E alone; `publicKey` is the memory address of the public key,
     * right after it. Both are covered by the one commitment, so neither can change without the key.
     */
    function readWithPublicKey(bytes calldata key, uint256 expandedLength, uint256 publicKeyLength)
        internal
        view
        returns (bool ok, bytes memory expandedKey, uint256 publicKey)
    {
        (ok, expandedKey) = read(key, expandedLength + publicKeyLength);
        assembly ("memory-safe") {
            if ok {
                mstore(expandedKey, expandedLength)
                publicKey := add(add(expandedKey, 0x20), expandedLength)
            }
        }
    }

    /**
     * @dev The commitment a key to `data` carries: keccak256 of the code hashes keccak256(0x00 ‖ data_i) of its
     * chunks, in order (the SDK's `codeStoreCommitment`). `data` is left as it was: each chunk's STOP byte is written
     * over the byte before its slice (the length word's last byte for the first) and that byte put back after hashing.
     */
    function commitmentOf(bytes memory data) internal pure returns (bytes32 commitment) {
        assembly ("memory-safe") {
            let length := mload(data)
            let chunks := div(add(length, sub(CHUNK_SIZE, 1)), CHUNK_SIZE)
            let hashes := mload(0x40)
            for { let i := 0 } lt(i, chunks) { i := add(i, 1) } {
                let offset := mul(i, CHUNK_SIZE)
                let size := sub(length, offset)
                if gt(size, CHUNK_SIZE) { size := CHUNK_SIZE }
                // The word ending at the byte before the slice: saved, its last byte zeroed, restored.
                let before := add(data, offset)
                let saved := mload(before)
                mstore(before, and(saved, not(0xff)))
                mstore(add(hashes, shl(5, i)), keccak256(add(before, 31), add(size, 1)))
                mstore(before, saved)
            }
            commitment := keccak256(hashes, shl(5, chunks))
        }
    }
}
