import type { Address, Hash } from "viem";
import { create2DeployerAddress } from "../constants.js";
import { PQ4337Error } from "./base.js";

/** The chain has no CREATE2 deployer, so deterministic deployments are impossible there. */
export class Create2DeployerMissingError extends PQ4337Error {
  override name = "Create2DeployerMissingError";
  constructor() {
    super(`The CREATE2 deployer ${create2DeployerAddress} has no code on this chain.`, {
      details: "Deploy it first (it is a pre-signed transaction on most chains; anvil ships it).",
    });
  }
}

/** A deployment transaction was mined but the expected code is not at the expected address. */
export class DeploymentFailedError extends PQ4337Error {
  override name = "DeploymentFailedError";
  constructor({ address, transactionHash }: { address: Address; transactionHash: Hash }) {
    super(`Deployment to ${address} failed (transaction ${transactionHash}).`);
  }
}
