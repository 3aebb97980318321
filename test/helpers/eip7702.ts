import { type Address, type Chain, type Hex, type PublicClient, type Transport, createWalletClient, encodeAbiParameters, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * Delegates the EOA of `privateKey` to `target` (EIP-7702): the EOA signs an authorization and sends it in a type-4
 * transaction of its own, so it must hold ETH for the gas. Afterwards its code is `0xef0100 ‖ target`.
 */
export async function delegateEOA({
  client,
  transport,
  privateKey,
  target,
}: {
  client: PublicClient<Transport, Chain>;
  transport: Transport;
  privateKey: Hex;
  target: Address;
}): Promise<void> {
  const eoa = privateKeyToAccount(privateKey);
  const wallet = createWalletClient({ account: eoa, chain: client.chain, transport });
  const authorization = await wallet.signAuthorization({ contractAddress: target, executor: "self" });
  // Sent to address 0 rather than to itself, so that the new code does not run.
  const hash = await wallet.sendTransaction({ authorizationList: [authorization], to: zeroAddress, gas: 100_000n });
  await client.waitForTransactionReceipt({ hash });
  const code = await client.getCode({ address: eoa.address });
  if (code?.toLowerCase() !== `0xef0100${target.slice(2)}`.toLowerCase()) throw new Error(`${eoa.address} is not delegated to ${target}: ${code}`);
}

/** `abi.encode(bytes[] signers, bytes[] signatures)` with no signer: what a PQAccount with no signers would accept. */
export const emptyMultiSignature: Hex = encodeAbiParameters([{ type: "bytes[]" }, { type: "bytes[]" }], [[], []]);
