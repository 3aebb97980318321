// `pnpm tarballs`: builds what changed (scripts/build.mjs) and packs every published package into packs/, as npm
// would install them once they are on the registry: `pnpm pack` writes the workspace dependencies
// (`workspace:*`) as the versions they stand for, which this script checks. The packages are not on npm yet;
// install the tarballs instead:
//   npm install /path/to/pq4337/packs/pq4337-sdk-0.1.0.tgz viem
//   npm install -g /path/to/pq4337/packs/pq4337-{cli,devnet,sdk}-0.1.0.tgz
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "./build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, "packs");

/** The workspace packages npm would publish: every one not marked private. */
export const publishedPackages = () =>
  readdirSync(join(root, "packages")).filter((name) => {
    try {
      return !JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")).private;
    } catch {
      return false;
    }
  });

/**
 * pnpm: the one running this script (`npm_execpath`), else one on PATH, else the workspace's own through npx.
 */
const pnpm = (() => {
  if (process.env.npm_execpath && /pnpm/.test(process.env.npm_execpath)) return [process.execPath, process.env.npm_execpath];
  if ((process.env.PATH ?? "").split(delimiter).some((dir) => dir && existsSync(join(dir, "pnpm")))) return ["pnpm"];
  return ["npx", "-y", JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager];
})();

/** Packs `name` into `destination`; returns the tarball's path. */
export function packPackage(name, destination) {
  const [command, ...args] = pnpm;
  const before = new Set(readdirSync(destination));
  execFileSync(command, [...args, "pack", "--pack-destination", destination], { cwd: join(root, "packages", name), stdio: ["ignore", "ignore", "inherit"] });
  const tarball = readdirSync(destination).find((file) => file.endsWith(".tgz") && file.startsWith(`pq4337-${name}-`) && !before.has(file))
    ?? readdirSync(destination).find((file) => file.endsWith(".tgz") && file.startsWith(`pq4337-${name}-`));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${name}`);
  const path = join(destination, tarball);
  const manifest = execFileSync("tar", ["-xzOf", path, "package/package.json"], { encoding: "utf8" });
  if (manifest.includes("workspace:")) throw new Error(`${tarball}: its package.json still names a workspace: dependency`);
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length > 2) {
    console.error("tarballs: takes no arguments; writes every published package's tarball to packs/");
    process.exit(2);
  }
  if (!build({ scope: "main" })) process.exit(1);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const tarballs = publishedPackages().map((name) => packPackage(name, out));
  for (const tarball of tarballs) console.log(tarball);
  const named = (name) => tarballs.find((tarball) => tarball.includes(`pq4337-${name}-`));
  console.log(`\nthe SDK:  npm install ${named("sdk")} viem`);
  console.log(`the CLI:  npm install -g ${["cli", "devnet", "sdk"].map(named).join(" ")}`);
}
