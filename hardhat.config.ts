import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { configVariable, defineConfig } from "hardhat/config";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import hardhatViemAssertions from "@nomicfoundation/hardhat-viem-assertions";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatNodeTestRunner from "@nomicfoundation/hardhat-node-test-runner";
import hardhatEthers from "@nomicfoundation/hardhat-ethers";
import hardhatTypechain from "@nomicfoundation/hardhat-typechain";
import hardhatVerify from "@nomicfoundation/hardhat-verify";
import inverseNttPredeploy from "./test/helpers/inverseNttPredeploy.js";

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

// The post-quantum verifiers and Ed25519, and the harnesses and meters that must measure the same code, go through the IR
// pipeline: its stack layout makes their hand-written assembly cheaper (Keccak-f by 6 %, Falcon's NTTs by 13 %, Ed25519's
// point multiplication by a third: under the legacy optimizer its doubling chain cost 1.7 times as much).
// Plain Solidity (the account, ECDSA, the references the tests compare with) stays with the legacy optimizer, which
// serves it better. solc's default Yul step sequence exhausts solcjs's memory (std::bad_alloc) in its SSA steps
// (`xa`) on the unrolled rounds, so this sequence leaves them out: it keeps the default's cleanup, simplification
// and joining steps.
const solcViaIR = {
  ...solc,
  settings: {
    ...solc.settings,
    viaIR: true,
    optimizer: {
      enabled: true,
      runs: 10_000,
      details: { yul: true, yulDetails: { optimizerSteps: "dhfoDgvulfnTUtnIfcCTUtTOntnfDIulLculVculjmul" } },
    },
  },
};
// `solcViaIR` with another Yul step sequence (the sequence above stays the file's first `optimizerSteps` literal:
// scripts/codegen/keccak-meter.ts reads it from there).
function withOptimizerSteps(optimizerSteps: string) {
  return {
    ...solcViaIR,
    settings: {
      ...solcViaIR.settings,
      optimizer: { ...solcViaIR.settings.optimizer, details: { yul: true, yulDetails: { optimizerSteps } } },
    },
  };
}
// The verifiers' harnesses for the precompile stand-ins (mocks/precompiles/*VerifierForStandIns) compile as the
// verifiers they extend do, and so do the ML-DSA stand-ins: MLDSANTT's inverse keeps eight words on the stack,
// beyond the legacy code generator's reach.
const viaIRSources = ["verifiers", "attestation", "metering", "mocks", "mocks/precompiles"].flatMap((folder) =>
  readdirSync(new URL(`./contracts/${folder}`, import.meta.url))
    .filter((file) => /^(MLDSA|Falcon|KeccakF1600|SHAKE|Ed25519).*\.sol$/.test(file) && !file.includes("Reference"))
    .filter((file) => !folder.endsWith("precompiles") || /(VerifierForStandIns|^MLDSA.*PrecompileStandIn)\.sol$/.test(file))
    .map((file) => `contracts/${folder}/${file}`),
);
// Ed25519's sources add the expression splitter and the full inliner ("xi…") to that sequence: without them every
// Solidity-level MULMOD, every checked operation and every small internal function stays a jump, which cost
// decompression about 4,700 gas a point and SHA-512 8,000 a block. The unrolled SHA-512 rounds compile with it; the
// Keccak and ML-DSA sources do not (std::bad_alloc), so they keep the sequence above.
const solcViaIRInlined = withOptimizerSteps("dhfoDgvulfnTUtnIfcCTUtTOntnfDIulLculVculjmulxigfDIulcjmul");
// The ML-DSA sources (verifiers, key attestors, stand-ins, mocks, profilers and the NTT meter alike) add one SSA round,
// `xarj` (split, SSA, drop overwritten assignments, join back), and the expression inliner `e`. The round drops the
// inverse NTT's placeholder initialisations (`let x0 := 0`, ...) and declares each word where it is first set: on the
// NTTs of 4a611a3, one inverse cost 34,253 gas instead of 34,391 (MLDSANTTMeter, the bench's ntt rows) and the forward
// was unchanged (29,511). `e` inlines Solidity's one-expression helpers: 656 to 902 bytes less a verifier
// (MLDSA87VerifierForStandIns 24,407 -> 23,533). Falcon's sources do not compile with the round (stack too deep in its
// s2 norm), hence a sequence for the ML-DSA sources alone. Measured on the meter (forward / inverse): `j` not right
// after the round, or the round after the CSE steps, 39,546-42,055 / 34,157-34,586; `s` inside the round or `i` after
// the sequence, 30,789-30,927 / 34,083-34,253; solc's default sequence 41,625 / 34,017; runs of 3,000 or fewer cost the
// pair 10,000 gas and more.
const solcViaIRMLDSA = withOptimizerSteps("dhfoDgvulfnTUtnIfxarjeulcCTUtTOntnfDIulLculVculjmul");
const profile = {
  compilers: [solc],
  overrides: Object.fromEntries(
    viaIRSources.map((source) => [
      source,
      source.includes("/Ed25519") ? solcViaIRInlined : source.includes("/MLDSA") ? solcViaIRMLDSA : solcViaIR,
    ]),
  ),
};

export default defineConfig({
  plugins: [hardhatViem, hardhatViemAssertions, hardhatNetworkHelpers, hardhatNodeTestRunner, hardhatEthers, hardhatTypechain, hardhatVerify, inverseNttPredeploy],
  // ethers-v6 bindings for integrators who use ethers; the SDK itself uses viem's typed artifacts.
  typechain: { outDir: "types/ethers-contracts" },
  solidity: {
    profiles: {
      default: profile,
      production: profile,
    },
    // OpenZeppelin's passkey verifier as it is, for the tests that compare it with ours.
    npmFilesToBuild: ["@openzeppelin/contracts/utils/cryptography/verifiers/ERC7913WebAuthnVerifier.sol"],
  },
  paths: {
    sources: "contracts",
    tests: { nodejs: "test" },
  },
  networks: {
    hardhat: { type: "edr-simulated", hardfork: "osaka", allowUnlimitedContractSize: false },
    // The chain `pq4337 deploy --verify` just deployed to; it passes the RPC URL in this variable (deploy/README.md).
    deployed: { type: "http", url: configVariable("PQ4337_RPC_URL") },
  },
  verify: { etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") } },
});
