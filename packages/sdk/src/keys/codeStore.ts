import {
  type Account,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
  type WalletClient,
  bytesToHex,
  concatHex,
  hexToBytes,
  isHex,
  keccak256,
  numberToHex,
} from "viem";
import { getCode } from "viem/actions";
import {
  type DeployDeterministicErrorType,
  deployDeterministic,
  getDeterministicAddress,
} from "../deploy/deployDeterministic.js";
import { CodeChunksNotDeployedError, InvalidHexError } from "../errors/keys.js";

/**
 * The largest chunk one contract can hold: EIP-170 caps runtime code at 24,576 bytes and every chunk's code
 * starts with a STOP byte.
 */
export const codeChunkMaxSize = 24_575;

/**
 * Creation code that returns the code appended to it: `PUSH2 len; DUP1; PUSH1 0x0a; RETURNDATASIZE;
 * CODECOPY; RETURNDATASIZE; RETURN`. RETURNDATASIZE is a 1-byte 0 (nothing has been called yet); 0x0a is
 * the length of this prefix, where the runtime code starts. The `PUSH2` operand goes between `0x61` and
 * the rest.
 */
const initCodePush2 = "0x61";
const initCodeCopyAndReturn = "0x80600a3d393df3";

/** A slice of stored data and the contract that holds it. */
export type CodeChunk = {
  /** The slice of data this chunk stores. */
  data: Hex;
  /** The contract's code: `0x00 ‖ data`. The leading STOP makes a call to it a no-op. */
  runtimeCode: Hex;
  /** keccak256(runtimeCode): the chunk's EXTCODEHASH once deployed, what {@link codeChunksCommitment} hashes. */
  codeHash: Hex;
  /** The creation code sent (after the salt) to the CREATE2 deployer. */
  initCode: Hex;
  /** Where the CREATE2 deployer puts it: a function of the data only. */
  address: Address;
};

export type ToCodeChunksParameters = Hex | Uint8Array;

export type ToCodeChunksReturnType = CodeChunk[];

export type ToCodeChunksErrorType = InvalidHexError;

/**
 * Splits data into contract-sized chunks (all {@link codeChunkMaxSize} bytes but the last) and computes
 * each chunk's code and CREATE2 address. Contracts read the data back with `EXTCODECOPY(address, 1, …)`.
 * Empty data needs no contract and gives no chunks.
 *
 * @example
 * const chunks = toCodeChunks(expandedKey.bytes)
 * // chunks.map((chunk) => chunk.address)
 */
export function toCodeChunks(data: ToCodeChunksParameters): ToCodeChunksReturnType {
  const bytes = typeof data === "string" ? hexToStrictBytes(data) : data;
  const chunks: CodeChunk[] = [];
  for (let offset = 0; offset < bytes.length; offset += codeChunkMaxSize) {
    const slice = bytes.subarray(offset, offset + codeChunkMaxSize);
    const runtimeCode = concatHex(["0x00", bytesToHex(slice)]);
    const runtimeLength = slice.length + 1;
    const initCode = concatHex([initCodePush2, numberToHex(runtimeLength, { size: 2 }), initCodeCopyAndReturn, runtimeCode]);
    chunks.push({
      data: bytesToHex(slice),
      runtimeCode,
      codeHash: keccak256(runtimeCode),
      initCode,
      address: getDeterministicAddress({ bytecode: initCode }),
    });
  }
  return chunks;
}

/**
 * The commitment an ERC-7913 key to stored data carries: keccak256 of the chunks' code hashes, in order,
 * keccak256(keccak256(0x00 ‖ data_0) ‖ … ‖ keccak256(0x00 ‖ data_n-1)), as `ExpandedKeyReader.commitmentOf`
 * computes it. A verifier checks it with one EXTCODEHASH per chunk and one hash of 32·n bytes, never hashing the
 * data; the code hash binds each chunk's whole code, its length and leading STOP byte included.
 *
 * @example
 * const commitment = codeChunksCommitment(toCodeChunks(expandedKey.bytes))
 */
export function codeChunksCommitment(chunks: readonly CodeChunk[]): Hex {
  return keccak256(concatHex(chunks.map(({ codeHash }) => codeHash)));
}

export type DeployCodeChunksParameters = {
  /** Reads the chain. */
  client: Client<Transport, Chain | undefined>;
  /** Pays for the chunks that are not deployed yet. Without it, missing chunks are an error. */
  walletClient?: WalletClient<Transport, Chain | undefined, Account> | undefined;
  /** The data to store. */
  data: Hex | Uint8Array;
};

export type DeployCodeChunksReturnType = {
  chunks: CodeChunk[];
  /** The chunks' addresses, in data order. */
  addresses: Address[];
  /** The deployment transactions sent: empty when every chunk was already there. */
  transactionHashes: Hash[];
};

export type DeployCodeChunksErrorType = ToCodeChunksErrorType | CodeChunksNotDeployedError | DeployDeterministicErrorType;

/**
 * Stores data in contract code through the CREATE2 deployer, sending a transaction only for the chunks that
 * are not on chain yet, one after the other, each awaited. Idempotent: the addresses depend only on the data,
 * so a second call sends nothing. Without a `walletClient` it only checks that every chunk is deployed.
 *
 * @example
 * const { addresses, transactionHashes } = await deployCodeChunks({
 *   client: publicClient,
 *   walletClient,
 *   data: signer.expandedKey.bytes,
 * })
 */
export async function deployCodeChunks(parameters: DeployCodeChunksParameters): Promise<DeployCodeChunksReturnType> {
  const { client, walletClient, data } = parameters;
  const chunks = toCodeChunks(data);
  const deployed = await Promise.all(
    chunks.map(async ({ address }) => {
      const code = await getCode(client, { address });
      return code !== undefined && code !== "0x";
    }),
  );
  const missing = chunks.filter((_, index) => !deployed[index]);
  const addresses = chunks.map(({ address }) => address);
  if (missing.length === 0) return { chunks, addresses, transactionHashes: [] };
  if (!walletClient) throw new CodeChunksNotDeployedError({ addresses: missing.map(({ address }) => address) });

  const transactionHashes: Hash[] = [];
  for (const chunk of missing) {
    const { transactionHash } = await deployDeterministic({ client, walletClient, bytecode: chunk.initCode });
    if (transactionHash) transactionHashes.push(transactionHash);
  }
  return { chunks, addresses, transactionHashes };
}

/** viem's `hexToBytes` left-pads odd-length hex; stored data must be exactly what the caller meant. */
function hexToStrictBytes(value: string): Uint8Array {
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw new InvalidHexError({ name: "data", value });
  return hexToBytes(value);
}
