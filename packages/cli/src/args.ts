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
    return parseArgs({ args: attachDashValues(args, options), options, strict: true, allowPositionals: false });
  } catch (error) {
    // Node's first line says it ("Unknown option '--bogus'"); the stack trace and further advice must go.
    if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) throw new UsageError(parseArgsMessage(error));
    throw error;
  }
}

/**
 * Node's `parseArgs` message, first line only and without its advice: an option followed by another option
 * ("argument is ambiguous", since `attachDashValues` attached every other dashed value) is missing its value.
 */
export function parseArgsMessage(error: Error): string {
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(error.message);
  if (ambiguous) return `Option '${ambiguous[1]} <value>' argument missing`;
  return error.message.split("\n")[0]!.split(". To specify")[0]!;
}

/**
 * Joins a string option and a value that starts with a dash (`--value -1`, `--port -1`) into `--value=-1`, so that
 * the command judges the value ("must not be negative") instead of Node answering "argument is ambiguous". A
 * following word that is one of the options (`--port --json`) is left alone: the value is then missing.
 *
 * @example
 * attachDashValues(["--value", "-1"], { value: { type: "string" } }) // ["--value=-1"]
 */
export function attachDashValues(args: string[], options: Options): string[] {
  const takesValue = (arg: string) => arg.startsWith("--") && options[arg.slice(2)]?.type === "string";
  const attached: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const [arg, next] = [args[index]!, args[index + 1]];
    if (takesValue(arg) && next !== undefined && next.startsWith("-") && !(next.startsWith("--") && next.slice(2).split("=")[0]! in options)) {
      attached.push(`${arg}=${next}`);
      index++;
    } else attached.push(arg);
  }
  return attached;
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
