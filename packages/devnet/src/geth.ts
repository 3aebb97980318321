import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { type Hex, numberToHex, parseEther } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { rpc } from "./anvil.js";
import { choosePort } from "./ports.js";
import { type ManagedProcess, startProcess, waitUntil } from "./process.js";

/** The geth release the devnet runs: the first with the native `erc7562Tracer` that was verified here. */
export const gethVersion = "v1.17.10";

/** The Go version geth v1.17.10's go.mod requires. */
const goVersionRequired = "1.25";

const gethPackage = `github.com/ethereum/go-ethereum/cmd/geth@${gethVersion}`;

/** The hardforks a geth devnet can run. Later forks (BPO, Amsterdam, …) are left out of the genesis. */
export type GethHardfork = "prague" | "osaka";

/**
 * geth's time-based forks in activation order. A genesis for hardfork H keeps the forks up to H (active from
 * genesis) and drops every later one, including forks this list does not know yet.
 */
const timeForks = ["shanghai", "cancun", "prague", "osaka"] as const;

/**
 * Where the built geth is kept: `$XDG_CACHE_HOME/pq4337/geth-v1.17.10` (default `~/.cache/…`). Outside the clone,
 * so it survives `git clean`, fresh clones and `node_modules` reinstalls: a machine builds it once (10–16 minutes on
 * two cores) and every clone, worktree and CI run on it reuses it. A new machine builds it on first use.
 */
export function gethCacheDir(): string {
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(cacheHome, "pq4337", `geth-${gethVersion}`);
}

/** The path of the built geth binary (it may not exist yet: see {@link installGeth}). */
export function gethBinary(): string {
  return join(gethCacheDir(), "geth");
}

/** The devnet needs geth, geth is not built yet, and Go, which builds it, is not installed. */
export class GoMissingError extends Error {
  override name = "GoMissingError";
  constructor() {
    super(
      `The geth devnet builds geth ${gethVersion} from source with Go, which is not installed: install Go ≥ ${goVersionRequired} (https://go.dev/dl/) and run again.`,
    );
  }
}

/** `go install` of geth failed. */
export class GethBuildFailedError extends Error {
  override name = "GethBuildFailedError";
  constructor({ output }: { output: string }) {
    super(`Building geth ${gethVersion} with "go install ${gethPackage}" failed:\n${output}`);
  }
}

export type InstallGethParameters = {
  /** Progress lines (the build announcement); default: stderr. */
  log?: ((line: string) => void) | undefined;
};

/**
 * Returns the geth binary, building it first if it is not in {@link gethCacheDir}: `go install` from the Go
 * module proxy into a fresh folder beside the cache, then a rename, so an interrupted build never leaves a broken
 * binary behind. Throws {@link GoMissingError} before doing anything when Go is not installed.
 *
 * @example
 * const geth = await installGeth() // ~/.cache/pq4337/geth-v1.17.10/geth
 */
export async function installGeth({ log = (line) => process.stderr.write(`${line}\n`) }: InstallGethParameters = {}): Promise<string> {
  const binary = gethBinary();
  if (existsSync(binary)) return binary;
  const go = findGo();
  if (!go) throw new GoMissingError();

  const cacheDir = gethCacheDir();
  mkdirSync(join(cacheDir, ".."), { recursive: true });
  const buildDir = mkdtempSync(`${cacheDir}.build-`);
  log(`building geth ${gethVersion} with ${go} (go install ${gethPackage}) into ${cacheDir}: once per machine, 10–16 minutes on two cores`);
  const started = Date.now();
  try {
    await goInstall(go, buildDir);
    mkdirSync(cacheDir, { recursive: true });
    renameSync(join(buildDir, "geth"), binary);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  log(`built geth ${gethVersion} in ${Math.round((Date.now() - started) / 1000)} s`);
  return binary;
}

/** Runs `go install` with GOBIN = `buildDir`; the build is killed if this process exits first. */
function goInstall(go: string, buildDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(go, ["install", gethPackage], {
      env: { ...process.env, GOBIN: buildDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8_000);
    };
    build.stdout.on("data", keep);
    build.stderr.on("data", keep);
    const killBuild = () => build.kill("SIGKILL");
    process.once("exit", killBuild);
    build.once("error", (error) => {
      process.off("exit", killBuild);
      reject(error);
    });
    build.once("exit", (code) => {
      process.off("exit", killBuild);
      if (code === 0) resolve();
      else reject(new GethBuildFailedError({ output }));
    });
  });
}

