// ML-DSA's inverse NTT as contracts/utils/MLDSAInverseNTT.sol holds it (scripts/codegen/mldsa-inverse-ntt.mjs writes
// that file): its address, creation code and runtime code, for the SDK's export and the tests' chains.
import { readFileSync } from "node:fs";

/** The creation code's prefix, which returns the runtime code after it. */
const PREFIX_BYTES = 10;
let code;

/** The inverse NTT's address, creation code and runtime code, read once from its generated library. */
export function inverseNttCode() {
  if (code) return code;
  const source = readFileSync(new URL("../contracts/utils/MLDSAInverseNTT.sol", import.meta.url), "utf8");
  const address = /address internal constant DEPLOYMENT = (0x[0-9a-fA-F]{40});/.exec(source)[1];
  const initCode = `0x${[...source.matchAll(/hex"([0-9a-f]+)"/g)].map((match) => match[1]).join("")}`;
  code = { address, initCode, runtimeCode: `0x${initCode.slice(2 + 2 * PREFIX_BYTES)}` };
  return code;
}
