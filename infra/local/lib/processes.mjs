// Child processes: one-shot commands, detached daemons, pid files, stopping.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Last `count` lines of a file, or '' when it does not exist.
 * @param {string} file
 * @param {number} [count]
 */
export function tailFile(file, count = 20) {
  if (!existsSync(file)) return '';
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  return lines.slice(-count).join('\n');
}

/**
 * Runs a command to completion and resolves with its output; rejects with an
 * error that carries the command line, exit status and the tail of its output.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, uid?: number, gid?: number, input?: string, timeoutMs?: number }} [options]
 */
export function run(command, args, { cwd, env, uid, gid, input, timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      uid,
      gid,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // stdout and stderr are pipes, and stdin is one whenever there is input: none of them is null.
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    if (input !== undefined) child.stdin?.end(input);

    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ stdout, stderr });
      const status = signal ? `killed by ${signal}` : `exit code ${code}`;
      const output = `${stdout}${stderr}`.trim().split('\n').slice(-20).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (${status})\n${output}`));
    });
  });
}

/**
 * Starts a long-running process that outlives this one: own process group,
 * stdout/stderr appended to `logPath`, not waited for by our event loop.
 * @param {string} command
 * @param {string[]} args
 * @param {{ logPath: string, cwd?: string, env?: NodeJS.ProcessEnv }} options
 */
export function spawnDetached(command, args, { logPath, cwd, env }) {
  const logFd = openSync(logPath, 'a');
  try {
    const child = spawn(command, args, {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    child.unref();
    return child;
  } finally {
    closeSync(logFd);
  }
}

/**
 * A function telling why `child` exited ("exit code 1", "SIGKILL"), or null while it runs.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {() => string | null}
 */
export function exitWatcher(child) {
  /** @type {string | null} */
  let reason = null;
  child.once('exit', (code, signal) => (reason = signal ?? `exit code ${code}`));
  child.once('error', (error) => (reason = error.message));
  return () => reason;
}

/**
 * @param {string} file
 * @returns {number | null}
 */
export function readPidFile(file) {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} file
 * @param {number} pid
 */
export function writePidFile(file, pid) {
  writeFileSync(file, `${pid}\n`);
}

/**
 * @param {string} file
 */
export function removeFile(file) {
  rmSync(file, { force: true });
}

/**
 * @param {number} pid
 */
function commandLineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

/**
 * True when `pid` is a live process whose command line contains
 * `commandHint` (any command when no hint); the hint guards against a pid
 * recycled after a reboot.
 * @param {number | null | undefined} pid
 * @param {string} [commandHint]
 */
export function isProcessAlive(pid, commandHint) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  const commandLine = commandLineOf(pid);
  if (commandLine === null) return !existsSync('/proc/self'); // no procfs: trust kill(0)
  // A zombie has an empty command line: it is gone for our purposes.
  return commandLine.length > 0 && commandLine.includes(commandHint ?? '');
}

/**
 * SIGTERM, then SIGKILL if the process is still there after `graceMs`.
 * @param {number | null | undefined} pid
 * @param {string | undefined} commandHint
 * @param {{ graceMs?: number }} [options]
 */
export async function terminate(pid, commandHint, { graceMs = 15_000 } = {}) {
  if (!isProcessAlive(pid, commandHint)) return 'not running';
  process.kill(/** @type {number} */ (pid), 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await sleep(100);
    if (!isProcessAlive(pid, commandHint)) return 'stopped';
  }
  process.kill(/** @type {number} */ (pid), 'SIGKILL');
  for (let waited = 0; isProcessAlive(pid, commandHint); waited += 50) {
    if (waited > 5_000) throw new Error(`process ${pid} survived SIGKILL`);
    await sleep(50);
  }
  return 'killed';
}
