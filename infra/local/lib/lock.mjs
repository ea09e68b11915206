// A lock file so that concurrent `up`/`down` runs take turns instead of racing.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { isProcessAlive, readPidFile, removeFile, sleep } from './processes.mjs';

/**
 * @param {string} file
 */
function tryAcquire(file) {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * @param {string} file
 * @param {number} holder
 */
function removeIfStillHeldBy(file, holder) {
  try {
    if (readFileSync(file, 'utf8').trim() === String(holder)) removeFile(file);
  } catch {
    // already gone
  }
}

/**
 * @param {string} file
 */
function ageMs(file) {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * @template T
 * @param {string} file
 * @param {() => Promise<T>} action
 * @param {{ timeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<T>}
 */
export async function withLock(file, action, { timeoutMs = 10 * 60 * 1000, log = console.log } = {}) {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  while (!tryAcquire(file)) {
    const holder = readPidFile(file);
    if (holder && !isProcessAlive(holder)) {
      removeIfStillHeldBy(file, holder); // left behind by a run that died
      continue;
    }
    if (!holder && ageMs(file) > 5_000) {
      removeFile(file); // its creator died before writing its pid
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another infra.mjs run (pid ${holder}) still holds ${file}`);
    if (holder && !announced) {
      log(`waiting for another infra.mjs run (pid ${holder}) to finish`);
      announced = true;
    }
    await sleep(250);
  }
  try {
    return await action();
  } finally {
    removeIfStillHeldBy(file, process.pid);
  }
}
