import { type Address, type Hex, type TypedData, type TypedDataDefinition, concatHex, hashMessage, hashTypedData } from "viem";
import { type SmartAccount, type SmartAccountImplementation, entryPoint08Abi, getUserOperationHash, toSmartAccount } from "viem/account-abstraction";
import { readContract } from "viem/actions";
import { entryPointAddress } from "../constants.js";
import { type VerificationGasEstimationFailedError, leaveToBundlerOrThrow } from "../errors/estimate.js";
import { type AssertChainErrorType, assertChain } from "../utils/assertChain.js";
import { erc7579AccountAbi } from "./erc7579AccountAbi.js";
import { decodeErc7579Calls, encodeErc7579Calls } from "./encodeErc7579Calls.js";
import type { UnsupportedErc7579CallsError } from "./errors.js";

/** The sequence number (low 64 bits) of an EntryPoint nonce. */
const nonceSequenceMask = 2n ** 64n - 1n;

/** A validator module as a {@link toErc7579SmartAccount} signs with it. */
export type Erc7579Validator = {
  /** The module's address: it selects the module in the nonce key and in ERC-1271 signatures. */
  address: Address;
  /** The `userOp.signature` the module accepts for a user operation hash. */
  signUserOperationHash: (parameters: { hash: Hex }) => Promise<Hex>;
  /** The module's signature for an ERC-1271 request about `hash` to `account` (without the module's address). */
  signMessageHash: (parameters: { account: Address; chainId: number; hash: Hex }) => Promise<Hex>;
  /** A signature of the right size that takes the module's full validation path, for gas estimation. */
  getStubSignature: () => Promise<Hex>;
  /**
   * The verificationGasLimit of a user operation it validates (`undefined`: let the bundler estimate), given
   * whether validation writes zero slots of the EntryPoint (the nonce key's first operation, an empty deposit).
   */
  estimateVerificationGas?: ((parameters: { zeroSlots: bigint }) => Promise<bigint | undefined>) | undefined;
};

export type ToErc7579SmartAccountParameters = {
  /** A client of the chain the account lives on. */
  client: Erc7579SmartAccountImplementation["client"];
  /** The ERC-7579 account's address. */
  address: Address;
  /** The validator module that validates this account's operations and messages (e.g. {@link pqValidator}). */
  validator: Erc7579Validator;
  /** The account's factory and its call data, while the account is not deployed yet. */
  factory?: Address | undefined;
  factoryData?: Hex | undefined;
  /**
   * The EntryPoint nonce key (192 bits). Defaults to the validator's address followed by 4 zero bytes: OpenZeppelin's
   * `AccountERC7579` picks the validator from the nonce's first 20 bytes. Other accounts lay it out differently.
   * Every operation of this account object uses this one key (a nonce key selects the validator).
   */
  nonceKey?: bigint | undefined;
};

export type Erc7579SmartAccountImplementation = SmartAccountImplementation<
  typeof entryPoint08Abi,
  "0.8",
  { abi: typeof erc7579AccountAbi; validator: Erc7579Validator }
>;

export type ToErc7579SmartAccountReturnType = SmartAccount<Erc7579SmartAccountImplementation>;

export type ToErc7579SmartAccountErrorType = UnsupportedErc7579CallsError | VerificationGasEstimationFailedError | AssertChainErrorType;

/**
 * A viem smart account (EntryPoint v0.8) for an ERC-7579 modular account, laid out as OpenZeppelin's
 * `AccountERC7579` expects: calls through `execute` (single or batch mode), the validator named by the nonce key's
 * first 20 bytes, the module's own signature in `userOp.signature`, and ERC-1271 signatures as
 * `validator ‖ module signature`. Message signatures are not ERC-6492-wrapped: sign once the account is deployed.
 *
 * @example
 * import { falcon512Signer, pqValidator, toErc7579SmartAccount } from "@pq4337/sdk"
 *
 * const validator = pqValidator({ client, signer: falcon512Signer() })
 * const account = await toErc7579SmartAccount({ client, address, validator })
 * const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl) })
 * await bundler.sendUserOperation({ calls: [{ to, value: 1n }] })
 */
export async function toErc7579SmartAccount(parameters: ToErc7579SmartAccountParameters): Promise<ToErc7579SmartAccountReturnType> {
  const { client, address, validator, factory, factoryData } = parameters;
  assertChain(client);
  const nonceKey = parameters.nonceKey ?? BigInt(validator.address) << 32n;
  const signHash = async (hash: Hex) =>
    concatHex([validator.address, await validator.signMessageHash({ account: address, chainId: client.chain.id, hash })]);

  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint08Abi, address: entryPointAddress, version: "0.8" },
    extend: { abi: erc7579AccountAbi, validator },

    // viem passes a nonce key through a JavaScript number, which cannot hold a 192-bit key: read the nonce here.
    async getNonce() {
      return readContract(client, { address: entryPointAddress, abi: entryPoint08Abi, functionName: "getNonce", args: [address, nonceKey] });
    },

    async decodeCalls(data) {
      return decodeErc7579Calls(data);
    },

    async encodeCalls(calls) {
      return encodeErc7579Calls(calls);
    },

    async getAddress() {
      return address;
    },

    async getFactoryArgs() {
      return { factory, factoryData };
    },

    async getStubSignature() {
      return validator.getStubSignature();
    },

    async signMessage({ message }) {
      return signHash(hashMessage(message));
    },

    async signTypedData(typedData) {
      return signHash(hashTypedData(typedData as TypedDataDefinition<TypedData, string>));
    },

    userOperation: {
      async estimateGas(userOperation) {
        if (!validator.estimateVerificationGas) return undefined;
        try {
          const deposit = await readContract(client, { address: entryPointAddress, abi: entryPoint08Abi, functionName: "balanceOf", args: [address] });
          const firstNonce = ((userOperation.nonce ?? 0n) & nonceSequenceMask) === 0n;
          const verificationGasLimit = await validator.estimateVerificationGas({ zeroSlots: BigInt(firstNonce) + BigInt(deposit === 0n) });
          return verificationGasLimit === undefined ? undefined : { verificationGasLimit };
        } catch (error) {
          return leaveToBundlerOrThrow(error);
        }
      },
    },

    async signUserOperation({ chainId = client.chain.id, ...userOperation }) {
      const hash = getUserOperationHash({ chainId, entryPointAddress, entryPointVersion: "0.8", userOperation: { ...userOperation, sender: address } });
      return validator.signUserOperationHash({ hash });
    },
  });
}
