// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/**
 * @dev An integrator's contract that accepts post-quantum signatures directly through ERC-7913, with no account in
 * between: ETH deposited for a signer leaves only with that signer's EIP-712 signature of a {Withdrawal}, which
 * anyone may relay. A signer is `verifier ‖ key`, e.g. pq4337's Falcon512Verifier followed by a Falcon-512 key; any
 * ERC-7913 verifier works, and a 20-byte signer is an address checked with ECDSA or ERC-1271.
 *
 * Example code: not audited.
 */
contract PQVault is EIP712 {
    using Address for address payable;

    bytes32 private constant WITHDRAWAL_TYPEHASH =
        keccak256("Withdrawal(bytes32 owner,address to,uint256 amount,uint256 nonce,uint256 deadline)");

    mapping(bytes32 owner => uint256) private _balances;
    mapping(bytes32 owner => uint256) private _nonces;

    /// @dev `amount` was deposited for the signer whose id is `owner` (`keccak256(signer)`).
    event Deposited(bytes32 indexed owner, bytes signer, uint256 amount);

    /// @dev `amount` left `owner`'s balance for `to`.
    event Withdrawn(bytes32 indexed owner, address indexed to, uint256 amount);

    /// @dev The withdrawal's deadline has passed.
    error PQVaultExpiredWithdrawal(uint256 deadline);

    /// @dev The signature is not the signer's signature of this withdrawal (or was used already).
    error PQVaultInvalidSignature();

    /// @dev The owner's balance does not cover the withdrawal.
    error PQVaultInsufficientBalance(uint256 balance, uint256 amount);

    constructor() EIP712("PQVault", "1") {}

    /// @dev Credits the ETH sent to `signer` (`verifier ‖ key`).
    function deposit(bytes calldata signer) external payable {
        bytes32 owner = keccak256(signer);
        _balances[owner] += msg.value;
        emit Deposited(owner, signer, msg.value);
    }

    /**
     * @dev Sends `amount` of `signer`'s balance to `to`, authorised by `signature`: the signer's signature of the
     * EIP-712 hash of `Withdrawal(keccak256(signer), to, amount, nonce, deadline)` with the signer's current nonce.
     */
    function withdraw(bytes calldata signer, address payable to, uint256 amount, uint256 deadline, bytes calldata signature) external {
        if (block.timestamp > deadline) revert PQVaultExpiredWithdrawal(deadline);
        bytes32 owner = keccak256(signer);
        bytes32 hash = withdrawalHash(owner, to, amount, _nonces[owner], deadline);
        if (!SignatureChecker.isValidSignatureNow(signer, hash, signature)) revert PQVaultInvalidSignature();
        uint256 balance = _balances[owner];
        if (balance < amount) revert PQVaultInsufficientBalance(balance, amount);
        _nonces[owner]++;
        _balances[owner] = balance - amount;
        emit Withdrawn(owner, to, amount);
        to.sendValue(amount);
    }

    /// @dev The balance of `signer`.
    function balanceOf(bytes calldata signer) external view returns (uint256) {
        return _balances[keccak256(signer)];
    }

    /// @dev The nonce the next withdrawal of `signer` must sign.
    function nonces(bytes calldata signer) external view returns (uint256) {
        return _nonces[keccak256(signer)];
    }

    /// @dev The EIP-712 hash a signer signs to authorise a withdrawal.
    function withdrawalHash(bytes32 owner, address to, uint256 amount, uint256 nonce, uint256 deadline) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(WITHDRAWAL_TYPEHASH, owner, to, amount, nonce, deadline)));
    }
}
