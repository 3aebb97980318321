export { type Devnet, type StartDevnetParameters, defaultHardfork, devnetPrivateKeys, startDevnet } from "./startDevnet.js";
export { type Bundler, type StartBundlerParameters, startBundler } from "./startBundler.js";
export { anvilBinary } from "./anvil.js";
export {
  type GethHardfork,
  type InstallGethParameters,
  GethBuildFailedError,
  GoMissingError,
  gethBinary,
  gethCacheDir,
  gethVersion,
  installGeth,
} from "./geth.js";
export { toolVersions } from "./toolVersions.js";
export { devnetDefaultPorts } from "./ports.js";
export { type WatchLauncherParameters, type WatchLauncherReturnType, watchLauncher } from "./launcher.js";
export { maxBundleGas, transactionGasCap } from "./bundleGasLimits.js";
