import { type Address, type Chain, type Client, type Hex, type Transport, encodeAbiParameters, encodeFunctionData } from "viem";
import { getCode, readContract } from "viem/actions";
import { getErc7913Signer } from "../accounts/getErc7913Signer.js";
import type { MissingVerifierError } from "../errors/account.js";
import { pqValidatorModuleAbi } from "../generated/contracts.js";
import type { MultiSigner } from "../signers/multiSigner.js";
import type { PQ4337Signer, SchemeName } from "../signers/types.js";
import { type AssertChainErrorType, assertChain } from "../utils/assertChain.js";
import { erc7579AccountAbi, validatorModuleType } from "./erc7579AccountAbi.js";
import { ModuleAlreadyInstalledError, ModuleNotDeployedError } from "./errors.js";
import { getModulePossessionHash } from "./getModulePossessionHash.js";
import { getPQValidatorModuleAddress } from "./getPQValidatorModuleAddress.js";

export type GetInstallPQValidatorCallParameters = {
  /** A client of the chain the account lives on. */
  client: Client<Transport, Chain | undefined>;
  /** The ERC-7579 account that installs the module. */
  account: Address;
  /** The keys that will validate the account's operations: one key, or several with a threshold. */
  signer: PQ4337Signer | MultiSigner;
  /** The module. Defaults to {@link getPQValidatorModuleAddress}. */
  module?: Address | undefined;
  /** The ERC-7913 verifier of each scheme. Defaults to pq4337's deterministic deployment. */
  verifiers?: Partial<Record<SchemeName, Address>> | undefined;
};

export type GetInstallPQValidatorCallReturnType = {
  /** The account itself: the call is `installModule(1, module, initData)` on it, e.g. in a user operation. */
  to: Address;
  data: Hex;
  /** `abi.encode(bytes[] signers, bytes[] proofs, uint64 threshold)`, what the module's `onInstall` receives. */
  initData: Hex;
  module: Address;
  /** The ERC-7913 signers (`verifier ‖ key`) the module will hold, in the order of the signer's keys. */
  erc7913Signers: Hex[];
  threshold: number;
};

export type GetInstallPQValidatorCallErrorType =
  | ModuleNotDeployedError
  | ModuleAlreadyInstalledError
  | MissingVerifierError
  | AssertChainErrorType;

/**
 * The call an ERC-7579 account makes to install {@link PQValidatorModule} as a validator: every key signs its proof
 * of possession (the module's `possessionHash` for this account at its current `possessionNonce`), and the module
 * checks them, with the signers, before it stores anything.
 *
 * @example
 * const install = await getInstallPQValidatorCall({ client, account: account.address, signer: falcon512Signer() })
 * await bundler.sendUserOperation({ account, calls: [install] })
 */
export async function getInstallPQValidatorCall(parameters: GetInstallPQValidatorCallParameters): Promise<GetInstallPQValidatorCallReturnType> {
  const { client, account, verifiers } = parameters;
  assertChain(client);
  const module = parameters.module ?? getPQValidatorModuleAddress();
  const code = await getCode(client, { address: module });
  if (code === undefined || code === "0x") throw new ModuleNotDeployedError({ module });
  const [installed, nonce] = await Promise.all([
    readContract(client, { address: module, abi: pqValidatorModuleAbi, functionName: "isInitialized", args: [account] }),
    readContract(client, { address: module, abi: pqValidatorModuleAbi, functionName: "possessionNonce", args: [account] }),
  ]);
  if (installed) throw new ModuleAlreadyInstalledError({ account, module });

  const { signers, threshold } = "type" in parameters.signer ? parameters.signer : { signers: [parameters.signer], threshold: 1 };
  const erc7913Signers = signers.map((signer) => getErc7913Signer({ signer, verifiers }).erc7913Signer);
  const proofs = await Promise.all(
    signers.map((signer, index) =>
      signer.sign({ hash: getModulePossessionHash({ module, account, chainId: client.chain.id, signer: erc7913Signers[index]!, nonce }) }),
    ),
  );
  const initData = encodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }, { type: "uint64" }], [erc7913Signers, proofs, BigInt(threshold)]);
  const data = encodeFunctionData({ abi: erc7579AccountAbi, functionName: "installModule", args: [validatorModuleType, module, initData] });
  return { to: account, data, initData, module, erc7913Signers, threshold };
}
