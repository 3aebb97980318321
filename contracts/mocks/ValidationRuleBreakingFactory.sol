// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {PQAccount} from "../accounts/PQAccount.sol";
import {PQAccountFactory} from "../accounts/PQAccountFactory.sol";

/// @dev Test-only contract whose storage {ValidationRuleBreakingFactory} writes: a contract that is no entity.
contract ValidationRuleWitness {
    uint256 public lastCaller;

    /// @dev Writes the caller into this contract's storage (a write without a read).
    function record() external {
        lastCaller = uint256(uint160(msg.sender));
    }
}

/**
 * @dev Test-only account factory that breaks one ERC-7562 rule of the deployment phase, chosen per call, then creates the
 * account through {PQAccountFactory}, so the sender is a real {PQAccount}. The ERC-7562 checker's tests put it in a user
 * operation's `factory` and expect the checker to name the rule. It can stake itself with the EntryPoint, to show what
 * a stake allows.
 */
contract ValidationRuleBreakingFactory {
    /// @dev What {createAccount} does first; the comment names the rule it breaks.
    enum Violation {
        None,
        SecondCreate2, // OP-031: CREATE2 of a contract that is not the sender
        OwnStorage, // STO-031 unless staked: writes this factory's storage
        OtherStorage // STO-032: writes the storage of {witness}, a contract that is no entity
    }

    PQAccountFactory public immutable accountFactory;
    ValidationRuleWitness public immutable witness;
    uint256 public accountsCreated;

    constructor(PQAccountFactory accountFactory_) {
        accountFactory = accountFactory_;
        witness = new ValidationRuleWitness();
    }

    /// @dev Breaks `violation`'s rule, then returns {PQAccountFactory-createAccount}'s account.
    function createAccount(Violation violation, bytes[] calldata signers, uint64 threshold, bytes32 salt) external returns (PQAccount) {
        if (violation == Violation.SecondCreate2) new ValidationRuleWitness{salt: salt}();
        else if (violation == Violation.OwnStorage) ++accountsCreated;
        else if (violation == Violation.OtherStorage) witness.record();
        return accountFactory.createAccount(signers, threshold, salt);
    }

    /// @dev Stakes `msg.value` with the canonical EntryPoint v0.8, locked for `unstakeDelaySec`.
    function stake(uint32 unstakeDelaySec) external payable {
        ERC4337Utils.ENTRYPOINT_V08.addStake{value: msg.value}(unstakeDelaySec);
    }
}
