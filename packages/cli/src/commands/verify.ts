import { readFileSync } from "node:fs";
import { type Address, type Hex, createPublicClient, http, isHex, size } from "viem";
import { type Devnet, startDevnet } from "@pq4337/devnet";
import { PQ4337Error, getPQ4337Addresses, measureVerifyGas, measureVerifyMessageGas, schemes } from "@pq4337/sdk";
import { UsageError, parseCommandArgs } from "../args.js";

/** The schemes whose verifier takes messages of any length, and those that take a context too. */
const messageSchemes = () => Object.values(schemes).filter((scheme) => scheme.verifiesMessages).map((scheme) => scheme.name);
const contextSchemes = () => Object.values(schemes).filter((scheme) => scheme.verifiesMessages?.context).map((scheme) => scheme.name);

export const verifyHelp = `pq4337 verify --scheme S --public-key 0x… --message 0x… --signature 0x… [--context 0x…] [--rpc-url URL]
pq4337 verify --vectors FILE [--rpc-url URL]

Verifies a signature on-chain with pq4337's ERC-7913 verifier for the scheme and prints one JSON object
{"valid": bool, "gas": number}. Without --rpc-url it starts the embedded devnet (once, also for a whole
--vectors file) and stops it afterwards. Input errors exit with status 2 before anything is started.

  --scheme S        ${Object.keys(schemes).join(" | ")}
  --public-key 0x…  the scheme's public key (ECDSA: 20-byte address or 33/65-byte SEC1 key)
  --message 0x…     the signed 32-byte hash; for ${messageSchemes().join(", ")}, a message of any length (other lengths
                    go through the verifier's verifyMessage entry point)
  --signature 0x…   the signature bytes the verifier takes
  --context 0x…     for ${contextSchemes().join(", ")}: FIPS 204's context string, 0–255 bytes (default empty)
  --vectors FILE    JSON lines {"scheme","publicKey","message","signature"[,"context"]}; prints each line with "valid" and
                    "gas" added, or "error" for a line that cannot be checked, and then exits with status 1
  --rpc-url URL     use this chain instead of the devnet; pq4337's verifiers must be deployed there

gas is the execution gas of the verify call alone: the gas its STATICCALL consumes, with the verifier's address
warm, measured on-chain by an eth_call to a metering contract placed with a state override. Intrinsic and
calldata gas are excluded. A scheme whose expanded key lives in contract code (ML-DSA, Falcon) has that code
placed the same way when it is not deployed, so the figure includes reading and checking it.`;

/** A signature to check, ready for the verifier: of a 32-byte hash (ERC-7913 `verify`), or of a message of any length. */
type Check =
  | { verifier: Address; key: Hex; expandedKey: Hex | undefined; hash: Hex; signature: Hex }
  | { verifier: Address; key: Hex; expandedKey: Hex | undefined; message: Hex; context: Hex | undefined; signature: Hex };

type Field = "scheme" | "publicKey" | "message" | "signature" | "context";

/** How errors name the inputs: by their flags on the command line, by their JSON keys in a vectors file. */
const flagNames: Record<Field, string> = { scheme: "--scheme", publicKey: "--public-key", message: "--message", signature: "--signature", context: "--context" };
const keyNames: Record<Field, string> = { scheme: "scheme", publicKey: "publicKey", message: "message", signature: "signature", context: "context" };

