export { type Devnet, type StartDevnetParameters, devnetPrivateKeys, startDevnet } from "./startDevnet.js";
export { anvilBinary } from "./anvil.js";
export { toolVersions } from "./toolVersions.js";
