// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";

/**
 * @dev Test-only ERC-7913 verifier that breaks one ERC-7562 validation rule, chosen by the key's first byte, and then
 * accepts every signature. The ERC-7562 checker's tests give an account this verifier and expect the checker to name
 * the rule. An empty key (the signer guard's probe while the account is created) is refused without breaking
 * anything, so the account can be created.
 */
contract ValidationRuleBreakingVerifier is IERC7913SignatureVerifier {
    /// @dev What `verify` does before accepting, by the key's first byte; the comment names the rule it breaks.
    enum Violation {
        None,
        Timestamp, // OP-011: reads TIMESTAMP
        GasObserved, // OP-012: uses GAS other than right before a call
        OutOfGas, // OP-020: a sub-call runs out of gas (and is caught)
        UndeployedCode, // OP-041: EXTCODEHASH of an address without code
        EntryPointCall, // OP-054: calls the EntryPoint's getNonce
        Precompile, // OP-062: calls the BLS12-381 G1 addition precompile (0x0b), adding the point at infinity to itself
        Balance, // OP-080: reads an address's BALANCE
        SenderStorage, // STO-022 while the account is created: reads a slot of this contract associated with the account
        OwnStorage, // STO-033: reads a slot of this contract not associated with the account
        TransientStorage // STO-033 through OP-070: reads a transient slot of this contract
    }

    /// @dev An address that never holds code.
    address private constant UNDEPLOYED = address(uint160(uint256(keccak256("pq4337.ValidationRuleBreakingVerifier.undeployed"))));

    uint256 private _reads;
    mapping(address account => uint256) private _readsOf;

    /// @dev Breaks the rule `key[0]` names (see {Violation}), then returns the ERC-7913 success selector.
    function verify(bytes calldata key, bytes32, bytes calldata) external view returns (bytes4) {
        if (key.length == 0) return 0xffffffff;
        Violation violation = Violation(uint8(key[0]));
        // None of these readings is ever true here; the result depends on them so that the compiler keeps them.
        bool observed;
        if (violation == Violation.Timestamp) observed = block.timestamp == 0;
        else if (violation == Violation.GasObserved) observed = gasleft() == 0;
        else if (violation == Violation.OutOfGas) (observed, ) = address(this).staticcall{gas: 5_000}(abi.encodeCall(this.spin, ()));
        else if (violation == Violation.UndeployedCode) observed = UNDEPLOYED.codehash == bytes32(uint256(1));
        else if (violation == Violation.EntryPointCall) observed = ERC4337Utils.ENTRYPOINT_V08.getNonce(msg.sender, 0) == type(uint256).max;
        else if (violation == Violation.Precompile) {
            (bool added, ) = address(0x0b).staticcall(new bytes(256));
            observed = !added;
        }
        else if (violation == Violation.Balance) observed = UNDEPLOYED.balance == 1;
        else if (violation == Violation.SenderStorage) observed = _readsOf[msg.sender] == 1;
        else if (violation == Violation.OwnStorage) observed = _reads == 1;
        else if (violation == Violation.TransientStorage) {
            uint256 value;
            assembly ("memory-safe") {
                value := tload(0)
            }
            observed = value == 1;
        }
        return observed ? bytes4(0xffffffff) : IERC7913SignatureVerifier.verify.selector;
    }

    /// @dev Loops until its gas runs out.
    function spin() external pure {
        assembly ("memory-safe") {
            for {} 1 {} {}
        }
    }
}
