import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Hex, createPublicClient, http, isHex, size } from "viem";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import { getPQ4337Addresses, measureVerifyGas, schemes } from "@pq4337/sdk";

export const verifyHelp = `pq4337 verify --scheme S --public-key 0x… --message 0x… --signature 0x… [--rpc-url URL]
pq4337 verify --vectors FILE [--rpc-url URL]

Verifies a signature on-chain with pq4337's ERC-7913 verifier for the scheme and prints one JSON object
{"valid": bool, "gas": number}. Without --rpc-url it starts the embedded devnet (once, also for a whole
--vectors file) and stops it afterwards.

  --scheme S        ${Object.keys(schemes).join(" | ")}
  --public-key 0x…  the scheme's public key (ECDSA: 20-byte address or 33/65-byte SEC1 key)
  --message 0x…     the signed 32-byte hash
  --signature 0x…   the signature bytes the verifier takes
  --vectors FILE    JSON lines {"scheme","publicKey","message","signature"}; prints each line with "valid" and
                    "gas" added, or "error" for a line that cannot be parsed
  --rpc-url URL     use this chain instead of the devnet; pq4337's verifiers must be deployed there

gas is the execution gas of the verify call alone: the gas its STATICCALL consumes, with the verifier's address
warm, measured on-chain by an eth_call to a metering contract placed with a state override. Intrinsic and
calldata gas are excluded. A scheme whose expanded key lives in contract code (ML-DSA, Falcon) has that code
placed the same way when it is not deployed, so the figure includes reading and checking it.`;

type Input = { scheme?: unknown; publicKey?: unknown; message?: unknown; signature?: unknown };

export async function verifyCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      scheme: { type: "string" },
      "public-key": { type: "string" },
      message: { type: "string" },
      signature: { type: "string" },
      vectors: { type: "string" },
      "rpc-url": { type: "string" },
    },
  });
  const inputs: (Input | Error)[] = values.vectors
    ? readFileSync(values.vectors, "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => {
          try {
            return JSON.parse(line) as Input;
          } catch {
            return new Error(`not JSON: ${line.slice(0, 60)}`);
          }
        })
    : [{ scheme: values.scheme, publicKey: values["public-key"], message: values.message, signature: values.signature }];

  let devnet: Devnet | undefined;
  try {
    const rpcUrl = values["rpc-url"] ?? (devnet = await startDevnet({ bundler: false })).rpcUrl;
    const client = createPublicClient({ transport: http(rpcUrl) });
    for (const input of inputs) {
      const output = input instanceof Error ? { error: input.message } : await verifyOne(client, input);
      console.log(JSON.stringify(values.vectors && !(input instanceof Error) ? { ...input, ...output } : output));
    }
  } finally {
    await devnet?.stop();
  }
  return 0;
}

async function verifyOne(client: ReturnType<typeof createPublicClient>, input: Input) {
  const scheme = typeof input.scheme === "string" ? schemes[input.scheme] : undefined;
  if (!scheme) return { error: `unknown scheme ${JSON.stringify(input.scheme)}; expected one of ${Object.keys(schemes).join(", ")}` };
  for (const field of ["publicKey", "message", "signature"] as const)
    if (typeof input[field] !== "string" || !isHex(input[field], { strict: true })) return { error: `${field} must be a 0x-prefixed hex string` };
  const { publicKey, message, signature } = input as { publicKey: Hex; message: Hex; signature: Hex };
  if (size(message) !== 32) return { error: `message must be the 32-byte hash, got ${size(message)} bytes` };
  let prepared;
  try {
    prepared = scheme.toErc7913Key(publicKey);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const verifier = getPQ4337Addresses().verifiers[scheme.name]!;
  return measureVerifyGas({ client, verifier, key: prepared.key, hash: message, signature, expandedKey: prepared.expandedKey });
}
