import { type Address, type Chain, type Client, type Hex, type Transport } from "viem";
import { encodeMultiSignature } from "../accounts/encodeMultiSignature.js";
import { getErc7913Signer } from "../accounts/getErc7913Signer.js";
import { estimateSignersVerifyGas } from "../accounts/estimateSignersVerifyGas.js";
import type { MissingVerifierError } from "../errors/account.js";
import type { MultiSigner } from "../signers/multiSigner.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { getModuleReplaySafeHash } from "./getModuleReplaySafeHash.js";
import { getPQValidatorModuleAddress } from "./getPQValidatorModuleAddress.js";
import type { Erc7579Validator } from "./toErc7579SmartAccount.js";

/**
 * Validation gas besides the verifier calls: the account's `validateUserOp`, its call into the module (cold), the
 * module's reads of the threshold and of each signer's membership, copying the signatures, paying the prefund.
 */
const validationOverheadGas = 60_000n;

/** Validation gas of each signature beyond the first: its membership read, copy and ERC-7913 call. */
const extraSignerOverheadGas = 12_000n;

/** What writing a zero slot costs more than rewriting a used one (EIP-2200/EIP-2929): the nonce key's or deposit's. */
const zeroSlotWriteSurchargeGas = 17_100n;

export type PqValidatorParameters = {
  /** A client of the chain, to measure the verifiers' gas for the verificationGasLimit. */
  client: Client<Transport, Chain | undefined>;
  /** The keys the module holds for the account: one key, or several with a threshold (the first `threshold` sign). */
  signer: PQ4337Signer | MultiSigner;
  /** The module. Defaults to {@link getPQValidatorModuleAddress}. */
  module?: Address | undefined;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
};

export type PqValidatorReturnType = Erc7579Validator & {
  /** The ERC-7913 signers (`verifier ‖ key`) in the order of the signer's keys. */
  erc7913Signers: Hex[];
  threshold: number;
};

export type PqValidatorErrorType = MissingVerifierError;

/**
 * {@link PQValidatorModule} as the validator of a {@link toErc7579SmartAccount}: user operations signed by the first
 * `threshold` keys as `abi.encode(bytes[] signers, bytes[] signatures)`, ERC-1271 requests signed over the module's
 * replay-safe hash, and a verificationGasLimit derived from the verifiers' measured gas (the module reaches each
 * verifier two calls deep, each passing on 63/64 of its gas).
 *
 * @example
 * const validator = pqValidator({ client, signer: hybridSigner([ecdsaSigner(), mldsa65Signer()]) })
 * const account = await toErc7579SmartAccount({ client, address, validator })
 */
export function pqValidator(parameters: PqValidatorParameters): PqValidatorReturnType {
  const { client, verifiers } = parameters;
  const module = parameters.module ?? getPQValidatorModuleAddress();
  const { signers, threshold } = "type" in parameters.signer ? parameters.signer : { signers: [parameters.signer], threshold: 1 };
  const members = signers.map((signer) => ({ signer, ...getErc7913Signer({ signer, verifiers }) }));
  const signing = members.slice(0, threshold);
  const signWith = async (produce: (signer: PQ4337Signer) => Promise<Hex>) =>
    encodeMultiSignature(await Promise.all(signing.map(async ({ signer, erc7913Signer }) => ({ signer: erc7913Signer, signature: await produce(signer) }))));

  return {
    address: module,
    erc7913Signers: members.map((member) => member.erc7913Signer),
    threshold,
    signUserOperationHash: ({ hash }) => signWith((signer) => signer.sign({ hash })),
    signMessageHash: ({ account, chainId, hash }) => {
      const replaySafe = getModuleReplaySafeHash({ module, account, chainId, hash });
      return signWith((signer) => signer.sign({ hash: replaySafe }));
    },
    getStubSignature: () => signWith((signer) => signer.getStubSignature()),
    async estimateVerificationGas({ zeroSlots }) {
      // The account calls the module, which calls the verifiers.
      const verifyGas = await estimateSignersVerifyGas({ client, signing, depth: 2n });
      return verifyGas + validationOverheadGas + extraSignerOverheadGas * BigInt(signing.length - 1) + zeroSlotWriteSurchargeGas * zeroSlots;
    },
  };
}
