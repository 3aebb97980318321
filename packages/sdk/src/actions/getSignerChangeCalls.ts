import { type Address, type Chain, type Client, type Hex, type Transport, encodeFunctionData } from "viem";
import { readContract } from "viem/actions";
import { type GetErc7913SignerErrorType, getErc7913Signer } from "../accounts/getErc7913Signer.js";
import { getSignerPossessionHash } from "../accounts/getSignerPossessionHash.js";
import type { ToPQSmartAccountReturnType } from "../accounts/toPQSmartAccount.js";
import { getKeyPreparationCalls } from "./getKeyPreparationCalls.js";
import { pqAccountAbi } from "../generated/contracts.js";
import { type AssertChainErrorType, assertChain } from "../utils/assertChain.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";

/** A call the account makes, as `sendUserOperation`'s `calls` take it. */
export type SignerChangeCall = { to: Address; data: Hex };

export type GetSignerChangeCallsParameters = {
  /** Reads the chain: the account's signer nonce and threshold, which chunks exist. */
  client: Client<Transport, Chain | undefined>;
  /** The account whose signers change; it sends the calls in one user operation. */
  account: ToPQSmartAccountReturnType;
  /** Keys to add. Each signs its proof of possession here, so each must be able to sign. */
  add?: readonly PQ4337Signer[] | undefined;
  /** Signers to remove: keys, or ERC-7913 signers (`verifier ‖ key`) as the account stores them. */
  remove?: readonly (PQ4337Signer | Hex)[] | undefined;
  /** The new threshold, if it changes. */
  threshold?: number | undefined;
  /**
   * Whether the account itself deploys the added keys' expanded-key chunks that are not on chain yet, through the
   * CREATE2 deployer, and attests the keys that are not attested yet (the key attestor's `attest(pk)`, which the
   * verifier requires before the account may add the key), before adding them (default `true`): no other key has to
   * pay. An ML-DSA attestation costs millions of gas in the operation; `attestExpandedKey` beforehand avoids it.
   */
  deployKeys?: boolean | undefined;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
  /**
   * Accept `verifiers` outside pq4337's deployment for the keys added (default `false`, which throws
   * `UnknownVerifierError`): only for verifiers you deployed and checked to be immutable, non-proxy contracts.
   */
  allowUnknownVerifier?: boolean | undefined;
};

export type GetSignerChangeCallsReturnType = SignerChangeCall[];

export type GetSignerChangeCallsErrorType = GetErc7913SignerErrorType | AssertChainErrorType;

/**
 * The calls that change a {@link PQAccount}'s signers in one user operation: deploy the new keys' chunks, add the
 * new keys with their proofs of possession, remove old signers, set the threshold (lowered before removals and
 * raised after additions, so it stays reachable at every step). Send them with `sendUserOperation`, signed by the
 * current signers; afterwards, make a new `toPQSmartAccount` with the new signers and the same `address`.
 *
 * @example
 * // Migrate an ECDSA account to ECDSA + Falcon-512 (2 of 2).
 * const falcon = falcon512Signer()
 * const calls = await getSignerChangeCalls({ client, account, add: [falcon], threshold: 2 })
 * await sendUserOperation(bundler, { calls })
 * const hybrid = await toPQSmartAccount({ client, signer: hybridSigner([ecdsa, falcon]), address: account.address })
 */
export async function getSignerChangeCalls(parameters: GetSignerChangeCallsParameters): Promise<GetSignerChangeCallsReturnType> {
  const { client, account, add = [], remove = [], threshold, deployKeys = true } = parameters;
  // Removal needs no check of the verifier; an addition does (getErc7913Signer), whatever `remove` names.
  const toErc7913Signer = (signer: PQ4337Signer | Hex, allowUnknownVerifier = parameters.allowUnknownVerifier): Hex =>
    typeof signer === "string" ? signer : getErc7913Signer({ signer, verifiers: parameters.verifiers, allowUnknownVerifier }).erc7913Signer;
  const deployed = await account.isDeployed();
  const [nonce, currentThreshold] = deployed
    ? await Promise.all([
        readContract(client, { address: account.address, abi: pqAccountAbi, functionName: "signerNonce" }),
        readContract(client, { address: account.address, abi: pqAccountAbi, functionName: "threshold" }).then(Number),
      ])
    : [0n, account.threshold];

  const calls: SignerChangeCall[] = [];
  if (deployKeys) calls.push(...(await getKeyPreparationCalls({ client, signers: add })));
  const self = (data: Hex): SignerChangeCall => ({ to: account.address, data });
  if (add.length > 0) {
    assertChain(client);
    const chainId = client.chain.id;
    const signers = add.map((signer) => toErc7913Signer(signer));
    const proofs = await Promise.all(
      add.map((signer, i) => signer.sign({ hash: getSignerPossessionHash({ account: account.address, chainId, signer: signers[i]!, nonce }) })),
    );
    calls.push(self(encodeFunctionData({ abi: pqAccountAbi, functionName: "addSigners", args: [signers, proofs] })));
  }
  const setThreshold = threshold === undefined ? undefined : self(encodeFunctionData({ abi: pqAccountAbi, functionName: "setThreshold", args: [BigInt(threshold)] }));
  if (setThreshold && threshold! < currentThreshold) calls.push(setThreshold);
  if (remove.length > 0)
    calls.push(self(encodeFunctionData({ abi: pqAccountAbi, functionName: "removeSigners", args: [remove.map((signer) => toErc7913Signer(signer, true))] })));
  if (setThreshold && threshold! > currentThreshold) calls.push(setThreshold);
  return calls;
}
