// "Run as a command when started as one": a script that is also imported (for its functions, by other
// scripts and tests) does its command-line work only when node was started on it.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Whether node was started on the module at `moduleUrl` (its import.meta.url), following symlinks.
 * @param {string} moduleUrl
 */
export function isMainModule(moduleUrl) {
  return (
    Boolean(process.argv[1]) &&
    moduleUrl === pathToFileURL(realpathSync(/** @type {string} */ (process.argv[1]))).href
  );
}

/**
 * When node was started on the module at `moduleUrl`: runs `main` with the command-line arguments;
 * exit code 0 when it answers true, 1 when it answers false or throws (the error's message printed
 * after `name: `).
 * @param {string} moduleUrl
 * @param {string} name
 * @param {(argv: string[]) => Promise<boolean>} main
 */
export async function runAsMain(moduleUrl, name, main) {
  if (!isMainModule(moduleUrl)) return;
  try {
    process.exitCode = (await main(process.argv.slice(2))) ? 0 : 1;
  } catch (error) {
    console.error(`${name}: ${/** @type {Error} */ (error).message}`);
    process.exitCode = 1;
  }
}
