// Copies the published Solidity folders of the repository's contracts/ into this package, so that
// integrators import them as `@pq4337/contracts/verifiers/ECDSAVerifier.sol`. The ABIs are written to abi/
// by scripts/export-artifacts.mjs.
import { cpSync, rmSync } from "node:fs";

for (const folder of ["accounts", "verifiers", "utils"]) {
  rmSync(new URL(folder, import.meta.url), { recursive: true, force: true });
  cpSync(new URL(`../../contracts/${folder}`, import.meta.url), new URL(folder, import.meta.url), { recursive: true });
}
