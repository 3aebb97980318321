import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
  type WalletClient,
  concatHex,
} from "viem";
import { estimateFeesPerGas, estimateGas, getBalance, getCode, getGasPrice } from "viem/actions";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { InsufficientDeployerFundsError, UnexpectedCodeError } from "../errors/deploy.js";
import {
  entryPoint08Bytecode,
  entryPoint08DeployedBytecode,
  erc7913SafeOwnerFactoryBytecode,
  erc7913SafeOwnerFactoryDeployedBytecode,
  falconKeyAttestorBytecode,
  falconKeyAttestorDeployedBytecode,
  mldsa44KeccakKeyAttestorBytecode,
  mldsa44KeccakKeyAttestorDeployedBytecode,
  mldsaInverseNttBytecode,
  mldsaInverseNttDeployedBytecode,
  mldsaKeyAttestorBytecode,
  mldsaKeyAttestorDeployedBytecode,
  pqAccountFactoryBytecode,
  pqAccountFactoryDeployedBytecode,
} from "../generated/contracts.js";
import { verifierInitCode } from "../precompiles/verifierInitCode.js";
import type { PrecompileAddresses } from "../precompiles/types.js";
import { schemes } from "../schemes.js";
import type { SchemeName } from "../signers/types.js";
import {
  assertCreate2DeployerInstallable,
  checkCreate2Deployer,
  create2DeployerGasLimit,
  create2DeployerGasPrice,
  create2DeployerRuntimeCode,
  create2DeployerSigner,
  deployCreate2Deployer,
} from "./deployCreate2Deployer.js";
import { deployDeterministic, getDeterministicAddress, matchesDeployedBytecode } from "./deployDeterministic.js";
import { type PQ4337Addresses, getPQ4337Addresses } from "./getPQ4337Addresses.js";

/** The salt of the canonical EntryPoint v0.8 deployment through the CREATE2 deployer. */
export const entryPointSalt: Hex = "0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9";

/** Gas of a plain ETH transfer, which funds the CREATE2 deployer's one-time signer. */
const transferGas = 21_000n;


/** A contract deployed through the CREATE2 deployer: the same code lands at the same address on every chain. */
export type DeterministicContract = {
  /** The contract's name, e.g. "PQAccountFactory". */
  name: string;
  /** Creation code. */
  bytecode: Hex;
  /** The compiler's runtime code, immutables zero-filled: code at `address` must match it. */
  deployedBytecode: Hex;
  salt: Hex;
  /**
   * Where the code comes from when pq4337's Solidity build does not describe it (the canonical EntryPoint build, the
   * generator of ML-DSA's inverse NTT): deployment records name it as the source, with no compiler input.
   */
  origin?: string;
  address: Address;
};


export type GetPQ4337ContractsParameters = {
  /**
   * The chain's post-quantum precompiles (see `deploy/precompiles.json`): each verifier that can use one is deployed
   * with its address, at an address of its own. None by default: the addresses of `getPQ4337Addresses`.
   */
  precompiles?: PrecompileAddresses | undefined;
};

/**
 * Every contract {@link deployPQ4337} puts on a chain, in deployment order: the canonical EntryPoint v0.8 (with
 * its canonical salt), then pq4337's account factory, its Safe owner factory, the key attestors (whose addresses the lattice verifiers
 * compute from their creation code: see `getPQ4337Addresses().keyAttestors`), ML-DSA's inverse NTT (which the ML-DSA
 * verifiers call at its fixed address: `getPQ4337Addresses().mldsaInverseNtt`) and the verifier of every scheme in
 * `schemes`.
 *
 * @example
 * for (const { name, address } of getPQ4337Contracts()) console.log(name, address)
 */
