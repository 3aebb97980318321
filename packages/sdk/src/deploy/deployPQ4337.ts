import { type Account, type Address, type Chain, type Client, type Hash, type Transport, type WalletClient, getContractAddress } from "viem";
import { pqAccountFactoryBytecode } from "../generated/contracts.js";
import { schemes } from "../schemes.js";
import type { SchemeName } from "../signers/types.js";
import { deployDeterministic, getDeterministicAddress } from "./deployDeterministic.js";

export type PQ4337Addresses = {
  /** {@link PQAccountFactory}, which deploys accounts as clones of `accountImplementation`. */
  accountFactory: Address;
  accountImplementation: Address;
  /** The ERC-7913 verifier of each supported scheme. */
  verifiers: Partial<Record<SchemeName, Address>>;
};

/**
 * The addresses of pq4337's contracts on any chain where they were deployed with {@link deployPQ4337}:
 * computed from their code, so no registry or network call is needed.
 *
 * @example
 * const { accountFactory, verifiers } = getPQ4337Addresses()
 */
export function getPQ4337Addresses(): PQ4337Addresses {
  const accountFactory = getDeterministicAddress({ bytecode: pqAccountFactoryBytecode });
  const verifiers: PQ4337Addresses["verifiers"] = {};
  for (const scheme of Object.values(schemes)) verifiers[scheme.name] = getDeterministicAddress({ bytecode: scheme.verifierBytecode });
  return {
    accountFactory,
    // The factory creates its implementation in its constructor: the factory's first CREATE, nonce 1.
    accountImplementation: getContractAddress({ from: accountFactory, nonce: 1n }),
    verifiers,
  };
}

export type DeployPQ4337Parameters = {
  client: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
};

export type DeployPQ4337ReturnType = PQ4337Addresses & {
  /** The transactions sent: empty when everything was already deployed. */
  transactionHashes: Hash[];
};

/**
 * Deploys the account factory and every verifier through the CREATE2 deployer, skipping what is already
 * there. Idempotent, and the addresses equal {@link getPQ4337Addresses} on every chain.
 *
 * @example
 * const { accountFactory } = await deployPQ4337({ client: publicClient, walletClient })
 */
export async function deployPQ4337({ client, walletClient }: DeployPQ4337Parameters): Promise<DeployPQ4337ReturnType> {
  const transactionHashes: Hash[] = [];
  for (const bytecode of [pqAccountFactoryBytecode, ...Object.values(schemes).map((scheme) => scheme.verifierBytecode)]) {
    const { transactionHash } = await deployDeterministic({ client, walletClient, bytecode });
    if (transactionHash) transactionHashes.push(transactionHash);
  }
  return { ...getPQ4337Addresses(), transactionHashes };
}
