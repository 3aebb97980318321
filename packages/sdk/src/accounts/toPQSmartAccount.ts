import {
  type Address,
  type Chain,
  type Client,
  type Hex,
  type LocalAccount,
  type Transport,
  type TypedData,
  type TypedDataDefinition,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  hashMessage,
  hashTypedData,
  zeroHash,
} from "viem";
import {
  type SmartAccount,
  type SmartAccountImplementation,
  entryPoint08Abi,
  getUserOperationHash,
  toSmartAccount,
} from "viem/account-abstraction";
import { toAccount } from "viem/accounts";
import { estimateGas, readContract } from "viem/actions";
import { signMessage as signErc7739Message, signTypedData as signErc7739TypedData } from "viem/experimental/erc7739";
import { defaultNonceKey, entryPointAddress } from "../constants.js";
import { estimateSignersVerifyGas } from "./estimateSignersVerifyGas.js";
import { getPQ4337Addresses } from "../deploy/getPQ4337Addresses.js";
import { MissingVerifierError, UnknownVerifierError, UnsupportedCallsError } from "../errors/account.js";
import { PQ4337Error } from "../errors/base.js";
import { type VerificationGasEstimationFailedError, leaveToBundlerOrThrow } from "../errors/estimate.js";
import { pqAccountAbi, pqAccountFactoryAbi } from "../generated/contracts.js";
import { type AssertChainErrorType, assertChain } from "../utils/assertChain.js";
import type { MultiSigner } from "../signers/multiSigner.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { encodeMultiSignature } from "./encodeMultiSignature.js";
import { getErc7913Signer } from "./getErc7913Signer.js";
import { getPQAccountAddress } from "./getPQAccountAddress.js";

/**
 * Gas of `validateUserOp` besides the verifier call: reading the signer, copying the signature, the ERC-7913
 * call itself (with its cold account access), paying the prefund. The gas suite measures 27,000–31,000 for every
 * scheme; the rest is margin. It is kept small so that a Falcon-512 account's verificationGasLimit stays below
 * ERC-7562's `MAX_VERIFICATION_GAS` (500,000) once the account exists, and its operations can use the public mempool.
 */
const validationOverheadGas = 50_000n;

/** Validation gas of each signature beyond the first: its signer's set lookup, copy and ERC-7913 call. */
const extraSignerOverheadGas = 10_000n;

/**
 * What writing a zero storage slot costs more than rewriting a used one (EIP-2200/EIP-2929: 20,000 against 2,900).
 * Validation writes two slots of the EntryPoint that are zero before an account's first operation: its nonce and its
 * deposit (the prefund it pays in). A creating operation's estimate absorbed them in the factory call's transaction
 * overhead; the first operation of an account deployed beforehand (`deployAccount`) has no factory call and failed
 * with AA26 without them.
 */
const zeroSlotWriteSurchargeGas = 17_100n;

/** The intrinsic gas of the transaction `eth_estimateGas` prices the factory call as; the EntryPoint pays none. */
const transactionIntrinsicGas = 21_000n;

/** The sequence number (low 64 bits) of an EntryPoint nonce. */
const nonceSequenceMask = 2n ** 64n - 1n;

/** ERC-7821 batch mode: call type 0x01 (batch), default exec type, no selector, no opData. */
const batchExecutionMode: Hex = "0x0100000000000000000000000000000000000000000000000000000000000000";
const executionsType = [
  {
    type: "tuple[]",
    components: [
      { name: "target", type: "address" },
      { name: "value", type: "uint256" },
      { name: "callData", type: "bytes" },
    ],
  },
] as const;

export type ToPQSmartAccountParameters = {
  /** A client of the chain the account lives on. */
  client: PQSmartAccountImplementation["client"];
  /**
   * What controls the account: one key (ECDSA or post-quantum), or several with a threshold
   * (`multiSigner`, `hybridSigner`).
   */
  signer: PQ4337Signer | MultiSigner;
  /** The factory salt (bytes32). Different salts give different accounts for the same signer. */
  salt?: Hex | undefined;
  /** The account's address, when it differs from the one derived from `signer` (e.g. after a signer change). */
  address?: Address | undefined;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
  /**
   * Accept `verifiers` outside pq4337's deployment (default `false`, which throws `UnknownVerifierError`): only for
   * verifiers you deployed and checked to be immutable, non-proxy contracts. The account trusts them completely.
   */
  allowUnknownVerifier?: boolean | undefined;
  /** The account factory. Defaults to pq4337's deterministic deployment. */
  factory?: Address | undefined;
  /**
   * The EntryPoint nonce key. Pinned (default 0) so consecutive operations increment one slot instead of
   * opening a new one each time, as viem's timestamp default does.
   */
  nonceKey?: bigint | undefined;
};