export async function verifyCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    scheme: { type: "string" },
    "public-key": { type: "string" },
    message: { type: "string" },
    signature: { type: "string" },
    context: { type: "string" },
    vectors: { type: "string" },
    "rpc-url": { type: "string" },
  });
  const rpcUrl = values["rpc-url"];
  if (rpcUrl !== undefined && !/^https?:\/\/./.test(rpcUrl)) throw new UsageError(`--rpc-url must be an http(s) URL, got ${JSON.stringify(rpcUrl)}`);
  const required = { scheme: values.scheme, publicKey: values["public-key"], message: values.message, signature: values.signature };
  const single = { ...required, context: values.context };

  // Everything is read and checked before the devnet starts.
  let lines: { input: unknown; check: Check | string }[];
  if (values.vectors !== undefined) {
    const given = Object.entries(single).filter(([, value]) => value !== undefined);
    if (given.length > 0) throw new UsageError(`--vectors cannot be combined with ${given.map(([field]) => flagNames[field as Field]).join(", ")}`);
    lines = readVectors(values.vectors).map((line) => {
      let input: unknown;
      try {
        input = JSON.parse(line);
      } catch {
        return { input: undefined, check: `not JSON: ${line.slice(0, 60)}` };
      }
      return { input, check: toCheck(input, keyNames) };
    });
  } else {
    const missing = Object.entries(required).filter(([, value]) => value === undefined);
    if (missing.length > 0)
      throw new UsageError(`missing ${missing.map(([field]) => flagNames[field as Field]).join(", ")}`, { showUsage: true });
    const check = toCheck(single, flagNames);
    if (typeof check === "string") throw new UsageError(check);
    lines = [{ input: undefined, check }];
  }

  let devnet: Devnet | undefined;
  try {
    const client = createPublicClient({ transport: http(rpcUrl ?? (devnet = await startDevnet({ bundler: false })).rpcUrl) });
    for (const { input, check } of lines) {
      const output =
        typeof check === "string"
          ? { error: check }
          : "message" in check
            ? await measureVerifyMessageGas({ client, ...check })
            : await measureVerifyGas({ client, ...check });
      console.log(JSON.stringify(values.vectors !== undefined && typeof input === "object" ? { ...input, ...output } : output));
    }
  } finally {
    await devnet?.stop();
  }
  const failed = lines.filter(({ check }) => typeof check === "string").length;
  if (failed === 0) return 0;
  console.error(`pq4337 verify: ${failed} of ${lines.length} vectors could not be checked`);
  return 1;
}

function readVectors(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read --vectors ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return text.split("\n").filter((line) => line.trim() !== "");
}

/** The verifier's arguments for an input, or what is wrong with it. */
function toCheck(input: unknown, names: Record<Field, string>): Check | string {
  const { scheme: name, publicKey, message, signature, context } = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const scheme = typeof name === "string" ? schemes[name] : undefined;
  if (!scheme) return `unknown ${names.scheme} ${JSON.stringify(name)}; expected one of ${Object.keys(schemes).join(", ")}`;
  const fields = { publicKey, message, signature, ...(context === undefined ? {} : { context }) };
  for (const [field, value] of Object.entries(fields))
    if (typeof value !== "string" || !isHex(value, { strict: true }) || value.length % 2 !== 0)
      return `${names[field as Field]} must be 0x-prefixed hex of whole bytes, got ${JSON.stringify(value)?.slice(0, 40)}`;
  const hex = fields as Record<keyof typeof fields, Hex> & { context?: Hex };
  // An empty context is FIPS 204's default, and the only one a scheme without contexts has.
  const withContext = hex.context !== undefined && size(hex.context) > 0;
  if (withContext && !scheme.verifiesMessages?.context)
    return `${names.context} is for ${contextSchemes().join(", ")}; ${scheme.name} takes none`;
  if (withContext && size(hex.context!) > 255) return `${names.context} must be at most 255 bytes (FIPS 204), got ${size(hex.context!)}`;
  const anyLength = size(hex.message) !== 32;
  if (anyLength && !scheme.verifiesMessages)
    return `${names.message} must be the 32-byte hash for ${scheme.name}, got ${size(hex.message)} bytes (messages of any length: ${messageSchemes().join(", ")})`;
  try {
    const { key, expandedKey } = scheme.toErc7913Key(hex.publicKey);
    const verifier = getPQ4337Addresses().verifiers[scheme.name]!;
    if (anyLength || withContext)
      return { verifier, key, expandedKey, message: hex.message, context: scheme.verifiesMessages?.context ? (hex.context ?? "0x") : undefined, signature: hex.signature };
    return { verifier, key, expandedKey, hash: hex.message, signature: hex.signature };
  } catch (error) {
    if (error instanceof PQ4337Error) return error.shortMessage;
    throw error;
  }
}