export function getPQ4337Contracts({ precompiles }: GetPQ4337ContractsParameters = {}): DeterministicContract[] {
  const contract = (name: string, bytecode: Hex, deployedBytecode: Hex, salt = deploymentSalt, origin?: string): DeterministicContract => ({
    name,
    bytecode,
    deployedBytecode,
    salt,
    address: getDeterministicAddress({ bytecode, salt }),
    ...(origin ? { origin } : {}),
  });
  return [
    contract("EntryPoint", entryPoint08Bytecode, entryPoint08DeployedBytecode, entryPointSalt, "@account-abstraction/contracts@0.8.0, the canonical build"),
    contract("PQAccountFactory", pqAccountFactoryBytecode, pqAccountFactoryDeployedBytecode),
    contract("ERC7913SafeOwnerFactory", erc7913SafeOwnerFactoryBytecode, erc7913SafeOwnerFactoryDeployedBytecode),
    contract("MLDSAKeyAttestor", mldsaKeyAttestorBytecode, mldsaKeyAttestorDeployedBytecode),
    contract("FalconKeyAttestor", falconKeyAttestorBytecode, falconKeyAttestorDeployedBytecode),
    contract("MLDSA44KeccakKeyAttestor", mldsa44KeccakKeyAttestorBytecode, mldsa44KeccakKeyAttestorDeployedBytecode),
    contract(
      "MLDSAInverseNTT",
      mldsaInverseNttBytecode,
      mldsaInverseNttDeployedBytecode,
      deploymentSalt,
      "scripts/codegen/mldsa-inverse-ntt.mjs, its creation code in contracts/utils/MLDSAInverseNTT.sol",
    ),
    ...Object.values(schemes).map((scheme) =>
      contract(scheme.verifierName, verifierInitCode({ scheme, precompiles }), scheme.verifierDeployedBytecode),
    ),
  ];
}

export type PlanPQ4337DeploymentParameters = GetPQ4337ContractsParameters & {
  client: Client<Transport, Chain | undefined>;
  /** The account that would pay. */
  deployer: Address;
};

export type PQ4337DeploymentStep = DeterministicContract & {
  /** Whether the contract is already at its address. */
  deployed: boolean;
  /** The deployment's estimated gas; 0 when it is deployed. */
  gas: bigint;
};

export type PlanPQ4337DeploymentReturnType = {
  create2Deployer: {
    deployed: boolean;
    /** ETH the deployer sends to the one-time signer so it can pay its 0.01 ETH transaction; 0 if none is needed. */
    funding: bigint;
  };
  contracts: PQ4337DeploymentStep[];
  /** The fee per gas the deployment transactions may pay, at the chain's current fees. */
  maxFeePerGas: bigint;
  /** The most the deployment costs the deployer: every missing contract's gas at `maxFeePerGas`, plus the funding. */
  cost: bigint;
  /** The deployer's balance. */
  balance: bigint;
};

export type PlanPQ4337DeploymentErrorType = UnexpectedCodeError;

/**
 * What {@link deployPQ4337} would do on a chain, without sending anything: for the CREATE2 deployer and each of
 * {@link getPQ4337Contracts}, whether it is there, and the gas and ETH of what is not. Code other than the
 * expected at an expected address throws {@link UnexpectedCodeError}; a CREATE2 deployer that is missing and
 * cannot be installed throws `Create2DeployerUnavailableError`.
 *
 * @example
 * const { contracts, cost, balance } = await planPQ4337Deployment({ client, deployer: account.address })
 */
export async function planPQ4337Deployment({ client, deployer, precompiles }: PlanPQ4337DeploymentParameters): Promise<PlanPQ4337DeploymentReturnType> {
  const create2DeployerDeployed = await checkCreate2Deployer(client);
  if (!create2DeployerDeployed) await assertCreate2DeployerInstallable(client);
  // Without the deployer, the estimates run against it placed with a state override.
  const stateOverride = create2DeployerDeployed ? undefined : [{ address: create2DeployerAddress, code: create2DeployerRuntimeCode }];

  const contracts = await Promise.all(
    getPQ4337Contracts({ precompiles }).map(async (contract): Promise<PQ4337DeploymentStep> => {
      const code = await getCode(client, { address: contract.address });
      if (code !== undefined && code !== "0x") {
        if (!matchesDeployedBytecode(code, contract.deployedBytecode)) throw new UnexpectedCodeError(contract);
        return { ...contract, deployed: true, gas: 0n };
      }
      const gas = await estimateGas(client, {
        account: deployer,
        to: create2DeployerAddress,
        data: concatHex([contract.salt, contract.bytecode]),
        stateOverride,
      });
      return { ...contract, deployed: false, gas };
    }),
  );
  const [maxFeePerGas, balance, signerBalance] = await Promise.all([
    currentMaxFeePerGas(client),
    getBalance(client, { address: deployer }),
    create2DeployerDeployed ? 0n : getBalance(client, { address: create2DeployerSigner }),
  ]);
  const shortfall = create2DeployerGasLimit * create2DeployerGasPrice - signerBalance;
  const funding = !create2DeployerDeployed && shortfall > 0n ? shortfall : 0n;
  const gas = contracts.reduce((sum, step) => sum + step.gas, funding > 0n ? transferGas : 0n);
  return {
    create2Deployer: { deployed: create2DeployerDeployed, funding },
    contracts,
    maxFeePerGas,
    cost: gas * maxFeePerGas + funding,
    balance,
  };
}

