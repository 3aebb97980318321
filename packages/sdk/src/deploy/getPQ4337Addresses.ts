import { type Address, getContractAddress } from "viem";
import { create2DeployerAddress, deploymentSalt } from "../constants.js";
import { initCodeHashes } from "../generated/initCodeHashes.js";
import type { SchemeName } from "../signers/types.js";

export type PQ4337Addresses = {
  /** {@link PQAccountFactory}, which deploys accounts as clones of `accountImplementation`. */
  accountFactory: Address;
  accountImplementation: Address;
  /** {@link ERC7913SafeOwnerFactory}, which deploys a Safe owner for an ERC-7913 signer as a clone of `safeOwnerImplementation`. */
  safeOwnerFactory: Address;
  safeOwnerImplementation: Address;
  /** The ERC-7913 verifier of each supported scheme. */
  verifiers: Partial<Record<SchemeName, Address>>;
  /**
   * The key attestor of each lattice scheme: it proves on-chain, once per key, that an expanded key is its public
   * key's expansion, which the scheme's verifier requires before it names the key (`keyId`). See `attestExpandedKey`.
   */
  keyAttestors: Partial<Record<SchemeName, Address>>;
  /** ML-DSA's inverse NTT, a contract of its own that the ML-DSA verifiers call (contracts/utils/MLDSAInverseNTT.sol). */
  mldsaInverseNtt: Address;
};

/** The ERC-7913 verifier contract of each scheme (the registry's `verifierName`). */
export const verifierContractNames = {
  ecdsa: "ECDSAVerifier",
  webauthn: "WebAuthnVerifier",
  ed25519: "Ed25519Verifier",
  mldsa44: "MLDSA44Verifier",
  mldsa65: "MLDSA65Verifier",
  mldsa87: "MLDSA87Verifier",
  falcon512: "Falcon512Verifier",
  falcon1024: "Falcon1024Verifier",
  mldsa44keccak: "MLDSA44KeccakVerifier",
  falcon512keccak: "Falcon512KeccakVerifier",
} as const satisfies Record<SchemeName, keyof typeof initCodeHashes>;

/**
 * The key attestor contract of each lattice scheme: one for the three ML-DSA sets, one for ETHDILITHIUM's own
 * expansion, one for Falcon-512, Falcon-1024 and the Falcon-512 keccak variant (which reads the same expanded key).
 */
export const keyAttestorContractNames = {
  mldsa44: "MLDSAKeyAttestor",
  mldsa65: "MLDSAKeyAttestor",
  mldsa87: "MLDSAKeyAttestor",
  falcon512: "FalconKeyAttestor",
  falcon1024: "FalconKeyAttestor",
  mldsa44keccak: "MLDSA44KeccakKeyAttestor",
  falcon512keccak: "FalconKeyAttestor",
} as const satisfies Partial<Record<SchemeName, keyof typeof initCodeHashes>>;

/** Where the CREATE2 deployer puts a contract of pq4337's build, from its creation code's hash. */
const deterministicAddress = (contract: keyof typeof initCodeHashes): Address =>
  getContractAddress({ opcode: "CREATE2", from: create2DeployerAddress, salt: deploymentSalt, bytecodeHash: initCodeHashes[contract] });

/**
 * The addresses of pq4337's contracts on any chain where they were deployed with `deployPQ4337`: computed from
 * their creation code's hashes (kept at build time), so no registry or network call is needed and an account's
 * code path does not carry the contracts' code.
 *
 * @example
 * const { accountFactory, verifiers } = getPQ4337Addresses()
 */
export function getPQ4337Addresses(): PQ4337Addresses {
  const accountFactory = deterministicAddress("PQAccountFactory");
  const safeOwnerFactory = deterministicAddress("ERC7913SafeOwnerFactory");
  const verifiers: PQ4337Addresses["verifiers"] = {};
  for (const [scheme, contract] of Object.entries(verifierContractNames)) verifiers[scheme as SchemeName] = deterministicAddress(contract);
  const keyAttestors: PQ4337Addresses["keyAttestors"] = {};
  for (const [scheme, contract] of Object.entries(keyAttestorContractNames)) keyAttestors[scheme as SchemeName] = deterministicAddress(contract);
  return {
    accountFactory,
    // The factory creates its implementation in its constructor: the factory's first CREATE, nonce 1.
    accountImplementation: getContractAddress({ from: accountFactory, nonce: 1n }),
    safeOwnerFactory,
    safeOwnerImplementation: getContractAddress({ from: safeOwnerFactory, nonce: 1n }),
    verifiers,
    keyAttestors,
    mldsaInverseNtt: deterministicAddress("MLDSAInverseNTT"),
  };
}
