import type { Address, Hex } from "viem";
import { PQ4337Error } from "../errors/base.js";

/** An ERC-7579 account was asked to decode call data that is not its `execute` with a single or batch mode. */
export class UnsupportedErc7579CallsError extends PQ4337Error {
  override name = "UnsupportedErc7579CallsError";
  constructor({ data }: { data: Hex }) {
    super(`Not an ERC-7579 execute() of a single call or a batch: ${data.slice(0, 74)}….`);
  }
}

/** The module is already installed for the account (its signers are set): an install would revert. */
export class ModuleAlreadyInstalledError extends PQ4337Error {
  override name = "ModuleAlreadyInstalledError";
  constructor({ account, module }: { account: Address; module: Address }) {
    super(`PQValidatorModule ${module} is already installed for ${account}: change its signers with addSigners/removeSigners, or uninstall it first.`);
  }
}

/** No PQValidatorModule code at the address the SDK was given or computed. */
export class ModuleNotDeployedError extends PQ4337Error {
  override name = "ModuleNotDeployedError";
  constructor({ module }: { module: Address }) {
    super(`No PQValidatorModule at ${module}: deploy it first (deployPQValidatorModule).`);
  }
}
