import { type Address, type Hash, formatEther } from "viem";
import { create2DeployerAddress } from "../constants.js";
import { PQ4337Error } from "./base.js";

/** The chain has no CREATE2 deployer, so deterministic deployments are impossible there. */
export class Create2DeployerMissingError extends PQ4337Error {
  override name = "Create2DeployerMissingError";
  constructor() {
    super(`The CREATE2 deployer ${create2DeployerAddress} has no code on this chain.`, {
      details: "Install it first with deployCreate2Deployer (or deployPQ4337, which does so when it is missing).",
    });
  }
}

/** The CREATE2 deployer is missing and its presigned deployment transaction cannot be mined on this chain. */
export class Create2DeployerUnavailableError extends PQ4337Error {
  override name = "Create2DeployerUnavailableError";
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super(`The CREATE2 deployer ${create2DeployerAddress} cannot be installed on this chain: ${reason}.`, { cause });
  }
}

/** A deployment transaction was mined but the expected code is not at the expected address. */
export class DeploymentFailedError extends PQ4337Error {
  override name = "DeploymentFailedError";
  constructor({ address, transactionHash }: { address: Address; transactionHash: Hash }) {
    super(`Deployment to ${address} failed (transaction ${transactionHash}).`);
  }
}

/**
 * A contract's deterministic address holds other code than the contract's. CREATE2 addresses commit to the
 * creation code, so this means a chain whose CREATE2 deployer is not the canonical one, or code placed there
 * by other means (a genesis allocation, `anvil_setCode`).
 */
export class UnexpectedCodeError extends PQ4337Error {
  override name = "UnexpectedCodeError";
  constructor({ name, address }: { name: string; address: Address }) {
    super(`${address}, the address of ${name}, holds different code: it is not ${name}.`, {
      details: "Nothing was deployed. Deterministic addresses commit to the code, so this chain's state was changed by other means.",
    });
  }
}

/** The deployer cannot pay for a deployment: raised before any transaction is sent. */
export class InsufficientDeployerFundsError extends PQ4337Error {
  override name = "InsufficientDeployerFundsError";
  readonly balance: bigint;
  readonly cost: bigint;
  constructor({ deployer, balance, cost }: { deployer: Address; balance: bigint; cost: bigint }) {
    super(
      `The deployer ${deployer} has ${formatEther(balance)} ETH; the deployment needs up to ${formatEther(cost)} ETH at the chain's current fees. Nothing was sent.`,
    );
    this.balance = balance;
    this.cost = cost;
  }
}
