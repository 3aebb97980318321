// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {Account} from "@openzeppelin/contracts/account/Account.sol";
import {AccountERC7579} from "@openzeppelin/contracts/account/extensions/draft-AccountERC7579.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";

/**
 * @dev An ERC-7579 modular account as people hold them: OpenZeppelin's {AccountERC7579} on EntryPoint v0.8, with
 * nothing of pq4337 in it. Instances are ERC-1167 clones that {ERC7579ExampleAccountFactory} creates with their
 * first validator module installed; every later change (modules, calls) goes through user operations.
 */
contract ERC7579ExampleAccount is AccountERC7579, Initializable {
    /// @dev The factory allowed to initialise instances of this implementation.
    address public immutable factory;

    /// @dev `initialize` was called by someone other than {factory}.
    error ERC7579ExampleAccountUnauthorizedInitializer(address caller);

    constructor(address factory_) {
        factory = factory_;
        _disableInitializers();
    }

    /// @dev Installs the first validator module of a fresh clone. Callable once, by {factory} only.
    function initialize(address validator, bytes calldata initData) external initializer {
        if (msg.sender != factory) revert ERC7579ExampleAccountUnauthorizedInitializer(msg.sender);
        _installModule(MODULE_TYPE_VALIDATOR, validator, initData);
    }

    /// @dev The canonical EntryPoint v0.8 (OpenZeppelin 5.7 defaults to v0.9).
    function entryPoint() public view virtual override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }
}
