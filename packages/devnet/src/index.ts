export { type Devnet, type StartDevnetParameters, devnetPrivateKeys, startDevnet } from "./startDevnet.js";
export { anvilBinary } from "./anvil.js";
export {
  type GethHardfork,
  type InstallGethParameters,
  GethBuildFailedError,
  GoMissingError,
  gethBinary,
  gethCacheDir,
  gethUnavailableReason,
  gethVersion,
  installGeth,
} from "./geth.js";
export { toolVersions } from "./toolVersions.js";
export { deployEntryPoint } from "./entryPoint.js";
