import { UsageError } from "./args.js";
import { accountCommand, accountHelp } from "./commands/account.js";
import { bundlerCommand, bundlerHelp } from "./commands/bundler.js";
import { deployCommand, deployHelp } from "./commands/deploy.js";
import { check7562Command, check7562Help } from "./commands/check7562.js";
import { devnetCommand, devnetHelp } from "./commands/devnet.js";
import { safeCommand, safeHelp } from "./commands/safe.js";
import { verifyCommand, verifyHelp } from "./commands/verify.js";

const usage = `pq4337 <command> [options]

Commands:
  account     A testnet user's account: new key file, address, deploy-key, deploy, send, rotate.
  bundler     A bundler for any chain: installs EntryPoint v0.8 and pq4337 where missing, runs Alto against --rpc-url.
  deploy      Deploy pq4337 to any EVM chain, at the same addresses as everywhere (--dry-run shows the cost).
  devnet      Start anvil (or geth), the EntryPoint v0.8, pq4337's contracts and the Alto bundler; stop them on Ctrl-C.
  safe        A post-quantum owner for an existing Safe: its address, add-owner (e.g. a hybrid 2-of-2), send.
  verify      Verify a signature on-chain with its ERC-7913 verifier and print {"valid","gas"}.
  check-7562  Check user operations against ERC-7562's validation rules with geth's erc7562Tracer.

Run "pq4337 <command> --help" for a command's options.`;

const commands: Record<string, { run: (args: string[]) => Promise<number>; help: string }> = {
  account: { run: accountCommand, help: accountHelp },
  bundler: { run: bundlerCommand, help: bundlerHelp },
  deploy: { run: deployCommand, help: deployHelp },
  devnet: { run: devnetCommand, help: devnetHelp },
  safe: { run: safeCommand, help: safeHelp },
  verify: { run: verifyCommand, help: verifyHelp },
  "check-7562": { run: check7562Command, help: check7562Help },
};

const [name, ...args] = process.argv.slice(2);
if (name === "--help" || name === "-h") {
  console.log(usage);
  process.exit(0);
}
const command = name === undefined ? undefined : commands[name];
if (!command) {
  if (name !== undefined) console.error(`pq4337: unknown command ${JSON.stringify(name)}`);
  console.error(usage);
  process.exit(2);
}
if (args.includes("--help") || args.includes("-h")) {
  console.log(command.help);
  process.exit(0);
}
try {
  process.exitCode = await command.run(args);
} catch (error) {
  console.error(`pq4337 ${name}: ${error instanceof Error ? error.message : error}`);
  if (error instanceof UsageError && error.showUsage) console.error(`\n${command.help}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
// Whatever a command left behind (a timer, a socket) must not keep the process alive after its answer.
process.exit();
