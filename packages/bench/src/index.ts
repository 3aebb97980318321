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
export {
  type Erc7579Example,
  type ToOwnedErc7579AccountParameters,
  deployErc7579Example,
  ecdsaOwnerValidator,
  toOwnedErc7579Account,
} from "./erc7579Example.js";
