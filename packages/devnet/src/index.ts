export { type Devnet, type StartDevnetParameters, defaultHardfork, devnetPrivateKeys, startDevnet } from "./startDevnet.js";
export { anvilBinary } from "./anvil.js";
export { toolVersions } from "./toolVersions.js";
export { deployEntryPoint } from "./entryPoint.js";
export { maxBundleGas, transactionGasCap } from "./bundleGasLimits.js";