export type PQSmartAccountImplementation = SmartAccountImplementation<
  typeof entryPoint08Abi,
  "0.8",
  {
    abi: typeof pqAccountAbi;
    factory: { abi: typeof pqAccountFactoryAbi; address: Address };
    /** The account's keys, and the first `threshold` of them sign. */
    signers: readonly PQ4337Signer[];
    threshold: number;
    /** The account's ERC-7913 signers, `verifier ‖ key`, in the order of `signers`. */
    erc7913Signers: Hex[];
  }
>;

export type ToPQSmartAccountReturnType = SmartAccount<PQSmartAccountImplementation>;

export type ToPQSmartAccountErrorType =
  | MissingVerifierError
  | UnknownVerifierError
  | UnsupportedCallsError
  | VerificationGasEstimationFailedError
  | AssertChainErrorType;

/**
 * A viem smart account for {@link PQAccount} on EntryPoint v0.8: counterfactual address, factory data,
 * ERC-7821 batched calls, user operations signed by any {@link PQ4337Signer} or a threshold of them
 * ({@link MultiSigner}), and ERC-1271 message and typed-data signatures through ERC-7739 (ERC-6492-wrapped while
 * the account is not deployed).
 *
 * @example
 * import { createPublicClient, http, parseEther } from "viem"
 * import { createBundlerClient } from "viem/account-abstraction"
 * import { mldsa65Signer, toPQSmartAccount } from "@pq4337/sdk"
 *
 * const client = createPublicClient({ chain, transport: http(rpcUrl) })
 * const account = await toPQSmartAccount({ client, signer: mldsa65Signer() })
 * const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl) })
 * const hash = await bundler.sendUserOperation({ calls: [{ to, value: parseEther("0.01") }] })
 */
