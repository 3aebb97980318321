// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {PQAccount} from "./PQAccount.sol";

/**
 * @dev Deterministic factory of {PQAccount} clones. An account's address depends only on its first signers, their
 * threshold and a salt, so it is known before deployment, off-chain as well as through {getAddress}.
 * {createAccount} is idempotent, as ERC-4337 `initCode` requires: it returns the existing account when it is
 * already deployed.
 */
contract PQAccountFactory {
    /// @dev The implementation every account clones.
    PQAccount public immutable accountImplementation;

    constructor() {
        accountImplementation = new PQAccount(address(this));
    }

    /**
     * @dev Deploys and initialises the account of `signers` (ERC-7913, `verifier ‖ key`) with `threshold`, or
     * returns it if it already exists. Reverts if a signer is refused (see {ERC7913SignerGuard}).
     */
    function createAccount(bytes[] calldata signers, uint64 threshold, bytes32 salt) external returns (PQAccount) {
        bytes32 cloneSalt = _cloneSalt(signers, threshold, salt);
        address account = Clones.predictDeterministicAddress(address(accountImplementation), cloneSalt);
        if (account.code.length == 0) {
            Clones.cloneDeterministic(address(accountImplementation), cloneSalt);
            PQAccount(payable(account)).initialize(signers, threshold);
        }
        return PQAccount(payable(account));
    }

    /// @dev The address of the account for `signers`, `threshold` and `salt`, deployed or not.
    function getAddress(bytes[] calldata signers, uint64 threshold, bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _cloneSalt(signers, threshold, salt));
    }

    /// @dev Binds the first signers and threshold into the address, so nobody can claim an address with others.
    function _cloneSalt(bytes[] calldata signers, uint64 threshold, bytes32 salt) internal pure virtual returns (bytes32) {
        return keccak256(abi.encode(signers, threshold, salt));
    }
}
