export { runBench, type RunBenchParameters } from "./runBench.js";
export { type Row, type Surface, columns, toCsv, toJsonl, writeDataset } from "./dataset.js";
export { baselineBits, calldataGas, gasPer128b, gasPerSecureBit, securityConvention, summarise } from "./metrics.js";
export { breakdown, describeGas, writeReport } from "./report.js";
export { referenceFigures } from "./references.js";
export {
  type CreateSafeParameters,
  type DeploySafeContractsParameters,
  type SafeContracts,
  type SafeVersion,
  createSafe,
  deploySafeContracts,
  safeEntryPoint07,
} from "./safeContracts.js";
