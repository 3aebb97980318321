// README.md and docs/*.md say only what runs: every TypeScript block is an example file that test/examples.e2e.test.ts
// runs, shown verbatim; every `npx -y pnpm@10.34.8 …` command names a script, a CLI command and options that exist;
// every relative link reaches a file (and a heading, where it names one).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, it } from "node:test";
import { parseBenchArgs } from "../packages/bench/src/args.js";

const root = new URL("..", import.meta.url).pathname;
const pages = ["README.md", ...readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const read = (file: string) => readFileSync(join(root, file), "utf8");
const pnpm = "npx -y pnpm@10.34.8";

/** Fenced blocks of a language in a Markdown text. */
function fencedBlocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp("^```" + language + "\\n([\\s\\S]*?)^```", "gm"))].map((match) => match[1]!);
}

/** Every `npx -y pnpm@10.34.8 …` command of a page: in shell blocks (one a line, `&&` chains split, comments dropped) and in inline code. */
export function commandsOf(text: string): string[] {
  const lines = fencedBlocks(text, "sh").flatMap((block) => block.split("\n"));
  const inline = [...text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/`([^`\n]*npx -y pnpm@[^`\n]*)`/g)].map((match) => match[1]!);
  return [...lines, ...inline]
    .map((line) => line.replace(/\s+#.*$/, "").replace(/^#.*$/, "").trim())
    .flatMap((line) => line.split(/\s*&&\s*/))
    .filter((command) => command.startsWith("npx -y pnpm@"));
}

/** The words of a command after `npx -y pnpm@10.34.8` and pnpm's own `-s`. */
function wordsOf(command: string): string[] {
  assert.ok(command.startsWith(`${pnpm} `), `${command}: pnpm is pinned to ${pnpm}`);
  const words = command.slice(pnpm.length).trim().match(/"[^"]*"|\S+/g) ?? [];
  return words[0] === "-s" ? words.slice(1) : words;
}

const scripts = Object.keys(JSON.parse(read("package.json")).scripts as Record<string, string>);
const cli = join(root, "packages/cli/dist/cli.js");
const helpCache = new Map<string, string>();
/** `pq4337 <command> --help`, as the CLI prints it. */
function cliHelp(command: string): string {
  if (!helpCache.has(command)) {
    const run = spawnSync(process.execPath, [cli, command, "--help"], { encoding: "utf8" });
    assert.equal(run.status, 0, `pq4337 ${command} --help: ${run.stderr}`);
    helpCache.set(command, run.stdout);
  }
  return helpCache.get(command)!;
}

/** Throws unless the command runs a script, a CLI command or a file that exists, with options they take. */
export function checkCommand(command: string): void {
  const [name, ...args] = wordsOf(command);
  const options = args.filter((word) => word.startsWith("--"));
  if (name === "install") {
    assert.deepEqual(options, ["--frozen-lockfile"], `${command}: install takes the lockfile as it is`);
  } else if (name === "exec") {
    assert.equal(args[0], "tsx", `${command}: exec runs tsx`);
    const file = args[1]!.replace("NAME", "quickstart");
    assert.ok(existsSync(join(root, file)), `${command}: ${file} does not exist`);
  } else if (name === "bench") {
    if (!args.includes("--help")) parseBenchArgs(args, {});
  } else if (name === "test") {
    for (const pattern of args) assert.ok(/^[\w./*-]+$/.test(pattern), `${command}: ${pattern} is not a file pattern`);
  } else if (name === "pq4337") {
    const [subcommand, ...rest] = args;
    const help = cliHelp(subcommand!);
    const words = rest.filter((word) => !word.startsWith("-") && !word.startsWith('"') && !word.startsWith("0x"));
    if ((subcommand === "account" || subcommand === "safe") && words[0] !== undefined)
      assert.match(help, new RegExp(`pq4337 ${subcommand} ${words[0]} `), `${command}: no subcommand ${words[0]}`);
    for (const option of options) if (option !== "--help") assert.ok(help.includes(option), `${command}: pq4337 ${subcommand} has no ${option}`);
  } else {
    assert.ok(scripts.includes(name!), `${command}: package.json has no script ${name}`);
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#+ (.*)$/gm)].map((match) => match[1]!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-")));
}

describe("README.md and docs/", () => {
  it("every TypeScript block is an example file, verbatim, that the example tests run", () => {
    const examplesTest = read("test/examples.e2e.test.ts");
    const examples = readdirSync(join(root, "examples")).filter((name) => name.endsWith(".ts"));
    let blocks = 0;
    for (const page of pages) {
      for (const block of fencedBlocks(read(page), "ts")) {
        blocks++;
        const file = examples.find((name) => read(`examples/${name}`) === block);
        assert.ok(file, `${page}: a TypeScript block that is no file of examples/:\n${block.slice(0, 200)}`);
        assert.ok(examplesTest.includes(`succeeds("${file.replace(/\.ts$/, "")}")`), `${page}: examples/${file} is not run by test/examples.e2e.test.ts`);
      }
    }
    assert.ok(blocks >= 2, "the README's first example and the SDK guide's quickstart");
  });

  it("README.md starts with the two commands CI and a newcomer run", () => {
    const first = fencedBlocks(read("README.md"), "sh")[0]!;
    assert.match(first, /^npx -y pnpm@10\.34\.8 install --frozen-lockfile && npx -y pnpm@10\.34\.8 bench /m);
    assert.match(first, /^npx -y pnpm@10\.34\.8 install --frozen-lockfile && npx -y pnpm@10\.34\.8 test /m);
    assert.match(read(".ci/run"), /npx -y pnpm@10\.34\.8 test$/m);
  });

  it("every command names a script, a CLI command and options that exist", () => {
    const commands = pages.flatMap((page) => commandsOf(read(page)).map((command) => ({ page, command })));
    assert.ok(commands.length > 20, `${commands.length} commands found`);
    for (const { page, command } of commands) {
      try {
        checkCommand(command);
      } catch (error) {
        assert.fail(`${page}: ${error instanceof Error ? error.message : error}`);
      }
    }
  });

  it("the command check refuses an unknown option, script, subcommand or file", () => {
    assert.throws(() => checkCommand(`${pnpm} pq4337 devnet --bogus`), /has no --bogus/);
    assert.throws(() => checkCommand(`${pnpm} -s pq4337 account frobnicate --key-file x`), /no subcommand frobnicate/);
    assert.throws(() => checkCommand(`${pnpm} -s pq4337 safe frobnicate --key-file x`), /no subcommand frobnicate/);
    assert.throws(() => checkCommand(`${pnpm} bench --bogus`));
    assert.throws(() => checkCommand(`${pnpm} exec tsx examples/missing.ts`), /does not exist/);
    assert.throws(() => checkCommand(`${pnpm} frobnicate`), /no script frobnicate/);
  });

  it("every relative link reaches a file, and the heading it names", () => {
    for (const page of pages) {
      for (const [, target] of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split("#");
        const file = path ? relative(root, join(root, dirname(page), path)) : page;
        assert.ok(existsSync(join(root, file)), `${page}: link to ${target}, no such file`);
        if (anchor && file.endsWith(".md")) assert.ok(anchorsOf(read(file)).has(anchor), `${page}: link to ${target}, no such heading`);
      }
    }
  });
});
