import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createPublicClient, createWalletClient, http, keccak256, parseEther, stringToHex } from "viem";
import { type UserOperation, createBundlerClient, formatUserOperation } from "viem/account-abstraction";
import { privateKeyToAccount } from "viem/accounts";
import { startDevnet } from "@pq4337/devnet";
import { type CheckErc7562ReturnType, checkErc7562, deployExpandedKey, schemes, toPQSmartAccount } from "@pq4337/sdk";

export const check7562Help = `pq4337 check-7562 --scheme S [--hardfork osaka|prague] [--json]
pq4337 check-7562 --user-operation FILE --rpc-url URL [--block N] [--json]

Checks user operations against ERC-7562's validation rules (what a public-mempool bundler enforces) with geth's
native erc7562Tracer: EntryPoint v0.8 runs handleOps([op]) under debug_traceCall, the trace is cut where execution
starts (the EntryPoint's innerHandleOp), and every rule is applied to the factory, account and paymaster phases (an
EIP-7702 sender's initialisation is the account's). Prints each rule's verdict (with the rule's ERC-7562 id) per
operation, then the tracer's blind spots; exits 1 when an operation breaks a rule, has a frame before execution the
checker cannot place, or is refused by the EntryPoint (any FailedOp: AA13, AA24, ...).

  --scheme S             ${Object.keys(schemes).join(" | ")}: starts the geth devnet (built with Go on first use),
                         checks a fresh account's first operation (which creates the account), sends it through
                         Alto, then checks the next one (steady state)
  --hardfork H           the devnet's hardfork: osaka (default) or prague
  --user-operation FILE  a signed EntryPoint v0.8 user operation, as JSON in the eth_sendUserOperation form (hex
                         quantities: sender, nonce, factory, factoryData, callData, callGasLimit, …, signature;
                         eip7702Auth: traced with the sender delegated to its address)
  --rpc-url URL          the chain of --user-operation; the node needs debug_traceCall with erc7562Tracer (geth)
  --block N              check against the state after block N (default: the latest)
  --json                 one JSON line per operation instead of the table`;

export async function check7562Command(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      scheme: { type: "string" },
      hardfork: { type: "string", default: "osaka" },
      "user-operation": { type: "string" },
      "rpc-url": { type: "string" },
      block: { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const print = (label: string, result: CheckErc7562ReturnType) => console.log(values.json ? toJson(label, result) : describe(label, result));

  if (values["user-operation"]) {
    if (!values["rpc-url"]) {
      console.error("--user-operation needs --rpc-url: the chain the operation was made for");
      return 2;
    }
    const { eip7702Auth, ...request } = JSON.parse(readFileSync(values["user-operation"], "utf8"));
    const userOperation = formatUserOperation(request) as UserOperation<"0.8">;
    // eth_sendUserOperation's EIP-7702 authorization: the check traces the sender delegated to its address.
    if (eip7702Auth) {
      const { address, chainId, nonce, r, s, yParity } = eip7702Auth;
      userOperation.authorization = { address, chainId: Number(chainId), nonce: Number(nonce), r, s, yParity: Number(yParity) };
    }
    const client = createPublicClient({ transport: http(values["rpc-url"]) });
    const result = await checkErc7562({ client, userOperation, blockNumber: values.block === undefined ? undefined : BigInt(values.block) });
    print(`user operation of ${userOperation.sender}`, result);
    return result.compliant ? 0 : 1;
  }

  const scheme = values.scheme ? schemes[values.scheme] : undefined;
  if (!scheme) {
    console.error(`--scheme must be one of ${Object.keys(schemes).join(", ")} (or give --user-operation)`);
    return 2;
  }
  const devnet = await startDevnet({ node: "geth", hardfork: values.hardfork });
  try {
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), pollingInterval: 100 });
    const funder = createWalletClient({ chain: devnet.chain, transport: http(devnet.rpcUrl), account: privateKeyToAccount(devnet.funderPrivateKey) });
    const signer = scheme.createSigner(keccak256(stringToHex(`pq4337 check-7562/${scheme.name}`)));
    await deployExpandedKey({ client, walletClient: funder, signer });
    const account = await toPQSmartAccount({ client, signer });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther("1") }) });
    const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), pollingInterval: 100 });

    let compliant = true;
    for (const label of [`${scheme.name}: first operation (creates the account)`, `${scheme.name}: next operation (steady state)`]) {
      const userOperation = await bundler.prepareUserOperation({ calls: [{ to: funder.account.address, value: 1n }] });
      userOperation.signature = await account.signUserOperation(userOperation);
      const result = await checkErc7562({ client, userOperation });
      print(label, result);
      compliant &&= result.compliant;
      const hash = await bundler.sendUserOperation(userOperation);
      await bundler.waitForUserOperationReceipt({ hash });
    }
    return compliant ? 0 : 1;
  } finally {
    await devnet.stop();
  }
}

function describe(label: string, { verdicts, validation, verificationGasLimit, size, blindSpots }: CheckErc7562ReturnType): string {
  const lines = [
    `${label}: verificationGasLimit ${verificationGasLimit.toLocaleString("en-US")}, ${size.toLocaleString("en-US")} bytes, validation ${
      validation.success ? `accepted, ${validation.gasUsed.toLocaleString("en-US")} gas` : `REFUSED by the EntryPoint: ${validation.revertReason}`
    }`,
  ];
  for (const { rule, demands, passed, violations } of verdicts) {
    lines.push(`  ${rule.padEnd(20)} ${passed ? "pass" : "FAIL"}  ${demands}`);
    for (const { phase, address, detail } of violations) lines.push(`  ${"".padEnd(26)}↳ ${phase ? `${phase} phase, ` : ""}${address ? `${address}: ` : ""}${detail}`);
  }
  for (const blindSpot of blindSpots) lines.push(`  blind spot: ${blindSpot}`);
  return lines.join("\n");
}

function toJson(label: string, result: CheckErc7562ReturnType): string {
  return JSON.stringify({ operation: label, ...result }, (_, value) => (typeof value === "bigint" ? Number(value) : value));
}
