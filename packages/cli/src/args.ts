import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * Bad command-line input. The CLI prints `pq4337 <command>: <message>` on stderr, the command's usage too when
 * `showUsage` is set (arguments are missing), and exits with status 2, before it starts anything.
 */
export class UsageError extends Error {
  override name = "UsageError";
  readonly showUsage: boolean;
  constructor(message: string, { showUsage = false }: { showUsage?: boolean } = {}) {
    super(message);
    this.showUsage = showUsage;
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * `util.parseArgs` in strict mode, with no positional arguments, whose errors (an unknown option, a missing
 * value) become {@link UsageError}s instead of `ERR_PARSE_ARGS_*` stack traces.
 *
 * @example
 * const { values } = parseCommandArgs(args, { port: { type: "string" } })
 */
export function parseCommandArgs<const options extends Options>(args: string[], options: options) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    // Node's first line says it ("Unknown option '--bogus'"); the stack trace and further advice must go.
    if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) throw new UsageError(error.message.split("\n")[0]!);
    throw error;
  }
}

/**
 * A TCP port given on the command line: an integer from 1 to 65535.
 *
 * @example
 * parsePort("8545", "--port") // 8545
 */
export function parsePort(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65_535)
    throw new UsageError(`${flag} must be a port number from 1 to 65535, got ${JSON.stringify(value)}`);
  return Number(value);
}
