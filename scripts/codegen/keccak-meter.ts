// Measures one Keccak-f[1600] permutation as the gas suite does (KeccakF1600Meter), without a full build: compiles
// the generator's current output with the IR settings of hardhat.config.ts and runs the meter on Hardhat's chain,
// after checking the compiled permutation against noble's keccakP on random states (a quick guard while trying
// variants; test/utils/SHAKE.test.ts is the real test). Usage: node --import tsx scripts/codegen/keccak-meter.ts
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { network } from "hardhat";
import { randomBytes } from "node:crypto";
import { keccakP } from "@noble/hashes/sha3.js";
import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);
const solc = require("solc");
const library = execFileSync(process.execPath, ["scripts/codegen/keccak-round.mjs"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
const sources = {
  "contracts/utils/KeccakF1600.sol": { content: library },
  "contracts/metering/KeccakF1600Meter.sol": { content: readFileSync("contracts/metering/KeccakF1600Meter.sol", "utf8") },
  "Permutation.sol": {
    content: `pragma solidity ^0.8.24;
import {KeccakF1600} from "contracts/utils/KeccakF1600.sol";
contract Permutation {
    function permute(uint256[25] memory state) external pure returns (uint256[25] memory) {
        KeccakF1600.permute(state);
        return state;
    }
}`,
  },
};
const steps = /optimizerSteps: "([^"]+)"/.exec(readFileSync("hardhat.config.ts", "utf8"))![1];
const input = {
  language: "Solidity",
  sources,
  settings: {
    evmVersion: "prague",
    viaIR: true,
    optimizer: { enabled: true, runs: 10_000, details: { yul: true, yulDetails: { optimizerSteps: steps } } },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
for (const e of output.errors ?? []) if (e.severity === "error") throw new Error(e.formattedMessage);
const meter = output.contracts["contracts/metering/KeccakF1600Meter.sol"].KeccakF1600Meter;
const permutation = output.contracts["Permutation.sol"].Permutation;
const { viem } = await network.create();
const [wallet] = await viem.getWalletClients();
const publicClient = await viem.getPublicClient();
const deploy = async (contract: { abi: Abi; evm: { bytecode: { object: string } } }) => {
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex });
  return (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
};
const permutationAddress = await deploy(permutation);
for (let i = 0; i < 8; i++) {
  const words = new Uint32Array(new Uint8Array(randomBytes(200)).buffer);
  const lanes = Array.from({ length: 25 }, (_, j) => (BigInt(words[2 * j + 1]!) << 32n) | BigInt(words[2 * j]!));
  keccakP(words);
  const expected = Array.from({ length: 25 }, (_, j) => (BigInt(words[2 * j + 1]!) << 32n) | BigInt(words[2 * j]!));
  const actual = (await publicClient.readContract({ address: permutationAddress, abi: permutation.abi, functionName: "permute", args: [lanes] })) as readonly bigint[];
  if (actual.some((lane, j) => lane !== expected[j])) throw new Error(`the permutation differs from noble's keccakP on state ${lanes}`);
}
const contractAddress = await deploy(meter);
const gas = await publicClient.readContract({ address: contractAddress!, abi: meter.abi as Abi, functionName: "permutationGas" });
console.log(`Keccak-f[1600], one permutation: ${gas} gas (meter code ${meter.evm.deployedBytecode.object.length / 2} bytes)`);
if (process.argv[2]) (await import("node:fs")).writeFileSync(process.argv[2], JSON.stringify({ deployedBytecode: meter.evm.deployedBytecode.object }));