export async function toPQSmartAccount(parameters: ToPQSmartAccountParameters): Promise<ToPQSmartAccountReturnType> {
  const { client, salt = zeroHash, nonceKey = defaultNonceKey } = parameters;
  // Without a chain, viem fails deep inside signing with "reading 'id'": say what is missing instead.
  assertChain(client);
  const { signers, threshold } =
    "type" in parameters.signer ? parameters.signer : { signers: [parameters.signer], threshold: 1 };
  const defaults = getPQ4337Addresses();
  const factoryAddress = parameters.factory ?? defaults.accountFactory;
  const members = signers.map((signer) => ({ signer, ...getErc7913Signer({ signer, verifiers: parameters.verifiers, allowUnknownVerifier: parameters.allowUnknownVerifier }) }));
  const erc7913Signers = members.map((member) => member.erc7913Signer);
  // The first `threshold` keys sign; the account accepts any `threshold` of its signers.
  const signing = members.slice(0, threshold);
  const signWith = async (produce: (signer: PQ4337Signer) => Promise<Hex>) =>
    encodeMultiSignature(await Promise.all(signing.map(async ({ signer, erc7913Signer }) => ({ signer: erc7913Signer, signature: await produce(signer) }))));
  const sign = (hash: Hex) => signWith((signer) => signer.sign({ hash }));

  const factory = { abi: pqAccountFactoryAbi, address: factoryAddress } as const;
  const address =
    parameters.address ??
    getPQAccountAddress({
      signers: erc7913Signers,
      threshold,
      salt,
      factory: factoryAddress,
      // The factory's implementation, when the factory is not pq4337's default deployment.
      implementation: parameters.factory
        ? await readImplementation(client, factoryAddress)
        : defaults.accountImplementation,
    });
  // ERC-7739 signing goes through viem's actions, which expect an account that signs hashes.
  const hashSigner = toHashSigner(address, sign);

  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPointAddress, version: "0.8" },
    extend: { abi: pqAccountAbi, factory, signers, threshold, erc7913Signers },
    nonceKeyManager: pinnedNonceKey(nonceKey),

    async decodeCalls(data) {
      const { functionName, args } = decodeFunctionData({ abi: pqAccountAbi, data });
      if (functionName !== "execute" || args[0] !== batchExecutionMode) throw new UnsupportedCallsError({ data });
      const [executions] = decodeAbiParameters(executionsType, args[1]);
      return executions.map(({ target, value, callData }) => ({ to: target, value, data: callData }));
    },

    async encodeCalls(calls) {
      const executions = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, callData: call.data ?? "0x" }));
      return encodeFunctionData({
        abi: pqAccountAbi,
        functionName: "execute",
        args: [batchExecutionMode, encodeAbiParameters(executionsType, [executions])],
      });
    },

    async getAddress() {
      return address;
    },

    async getFactoryArgs() {
      return {
        factory: factory.address,
        factoryData: encodeFunctionData({
          abi: factory.abi,
          functionName: "createAccount",
          args: [erc7913Signers, BigInt(threshold), salt],
        }),
      };
    },

    async getStubSignature() {
      return signWith((signer) => signer.getStubSignature());
    },

    async signMessage({ message }) {
      const { factory, factoryData } = await this.getFactoryArgs();
      return signErc7739Message(client, { account: hashSigner, message, verifier: address, factory, factoryData });
    },

    async signTypedData(typedData) {
      const { domain, types, primaryType, message } = typedData as TypedDataDefinition<TypedData, string>;
      const { factory, factoryData } = await this.getFactoryArgs();
      return signErc7739TypedData(client, {
        domain,
        types,
        primaryType,
        message,
        account: hashSigner,
        verifier: address,
        factory,
        factoryData,
      });
    },

    userOperation: {
      // The verifiers' gas comes from their own cost, measured on-chain (see estimateSignersVerifyGas). Only a node
      // without state overrides leaves the estimate to the bundler: any other failure throws, since the bundler's
      // figure can be too low for a post-quantum verifier (AA23 for an ECDSA + ML-DSA-65 account's first operation).
      async estimateGas(userOperation) {
        try {
          const verifyGas = await estimateSignersVerifyGas({ client, signing, depth: 1n });
          const creation = userOperation.factory
            ? (await estimateGas(client, { to: userOperation.factory, data: userOperation.factoryData })) - transactionIntrinsicGas
            : 0n;
          const deposit = await readContract(client, { address: entryPointAddress, abi: entryPoint08Abi, functionName: "balanceOf", args: [address] });
          const firstNonce = ((userOperation.nonce ?? 0n) & nonceSequenceMask) === 0n;
          const zeroSlots = BigInt(firstNonce) + BigInt(deposit === 0n);
          const overhead =
            validationOverheadGas + extraSignerOverheadGas * BigInt(signing.length - 1) + zeroSlotWriteSurchargeGas * zeroSlots;
          return { verificationGasLimit: verifyGas + overhead + creation };
        } catch (error) {
          return leaveToBundlerOrThrow(error);
        }
      },
    },

    async signUserOperation({ chainId = client.chain.id, ...userOperation }) {
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress,
        entryPointVersion: "0.8",
        userOperation: { ...userOperation, sender: address },
      });
      return sign(hash);
    },
  });
}

async function readImplementation(client: Client<Transport, Chain | undefined>, factory: Address): Promise<Address> {
  return readContract(client, { abi: pqAccountFactoryAbi, address: factory, functionName: "accountImplementation" });
}

/** A viem account whose every signature is the account's signature of the final EIP-191/EIP-712 hash. */
function toHashSigner(address: Address, sign: (hash: Hex) => Promise<Hex>): LocalAccount {
  return toAccount({
    address,
    sign: ({ hash }) => sign(hash),
    signMessage: ({ message }) => sign(hashMessage(message)),
    signTypedData: (typedData) => sign(hashTypedData(typedData)),
    signTransaction: () => {
      throw new PQ4337Error("A PQAccount signs user operations, messages and typed data, not transactions.");
    },
  });
}

/** viem's nonce-key manager hands out one fixed key. */
function pinnedNonceKey(key: bigint) {
  const get = async () => Number(key);
  return { consume: get, get, increment() {}, reset() {} };
}