async function currentMaxFeePerGas(client: Client<Transport, Chain | undefined>): Promise<bigint> {
  try {
    return (await estimateFeesPerGas(client)).maxFeePerGas;
  } catch {
    // A chain without EIP-1559 fees.
    return getGasPrice(client);
  }
}

export type DeployPQ4337Parameters = GetPQ4337ContractsParameters & {
  client: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Called after each deployment lands, e.g. to report progress. */
  onDeployed?: ((deployment: PQ4337Deployment) => void) | undefined;
};

/** One contract deployed by {@link deployPQ4337}. */
export type PQ4337Deployment = {
  /** The contract's name, or "CREATE2 deployer". */
  name: string;
  address: Address;
  transactionHash: Hash;
  blockNumber: bigint;
  gasUsed: bigint;
};

export type DeployPQ4337ReturnType = PQ4337Addresses & {
  /** What this call deployed, in order: empty when everything was already there. */
  deployments: PQ4337Deployment[];
  /** Every transaction sent (including the funding of the CREATE2 deployer's signer): empty when nothing was. */
  transactionHashes: Hash[];
};

export type DeployPQ4337ErrorType = PlanPQ4337DeploymentErrorType | InsufficientDeployerFundsError;

/**
 * Puts pq4337 on a chain: installs the canonical CREATE2 deployer from its presigned transaction and
 * EntryPoint v0.8 at its canonical address where they are missing, then deploys the account factory and every
 * verifier through the CREATE2 deployer, skipping what is already there. It checks everything first (see
 * {@link planPQ4337Deployment}) and throws {@link InsufficientDeployerFundsError} before sending anything when
 * the deployer cannot pay. Idempotent, and the addresses equal {@link getPQ4337Addresses} on every chain deployed
 * without `precompiles`; a chain's precompiles give its verifiers addresses of their own (the returned `verifiers`).
 *
 * @example
 * const { accountFactory, deployments } = await deployPQ4337({ client: publicClient, walletClient })
 */
export async function deployPQ4337({ client, walletClient, onDeployed, precompiles }: DeployPQ4337Parameters): Promise<DeployPQ4337ReturnType> {
  const plan = await planPQ4337Deployment({ client, deployer: walletClient.account.address, precompiles });
  if (plan.balance < plan.cost)
    throw new InsufficientDeployerFundsError({ deployer: walletClient.account.address, balance: plan.balance, cost: plan.cost });

  const deployments: PQ4337Deployment[] = [];
  const transactionHashes: Hash[] = [];
  const record = (deployment: PQ4337Deployment) => {
    deployments.push(deployment);
    transactionHashes.push(deployment.transactionHash);
    onDeployed?.(deployment);
  };
  if (!plan.create2Deployer.deployed) {
    const installed = await deployCreate2Deployer({ client, walletClient });
    if (installed.fundingTransactionHash) transactionHashes.push(installed.fundingTransactionHash);
    if (installed.transactionHash)
      record({ name: "CREATE2 deployer", address: create2DeployerAddress, transactionHash: installed.transactionHash, blockNumber: installed.blockNumber!, gasUsed: installed.gasUsed! });
  }
  for (const { name, address, bytecode, deployedBytecode, salt } of plan.contracts.filter((step) => !step.deployed)) {
    const deployed = await deployDeterministic({ client, walletClient, name, bytecode, deployedBytecode, salt });
    if (deployed.transactionHash)
      record({ name, address, transactionHash: deployed.transactionHash, blockNumber: deployed.blockNumber!, gasUsed: deployed.gasUsed! });
  }
  // With precompiles, the verifiers are at addresses of their own: the plan's.
  const verifiers = Object.fromEntries(
    Object.values(schemes).map((scheme) => [scheme.name, plan.contracts.find((step) => step.name === scheme.verifierName)!.address]),
  );
  return { ...getPQ4337Addresses(), verifiers, deployments, transactionHashes };
}
