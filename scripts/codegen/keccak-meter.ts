// Measures one Keccak-f[1600] permutation as the gas suite does (KeccakF1600Meter), without a full build: compiles
// the generator's current output with the IR settings of hardhat.config.ts and runs the meter on Hardhat's chain.
// Usage: node --import tsx scripts/codegen/keccak-meter.ts
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { network } from "hardhat";
import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);
const solc = require("solc");
const library = execFileSync(process.execPath, ["scripts/codegen/keccak-round.mjs"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
const sources = {
  "contracts/utils/KeccakF1600.sol": { content: library },
  "contracts/metering/KeccakF1600Meter.sol": { content: readFileSync("contracts/metering/KeccakF1600Meter.sol", "utf8") },
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
const { viem } = await network.create();
const [wallet] = await viem.getWalletClients();
const publicClient = await viem.getPublicClient();
const hash = await wallet.deployContract({ abi: meter.abi as Abi, bytecode: `0x${meter.evm.bytecode.object}` as Hex });
const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
const gas = await publicClient.readContract({ address: contractAddress!, abi: meter.abi as Abi, functionName: "permutationGas" });
console.log(`Keccak-f[1600], one permutation: ${gas} gas (meter code ${meter.evm.deployedBytecode.object.length / 2} bytes)`);
if (process.argv[2]) (await import("node:fs")).writeFileSync(process.argv[2], JSON.stringify({ deployedBytecode: meter.evm.deployedBytecode.object }));
