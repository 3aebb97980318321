// Preload (`node --import`) for tests of command-line input errors: starting any child process (anvil, Alto, a
// build) exits at once with status 99 and says what it tried, so a test can prove that a command answered
// before it started anything. Plain JavaScript, so that it loads without tsx.
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

for (const name of ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]) {
  childProcess[name] = (command) => {
    process.stderr.write(`child process started: ${command}\n`);
    process.exit(99);
  };
}
syncBuiltinESMExports();
