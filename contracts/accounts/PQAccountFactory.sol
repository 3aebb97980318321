// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {PQAccount} from "./PQAccount.sol";

/**
 * @dev Deterministic factory of {PQAccount} clones. An account's address depends only on its first signer and
 * a salt, so it is known before deployment, off-chain as well as through {getAddress}. {createAccount} is
 * idempotent, as ERC-4337 `initCode` requires: it returns the existing account when it is already deployed.
 */
contract PQAccountFactory {
    /// @dev The implementation every account clones.
    PQAccount public immutable accountImplementation;

    constructor() {
        accountImplementation = new PQAccount(address(this));
    }

    /// @dev Deploys and initialises the account for `signer` and `salt`, or returns it if it already exists.
    function createAccount(bytes calldata signer, bytes32 salt) external returns (PQAccount) {
        bytes32 cloneSalt = _cloneSalt(signer, salt);
        address account = Clones.predictDeterministicAddress(address(accountImplementation), cloneSalt);
        if (account.code.length == 0) {
            Clones.cloneDeterministic(address(accountImplementation), cloneSalt);
            PQAccount(payable(account)).initialize(signer);
        }
        return PQAccount(payable(account));
    }

    /// @dev The address of the account for `signer` and `salt`, deployed or not.
    function getAddress(bytes calldata signer, bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _cloneSalt(signer, salt));
    }

    /// @dev Binds the first signer into the address, so nobody can claim an address with another signer.
    function _cloneSalt(bytes calldata signer, bytes32 salt) internal pure virtual returns (bytes32) {
        return keccak256(abi.encode(signer, salt));
    }
}
