import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeErrorResult, parseAbi, parseEther, toFunctionSelector } from "viem";
import { pqAccountAbi } from "../generated/contracts.js";
import { decodeRevert } from "./decodeRevert.js";

const verifier = "0x00000000000000000000000000000000000000AA"; // in its EIP-55 form, as viem decodes it

describe("decodeRevert", () => {
  it("names OpenZeppelin's FailedCall (0xd6bda275) and says what it usually means", () => {
    const decoded = decodeRevert("0xd6bda275");
    assert.equal(decoded?.name, "FailedCall");
    assert.match(decoded!.message, /the target reverted, or the account holds less ETH than the call sends/);
  });

  it("states the balance and the need of OpenZeppelin's InsufficientBalance in ETH", () => {
    const data = encodeErrorResult({
      abi: parseAbi(["error InsufficientBalance(uint256 balance, uint256 needed)"]),
      errorName: "InsufficientBalance",
      args: [parseEther("0.5"), parseEther("2")],
    });
    assert.equal(decodeRevert(data)?.message, "the account holds 0.5 ETH; this operation needs 2 ETH");
  });

  it("decodes the account's own errors and its signer guard's into what to do", () => {
    const withoutCode = encodeErrorResult({ abi: pqAccountAbi, errorName: "ERC7913SignerGuardVerifierWithoutCode", args: [verifier] });
    assert.match(decodeRevert(withoutCode)!.message, new RegExp(`the verifier ${verifier} has no code on this chain: put pq4337 there first`));
    const proof = encodeErrorResult({ abi: pqAccountAbi, errorName: "PQAccountInvalidPossessionProof", args: ["0x1234"] });
    assert.equal(decodeRevert(proof)?.name, "PQAccountInvalidPossessionProof");
    const mismatch = encodeErrorResult({ abi: pqAccountAbi, errorName: "PQAccountProofsMismatch", args: [2n, 1n] });
    assert.equal(decodeRevert(mismatch)?.message, "2 signer(s) to add but 1 proof(s) of possession: give one per signer");
  });

  it("reads the EntryPoint's FailedOp and the revert inside FailedOpWithRevert", () => {
    const abi = parseAbi(["error FailedOp(uint256 opIndex, string reason)", "error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)"]);
    assert.equal(decodeRevert(encodeErrorResult({ abi, errorName: "FailedOp", args: [0n, "AA21 didn't pay prefund"] }))?.message, "AA21 didn't pay prefund");
    const inner = encodeErrorResult({ abi: pqAccountAbi, errorName: "MultiSignerERC7913ZeroThreshold" });
    assert.equal(
      decodeRevert(encodeErrorResult({ abi, errorName: "FailedOpWithRevert", args: [0n, "AA23 reverted", inner] }))?.message,
      "AA23 reverted: the threshold must be at least 1",
    );
  });

  it("decodes Solidity's Error(string) and Panic(uint256)", () => {
    const abi = parseAbi(["error Error(string)", "error Panic(uint256)"]);
    assert.equal(decodeRevert(encodeErrorResult({ abi, errorName: "Error", args: ["nope"] }))?.message, "reverted: nope");
    assert.equal(decodeRevert(encodeErrorResult({ abi, errorName: "Panic", args: [0x11n] }))?.message, "panicked: arithmetic overflow or underflow");
  });

  it("returns undefined for empty, short or unknown data", () => {
    assert.equal(decodeRevert("0x"), undefined);
    assert.equal(decodeRevert("0xd6bd"), undefined);
    assert.equal(decodeRevert(toFunctionSelector("transfer(address,uint256)")), undefined);
  });
});
