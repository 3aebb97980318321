// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccount, PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/**
 * @dev Test-only contract whose {observeGas} reads GAS directly before RETURN: a pair geth v1.17.10's `erc7562Tracer`
 * never reports (OP-012). Kept apart from {ValidationRuleBreaking7702Account} so that only the validations that call it
 * run code with that pair.
 */
contract ValidationRuleGasObserver {
    /**
     * @dev Returns `length` bytes (0: nothing) from memory offset `gasleft()`: GAS is the last opcode before RETURN. The
     * length comes from calldata so that the optimizer cannot fold the offset away, as it does for a constant 0.
     */
    function observeGas(uint256 length) external view {
        assembly ("memory-safe") {
            return(gas(), length)
        }
    }
}

/**
 * @dev Test-only EIP-7702 delegate for the ERC-7562 checker's tests of delegated senders: EntryPoint v0.8 recognises
 * them by the initCode marker `0x7702` (padded to 20 bytes); data after the marker reaches the sender through the
 * SenderCreator's `initEip7702Sender`, here {initialize}. The delegating EOA's own secp256k1 key signs the operation
 * hash; the signature's first byte chooses a rule that validation breaks besides (see {Violation}).
 */
contract ValidationRuleBreaking7702Account is IAccount {
    /// @dev What {initialize} (by its argument) or {validateUserOp} (by the signature's first byte) does.
    enum Violation {
        None,
        Timestamp, // OP-011: reads TIMESTAMP
        GasBeforeReturn, // OP-012: calls {ValidationRuleGasObserver-observeGas}, whose GAS the tracer does not report
        Revert // {initialize} only: reverts, so the EntryPoint refuses the operation with AA13
    }

    /// @dev {initialize} was asked to fail.
    error ValidationRuleBreaking7702AccountInitializationFailed();

    /// @dev {validateUserOp} was called by another contract than EntryPoint v0.8.
    error ValidationRuleBreaking7702AccountNotEntryPoint(address caller);

    ValidationRuleGasObserver public immutable gasObserver;

    constructor() {
        gasObserver = new ValidationRuleGasObserver();
    }

    /// @dev A delegated EOA still receives ETH (the type-4 transaction that delegates it calls it without data).
    receive() external payable {}

    /// @dev The delegated EOA's initialisation: breaks `violation`'s rule, or reverts for {Violation-Revert}.
    function initialize(Violation violation) external view {
        if (violation == Violation.Revert) revert ValidationRuleBreaking7702AccountInitializationFailed();
        _breakRule(violation);
    }

    /**
     * @dev Breaks the rule `userOp.signature[0]` names, pays the EntryPoint what it asks, and accepts the operation
     * when `userOp.signature[1:]` is this EOA's secp256k1 signature of `userOpHash` (else SIG_VALIDATION_FAILED: AA24).
     */
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds) external returns (uint256) {
        if (msg.sender != address(ERC4337Utils.ENTRYPOINT_V08)) revert ValidationRuleBreaking7702AccountNotEntryPoint(msg.sender);
        bytes calldata signature = userOp.signature;
        if (signature.length > 0) _breakRule(Violation(uint8(signature[0])));
        if (missingAccountFunds > 0) {
            (bool paid, ) = payable(msg.sender).call{value: missingAccountFunds}("");
            paid;
        }
        if (signature.length == 0) return ERC4337Utils.SIG_VALIDATION_FAILED;
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(userOpHash, signature[1:]);
        return error == ECDSA.RecoverError.NoError && signer == address(this) ? ERC4337Utils.SIG_VALIDATION_SUCCESS : ERC4337Utils.SIG_VALIDATION_FAILED;
    }

    function _breakRule(Violation violation) private view {
        if (violation == Violation.Timestamp) {
            // Never true; the branch keeps the compiler from dropping the reading.
            if (block.timestamp == 0) revert ValidationRuleBreaking7702AccountInitializationFailed();
        } else if (violation == Violation.GasBeforeReturn) gasObserver.observeGas(0);
    }
}
