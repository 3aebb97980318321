// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {ERC7579ExampleAccount} from "./ERC7579ExampleAccount.sol";

/**
 * @dev Creates {ERC7579ExampleAccount} clones at addresses that commit to their first validator module and its
 * install data, so nobody can take an account's address with another validator. A second call is a no-op.
 */
contract ERC7579ExampleAccountFactory {
    ERC7579ExampleAccount public immutable accountImplementation;

    constructor() {
        accountImplementation = new ERC7579ExampleAccount(address(this));
    }

    /// @dev Creates the account for (`validator`, `initData`, `salt`) if it does not exist yet; returns its address.
    function createAccount(address validator, bytes calldata initData, bytes32 salt) external returns (address) {
        bytes32 cloneSalt = _cloneSalt(validator, initData, salt);
        address account = Clones.predictDeterministicAddress(address(accountImplementation), cloneSalt);
        if (account.code.length == 0) {
            Clones.cloneDeterministic(address(accountImplementation), cloneSalt);
            ERC7579ExampleAccount(payable(account)).initialize(validator, initData);
        }
        return account;
    }

    /// @dev The address {createAccount} gives for the same arguments.
    function getAddress(address validator, bytes calldata initData, bytes32 salt) external view returns (address) {
        return Clones.predictDeterministicAddress(address(accountImplementation), _cloneSalt(validator, initData, salt));
    }

    function _cloneSalt(address validator, bytes calldata initData, bytes32 salt) internal pure returns (bytes32) {
        return keccak256(abi.encode(validator, initData, salt));
    }
}
