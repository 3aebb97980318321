import { parseArgs } from "node:util";
import { PQ4337Error } from "@pq4337/sdk";
import { BaseError } from "viem";
import { attachDashValues, parseArgsMessage } from "./args.js";

/**
 * Bad input: reported as one line on stderr (then the usage, when arguments are missing) with exit code 2,
 * before anything is started or sent.
 */
export class InputError extends Error {
  override name = "InputError";
  readonly usage: string | undefined;
  constructor(message: string, { usage }: { usage?: string } = {}) {
    super(message);
    this.usage = usage;
  }
}

/** Runs a command: every failure becomes one line on stderr and a non-zero exit code (2 for input errors). */
export async function runReportingErrors(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    console.error(`pq4337: ${oneLine(error)}`);
    // The synopsis only: the full help is one --help away.
    if (error instanceof InputError && error.usage) console.error(`\n${error.usage.split("\n\n")[0]}\n(--help for the options)`);
    return error instanceof InputError ? 2 : 1;
  }
}

/**
 * `parseArgs` in strict mode, its errors as {@link InputError}s. A value that starts with a dash (`--value -1`) is
 * the option's value, for the command to judge, rather than Node's "argument is ambiguous" advice.
 */
export function parseOptions<options extends NonNullable<Parameters<typeof parseArgs>[0]>["options"]>(args: string[], options: options, usage: string) {
  try {
    return parseArgs({ args: attachDashValues(args, options ?? {}), options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new InputError(error instanceof Error ? parseArgsMessage(error) : String(error), { usage });
  }
}

/** The value of a required option, or an {@link InputError} that shows the usage. */
export function required(value: string | undefined, name: string, usage: string): string {
  if (value === undefined || value === "") throw new InputError(`missing --${name}`, { usage });
  return value;
}

function oneLine(error: unknown): string {
  const message =
    error instanceof PQ4337Error || error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, " ").trim();
}
