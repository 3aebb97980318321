import { createRequire } from "node:module";
import { defineConfig } from "hardhat/config";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import hardhatViemAssertions from "@nomicfoundation/hardhat-viem-assertions";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatNodeTestRunner from "@nomicfoundation/hardhat-node-test-runner";
import hardhatEthers from "@nomicfoundation/hardhat-ethers";
import hardhatTypechain from "@nomicfoundation/hardhat-typechain";

// solcjs (WebAssembly) from the npm `solc` package: no compiler download, so builds work offline.
const require = createRequire(import.meta.url);
const solc = {
  version: (require("solc/package.json") as { version: string }).version,
  path: require.resolve("solc/soljson.js"),
  settings: {
    evmVersion: "prague",
    optimizer: { enabled: true, runs: 10_000 },
  },
};

export default defineConfig({
  plugins: [hardhatViem, hardhatViemAssertions, hardhatNetworkHelpers, hardhatNodeTestRunner, hardhatEthers, hardhatTypechain],
  // ethers-v6 bindings for integrators who use ethers; the SDK itself uses viem's typed artifacts.
  typechain: { outDir: "types/ethers-contracts" },
  solidity: {
    profiles: {
      default: solc,
      production: solc,
    },
  },
  paths: {
    sources: "contracts",
    tests: { nodejs: "test" },
  },
  networks: {
    hardhat: { type: "edr-simulated", hardfork: "prague", allowUnlimitedContractSize: false },
  },
});
