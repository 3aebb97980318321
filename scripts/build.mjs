// The workspace's build, in steps that run only when their inputs changed since they last succeeded:
//   contracts  hardhat build + scripts/export-artifacts.mjs (the SDK's and the bench's generated code, the ABIs)
//   packages   each package's own `build` script, in dependency order
// Two scopes: "main" (the default: what the packages and `pnpm bench` need: every contract but the test-only mocks
// of contracts/mocks/*.sol) and "all" (`--all`: every contract, what the tests need). A step is stale when a file or
// folder among its inputs is newer than its last successful run (folders count: adding or deleting a file changes
// its folder's time), or an output is missing; `--force` runs every step. The record is cache/pq4337-build.json.
//
//   node scripts/build.mjs [--all] [--force] [--dry-run]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { delimiter, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const recordFile = join(root, "cache/pq4337-build.json");
const bin = join(root, "node_modules/.bin");

/** Test-only contracts: the mocks, references and rule breakers of contracts/mocks (not its precompile stand-ins). */
const isTestOnly = (file) => /^contracts\/mocks\/[^/]+\.sol$/.test(file);

/** Every file and folder under `path` (relative to the root), skipping node_modules. */
function walk(path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return [path, ...readdirSync(absolute).filter((name) => name !== "node_modules").flatMap((name) => walk(join(path, name)))];
}

/** The newest modification time (ms) among `paths` but those `ignore` matches, and the path that has it. */
function newest(paths, ignore) {
  let latest = { time: 0, path: undefined };
  // Test files are not built: editing one leaves the build as it is.
  for (const path of paths.flatMap(walk).filter((path) => !/\.test\.ts$/.test(path) && !ignore?.test(path))) {
    const time = statSync(join(root, path)).mtimeMs;
    if (time > latest.time) latest = { time, path };
  }
  return latest;
}

/** The workspace packages with a build script, dependencies first: those `targets` need, or all. */
function packageSteps(targets) {
  const packages = readdirSync(join(root, "packages"))
    .filter((name) => existsSync(join(root, "packages", name, "package.json")))
    .map((name) => {
      const manifest = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
      const internal = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies })
        .filter((dependency) => dependency.startsWith("@pq4337/"))
        .map((dependency) => dependency.slice("@pq4337/".length));
      return { name, manifest, internal };
    })
    .filter(({ manifest }) => manifest.scripts?.build);
  const ordered = [];
  const visit = (pkg) => {
    if (ordered.includes(pkg)) return;
    for (const dependency of pkg.internal) {
      const found = packages.find(({ name }) => name === dependency);
      if (found) visit(found);
    }
    ordered.push(pkg);
  };
  (targets ? packages.filter(({ name }) => targets.includes(name)) : packages).forEach(visit);
  return ordered.map(({ name, manifest, internal }) => {
    const dir = `packages/${name}`;
    const files = readdirSync(join(root, dir)).filter((file) => /\.(json|mjs|js|ts)$/.test(file));
    return {
      name: `package ${name}`,
      // Its sources and configuration, the contracts it copies (the contracts package) and its dependencies' builds.
      inputs: [
        "tsconfig.base.json",
        ...files.map((file) => `${dir}/${file}`),
        `${dir}/src`,
        ...(name === "contracts" ? [...["accounts", "attestation", "interfaces", "modules", "precompiles", "safe", "utils", "verifiers"].map((folder) => `contracts/${folder}`), "types/ethers-contracts"] : []),
        ...internal.map((dependency) => `packages/${dependency}/dist`),
      ],
      outputs: [name === "contracts" ? `${dir}/ethers` : `${dir}/dist`],
      // The contracts package writes the bindings' index (pq4337.ts) into the folder it reads.
      ignore: name === "contracts" ? /^types\/ethers-contracts(\/pq4337\.ts)?$/ : undefined,
      run: () => run(process.platform === "win32" ? "cmd" : "sh", ["-c", manifest.scripts.build], join(root, dir)),
    };
  });
}

/**
 * The build's steps for `scope`, limited to the packages `targets` names and their dependencies when given. Each has
 * the paths whose times decide whether it is stale, the outputs that must exist, and what runs it.
 */
export function buildSteps(scope = "main", targets = undefined) {
  const sources = walk("contracts").filter((file) => file.endsWith(".sol"));
  const contracts = {
    name: "contracts",
    scope,
    inputs: ["contracts", "hardhat.config.ts", "scripts/export-artifacts.mjs", "pnpm-lock.yaml"],
    outputs: ["artifacts/contracts", "packages/sdk/src/generated/contracts.ts", "packages/bench/src/generated/instruments.ts", "packages/contracts/abi"],
    run: () =>
      run(join(bin, "hardhat"), ["build", "--quiet", ...(scope === "all" ? [] : sources.filter((file) => !isTestOnly(file)))]) &&
      run(process.execPath, [join(root, "scripts/export-artifacts.mjs")]),
  };
  return [contracts, ...packageSteps(targets)];
}

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
  });
  return result.status === 0;
}

const readRecord = () => {
  try {
    return JSON.parse(readFileSync(recordFile, "utf8"));
  } catch {
    return {};
  }
};

/** Why `step` must run (a sentence), or undefined when it is up to date. */
function staleness(step, record) {
  const last = record[step.name];
  if (!last) return "never built here";
  if (step.scope === "all" && last.scope !== "all") return "the test-only contracts are not built yet";
  const missing = step.outputs.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const latest = newest(step.inputs, step.ignore);
  if (latest.time > last.started) return `${relative(root, join(root, latest.path))} changed`;
  return undefined;
}

/** The steps of `scope` (for `targets`) that would run now, with the reason for each. */
export function staleSteps(scope = "main", targets = undefined) {
  const record = readRecord();
  return buildSteps(scope, targets).flatMap((step) => {
    const reason = staleness(step, record);
    return reason ? [{ name: step.name, reason }] : [];
  });
}

/**
 * Runs the stale steps of `scope` (every step with `force`), in order, for the packages `targets` names and their
 * dependencies (default: every package); a step whose input an earlier step rewrote
 * is stale by then. Returns whether every step succeeded.
 */
export function build({ scope = "main", targets = undefined, force = false, log = (line) => console.error(line) } = {}) {
  for (const step of buildSteps(scope, targets)) {
    const record = readRecord();
    const reason = force ? "--force" : staleness(step, record);
    if (!reason) continue;
    log(`build: ${step.name} (${reason})`);
    const started = Date.now();
    if (!step.run()) return false;
    log(`build: ${step.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const updated = readRecord();
    updated[step.name] = { started, ...(step.scope ? { scope: step.scope } : {}) };
    mkdirSync(join(root, "cache"), { recursive: true });
    writeFileSync(recordFile, JSON.stringify(updated, null, 2) + "\n");
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.find((arg) => !["--all", "--force", "--dry-run"].includes(arg));
  if (unknown) {
    console.error(`build: unknown option ${unknown}; usage: node scripts/build.mjs [--all] [--force] [--dry-run]`);
    process.exit(2);
  }
  const scope = args.includes("--all") ? "all" : "main";
  if (args.includes("--dry-run")) {
    const stale = staleSteps(scope);
    for (const { name, reason } of stale) console.log(`${name}: ${reason}`);
    if (stale.length === 0) console.log(`nothing to build (${scope})`);
  } else {
    const started = Date.now();
    const ok = build({ scope, force: args.includes("--force") });
    console.error(`build (${scope}): ${ok ? "done" : "failed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exit(ok ? 0 : 1);
  }
}
