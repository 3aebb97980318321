// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC7913SignatureVerifier} from "@openzeppelin/contracts/interfaces/IERC7913.sol";

/**
 * @dev Test stand-in for a hostile ERC-7913 verifier that {ERC7913SignerGuard} cannot tell from an honest one: it
 * fails the guard's probe, `verify("", 0, "")`, and accepts every other call. It shows what the probe does not prove.
 */
contract ProbeDodgingVerifier is IERC7913SignatureVerifier {
    function verify(bytes calldata key, bytes32, bytes calldata signature) external pure returns (bytes4) {
        if (key.length == 0 && signature.length == 0) return 0xffffffff;
        return IERC7913SignatureVerifier.verify.selector;
    }
}
