import { check7562Command, check7562Help } from "./commands/check7562.js";
import { devnetCommand, devnetHelp } from "./commands/devnet.js";
import { verifyCommand, verifyHelp } from "./commands/verify.js";

const usage = `pq4337 <command> [options]

Commands:
  devnet      Start anvil (or geth), the EntryPoint v0.8, pq4337's contracts and the Alto bundler; stop them on Ctrl-C.
  verify      Verify a signature on-chain with its ERC-7913 verifier and print {"valid","gas"}.
  check-7562  Check user operations against ERC-7562's validation rules with geth's erc7562Tracer.

Run "pq4337 <command> --help" for a command's options.`;

const commands: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  devnet: { run: devnetCommand, help: devnetHelp },
  verify: { run: verifyCommand, help: verifyHelp },
  "check-7562": { run: check7562Command, help: check7562Help },
};

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.log(usage);
  process.exit(name && name !== "--help" && name !== "-h" ? 2 : 0);
}
if (args.includes("--help") || args.includes("-h")) {
  console.log(command.help);
  process.exit(0);
}
try {
  process.exitCode = await command.run(args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