/** `go` on PATH, else in `$GOROOT/bin`. */
function findGo(): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, "go")),
    ...(process.env.GOROOT ? [join(process.env.GOROOT, "bin", "go")] : []),
  ];
  return candidates.find((candidate) => existsSync(candidate) && spawnSync(candidate, ["version"]).status === 0);
}

export type StartGethParameters = {
  port: number;
  chainId: number;
  hardfork: string;
  /** Keys funded in the genesis. */
  fundedPrivateKeys: readonly Hex[];
};

/** Block gas limit of the devnet's blocks, like anvil's default. */
const blockGasLimit = 30_000_000n;

/**
 * Starts geth in developer mode (a block as soon as a transaction is pending) on a genesis of its own: geth
 * `--dev`'s genesis (CREATE2 deployer, system contracts) with the forks after `hardfork` removed, the chain id
 * set and the keys funded. Its data lives in a temporary folder that stopping removes.
 */
export async function startGeth({ port, chainId, hardfork, fundedPrivateKeys }: StartGethParameters): Promise<ManagedProcess> {
  if (!isGethHardfork(hardfork)) throw new Error(`The geth devnet runs ${timeForks.slice(2).join(" or ")}, not "${hardfork}".`);
  const geth = await installGeth();
  const dataDir = mkdtempSync(join(tmpdir(), "pq4337-geth-"));
  try {
    const genesisFile = join(dataDir, "genesis.json");
    writeFileSync(genesisFile, JSON.stringify(devGenesis({ geth, chainId, hardfork, fundedPrivateKeys })));
    execFileSync(geth, ["init", "--datadir", dataDir, genesisFile], { stdio: "pipe" });
    // The engine API is unused here, but geth always opens it: its usual port, or a free one.
    const authPort = await choosePort({ requested: undefined, preferred: 8551, taken: port, what: "geth's engine API" });
    const node = startProcess("geth", geth, [
      "--dev",
      "--dev.period", "0",
      "--datadir", dataDir,
      "--http", "--http.addr", "127.0.0.1", "--http.port", String(port),
      "--http.api", "eth,net,web3,debug,txpool",
      // A page served from another local port (examples/web-wallet) may call it, as it may call anvil.
      "--http.corsdomain", "*",
      "--rpc.allow-unprotected-txs",
      "--nodiscover", "--maxpeers", "0", "--nat", "none", "--port", "0",
      "--ipcdisable",
      "--authrpc.port", String(authPort),
      "--miner.gaslimit", String(blockGasLimit),
      "--verbosity", "2",
    ]);
    const stop = async (graceMs?: number) => {
      await node.stop(graceMs);
      rmSync(dataDir, { recursive: true, force: true });
    };
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitUntil("geth", async () => Number(await rpc(url, "eth_chainId")) === chainId, { process: node });
    } catch (error) {
      await stop();
      throw error;
    }
    return { pid: node.pid, output: node.output, exited: node.exited, stop };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function isGethHardfork(hardfork: string): hardfork is GethHardfork {
  return hardfork === "prague" || hardfork === "osaka";
}

type Genesis = { config: Record<string, unknown> & { blobSchedule?: Record<string, unknown> }; alloc: Record<string, unknown>; gasLimit: string };

/** geth `--dev`'s own genesis, cut at `hardfork`. */
function devGenesis({ geth, chainId, hardfork, fundedPrivateKeys }: { geth: string; chainId: number; hardfork: GethHardfork; fundedPrivateKeys: readonly Hex[] }): Genesis {
  const genesis = JSON.parse(execFileSync(geth, ["--dev", "dumpgenesis"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })) as Genesis;
  const kept = new Set<string>(timeForks.slice(0, timeForks.indexOf(hardfork) + 1));
  for (const key of Object.keys(genesis.config)) {
    if (key.endsWith("Time") && !kept.has(key.slice(0, -"Time".length))) delete genesis.config[key];
  }
  for (const fork of Object.keys(genesis.config.blobSchedule ?? {})) if (!kept.has(fork)) delete genesis.config.blobSchedule![fork];
  genesis.config.chainId = chainId;
  genesis.gasLimit = numberToHex(blockGasLimit);
  for (const privateKey of fundedPrivateKeys) genesis.alloc[privateKeyToAddress(privateKey)] = { balance: numberToHex(parseEther("1000000")) };
  return genesis;
}
