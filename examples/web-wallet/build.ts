// Builds the web wallet into a static folder: one ES module bundled by esbuild for browsers, with the page and its
// style beside it. Serve the folder with a `config.json` (see src/config.ts), or run serve.ts, which does both.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const source = new URL(".", import.meta.url).pathname;

export type BuildWebWalletParameters = { outDir: string };

/**
 * Bundles `src/main.ts` with the workspace SDK and viem into `outDir/main.js`, and the key worker (scrypt, key
 * generation) into `outDir/keyWorker.js` (minified, with source maps), and copies `index.html` and `style.css` there.
 *
 * @example
 * await buildWebWallet({ outDir: "examples/web-wallet/dist" })
 */
export async function buildWebWallet({ outDir }: BuildWebWalletParameters): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(source, "src/main.ts"), join(source, "src/keyWorker.ts")],
    outdir: outDir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: true,
    logLevel: "warning",
  });
  for (const file of ["index.html", "style.css"]) copyFileSync(join(source, file), join(outDir, file));
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const outDir = join(source, "dist");
  await buildWebWallet({ outDir });
  console.log(`built ${outDir}`);
}
