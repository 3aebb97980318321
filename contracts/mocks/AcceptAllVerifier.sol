// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";

/// @dev Test stand-in for a hostile or broken ERC-7913 verifier: it accepts every signature for every key.
contract AcceptAllVerifier is IERC7913SignatureVerifier {
    function verify(bytes calldata, bytes32, bytes calldata) external pure returns (bytes4) {
        return IERC7913SignatureVerifier.verify.selector;
    }
}
