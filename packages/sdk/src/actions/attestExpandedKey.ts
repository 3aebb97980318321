import type { Account, Address, Chain, Client, Hash, Hex, Transport, WalletClient } from "viem";
import { getCode, readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { ExpandedKeyAttestationMismatchError, ExpandedKeyNotAttestedError, KeyAttestorNotDeployedError } from "../errors/keys.js";
import { keyAttestorAbi } from "../generated/contracts.js";
import { getKeyAttestationRecord } from "../keys/keyAttestation.js";
import type { ExpandedKey, SchemeName } from "../signers/types.js";

export type AttestExpandedKeyParameters = {
  /** Reads the chain. */
  client: Client<Transport, Chain | undefined>;
  /** Pays for the attestation when the key is not attested yet. Without it, a key that is not attested is an error. */
  walletClient?: WalletClient<Transport, Chain | undefined, Account> | undefined;
  /**
   * The signer whose expanded key to attest (a `PQ4337Signer`, or its scheme and the expanded key's public key and
   * commitment): its scheme picks the attestor.
   */
  signer: { scheme: SchemeName; expandedKey?: Pick<ExpandedKey, "publicKey" | "commitment"> | undefined };
  /** The key attestor; by default the scheme's in `getPQ4337Addresses().keyAttestors`. */
  keyAttestor?: Address | undefined;
};

export type AttestExpandedKeyReturnType = {
  /** commitment(E ‖ pk), the attested commitment; undefined for a signer without an expanded key. */
  commitment: Hex | undefined;
  /** The attestation record's address (code there means attested); undefined for a signer without an expanded key. */
  record: Address | undefined;
  /** The attestation transaction: undefined when the key was already attested or needs no attestation. */
  transactionHash: Hash | undefined;
};

export type AttestExpandedKeyErrorType = ExpandedKeyNotAttestedError | ExpandedKeyAttestationMismatchError | KeyAttestorNotDeployedError;

/**
 * Attests a signer's expanded key on-chain: the scheme's key attestor recomputes E from the public key and records
 * the commitment commitment(E ‖ pk), which the lattice verifiers require before they name a key (`keyId`), so before
 * any account stores it as a signer. Content-addressed and idempotent: anyone may attest anyone's key, once per key
 * on a chain (the record is shared by every account), and a call for an attested key sends nothing. The transaction
 * costs the expansion (millions of gas for ML-DSA, see the README); it is never paid during validation. A no-op for a
 * signer whose key is self-contained (ECDSA, passkeys, Ed25519). `deployExpandedKey` calls it after storing the key.
 *
 * Throws {@link ExpandedKeyNotAttestedError} when the key is not attested and no `walletClient` is given, and
 * {@link ExpandedKeyAttestationMismatchError} when the attestor derives another expanded key than the signer's.
 *
 * @example
 * const signer = mldsa65Signer()
 * await deployCodeChunks({ client, walletClient, data: signer.expandedKey.bytes })
 * const { transactionHash } = await attestExpandedKey({ client, walletClient, signer })
 */
export async function attestExpandedKey(parameters: AttestExpandedKeyParameters): Promise<AttestExpandedKeyReturnType> {
  const { client, walletClient, signer } = parameters;
  const expandedKey = signer.expandedKey;
  const keyAttestor = parameters.keyAttestor ?? getPQ4337Addresses().keyAttestors[signer.scheme];
  if (!expandedKey || !keyAttestor) return { commitment: undefined, record: undefined, transactionHash: undefined };

  const { commitment } = expandedKey;
  const record = getKeyAttestationRecord({ keyAttestor, commitment });
  const isAttested = async () => {
    const code = await getCode(client, { address: record });
    return code !== undefined && code !== "0x";
  };
  if (await isAttested()) return { commitment, record, transactionHash: undefined };
  if (!walletClient) throw new ExpandedKeyNotAttestedError({ scheme: signer.scheme, commitment, keyAttestor });
  const attestorCode = await getCode(client, { address: keyAttestor });
  if (attestorCode === undefined || attestorCode === "0x") throw new KeyAttestorNotDeployedError({ scheme: signer.scheme, keyAttestor });

  // The attestor's own view first: a key that is not its public key's expansion is refused before anything is sent.
  const attested = await readContract(client, { address: keyAttestor, abi: keyAttestorAbi, functionName: "commitmentOf", args: [expandedKey.publicKey] });
  if (attested !== commitment) throw new ExpandedKeyAttestationMismatchError({ scheme: signer.scheme, commitment, attested });
  const transactionHash = await writeContract(walletClient, {
    address: keyAttestor,
    abi: keyAttestorAbi,
    functionName: "attest",
    args: [expandedKey.publicKey],
    account: walletClient.account,
    chain: walletClient.chain,
  });
  await waitForTransactionReceipt(client, { hash: transactionHash });
  if (!(await isAttested())) throw new ExpandedKeyNotAttestedError({ scheme: signer.scheme, commitment, keyAttestor });
  return { commitment, record, transactionHash };
}
