// Where each component keeps its state, logs and pid file.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDir } from '../env.mjs';

export const logsDir = () => path.join(dataDir(), 'logs');
export const runDir = () => path.join(dataDir(), 'run');
/** @param {string} component */
export const componentDir = (component) => path.join(dataDir(), component);
/** @param {string} component */
export const logFile = (component) => path.join(logsDir(), `${component}.log`);
/** @param {string} component */
export const pidFile = (component) => path.join(runDir(), `${component}.pid`);

// Downloads live outside the data dir so that `down --wipe` keeps them.
export function cacheDir() {
  if (process.env.SPA_CACHE_DIR) return path.resolve(process.env.SPA_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'spa-platform');
}

/**
 * @param {string} dir
 * @param {number} [mode]
 */
export function ensureDir(dir, mode) {
  mkdirSync(dir, { recursive: true, mode });
  return dir;
}

export function ensureBaseDirs() {
  ensureDir(logsDir());
  ensureDir(runDir());
}
