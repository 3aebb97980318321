// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Reads data stored in contract code by the SDK's code store (`packages/sdk/src/keys/codeStore.ts`) and
 * checks it against a commitment: the "CommitA" binding of expanded public keys.
 *
 * The data is split into chunks of {CHUNK_SIZE} bytes (the last one shorter), chunk i being the runtime code
 * `0x00 ‖ data_i` of a contract. A key is `keccak256(data) ‖ address(chunk_0) ‖ … ‖ address(chunk_n-1)`.
 * Reading checks the key length, that every chunk's code is exactly its slice after a leading STOP byte (so a
 * missing, longer or shorter contract fails before any copy, and `0xff ‖ data` is not a second encoding of the same
 * chunk), and that the bytes read hash to the commitment.
 * EXTCODESIZE and EXTCODECOPY are allowed during ERC-4337 validation (ERC-7562).
 */
library ExpandedKeyReader {
    /// @dev Largest data slice per chunk: EIP-170's 24,576-byte code limit minus the leading STOP byte.
    uint256 internal constant CHUNK_SIZE = 24575;

    /**
     * @dev Reads `length` bytes of data committed to by `key`. Returns `ok = false` (and empty `data`) when the
     * key does not have exactly one address per chunk, a chunk's code is not a STOP byte followed by its slice,
     * or the data's keccak256 differs from the key's commitment. Gas is bounded by `length`.
     */
    function read(bytes calldata key, uint256 length) internal view returns (bool ok, bytes memory data) {
        uint256 chunks = (length + CHUNK_SIZE - 1) / CHUNK_SIZE;
        if (key.length != 32 + 20 * chunks) return (false, data);
        assembly ("memory-safe") {
            let result := mload(0x40)
            let dst := add(result, 0x20)
            let remaining := length
            ok := 1
            for { let i := 0 } lt(i, chunks) { i := add(i, 1) } {
                let chunk := shr(96, calldataload(add(key.offset, add(32, mul(20, i)))))
                let size := remaining
                if gt(size, CHUNK_SIZE) { size := CHUNK_SIZE }
                if iszero(eq(extcodesize(chunk), add(size, 1))) {
                    ok := 0
                    break
                }
                // The leading byte, through the scratch word, must be STOP.
                mstore(0, 0)
                extcodecopy(chunk, 31, 0, 1)
                if mload(0) {
                    ok := 0
                    break
                }
                extcodecopy(chunk, dst, 1, size)
                dst := add(dst, size)
                remaining := sub(remaining, size)
            }
            if ok { ok := eq(keccak256(add(result, 0x20), length), calldataload(key.offset)) }
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
}
