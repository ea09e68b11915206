// The container engine. On a Docker host (DOCKER_HOST set, or /var/run/docker.sock answering) that
// engine is used as it is. On the Debian machines this project is built on it is podman, rootful and
// daemonless, run with the project's containers.conf; `podman system service` gives testcontainers and
// compose the Docker-compatible API socket they speak.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTAINERS_CONF = path.join(path.dirname(fileURLToPath(import.meta.url)), 'containers.conf');

/** The environment every podman call gets: the project's engine settings unless the caller set others. */
export function engineEnv(extra = {}) {
  return { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF || CONTAINERS_CONF, ...extra };
}

/**
 * Arguments that give a build's RUN steps as many open files as this process may have (at most 65536):
 * buildah gives them 1024 by default, and `npm ci` in a build stage ran out (EMFILE) in CI. Raising a
 * limit up to the hard one needs no privilege, unlike the default ulimits containers.conf leaves out.
 */
export function buildUlimitArgs() {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout?.trim();
  const limit = hard === 'unlimited' ? 65536 : Math.min(Number(hard), 65536);
  return Number.isInteger(limit) && limit > 1024 ? ['--ulimit', `nofile=${limit}:${limit}`] : [];
}

export const hasPodman = () => spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Runs podman; throws with its stderr on failure. `stdio: 'inherit'` streams its output.
 * @param {string[]} args
 * @param {{ stdio?: 'pipe' | 'inherit', input?: string }} [options]
 */
export function podman(args, { stdio = 'pipe', input } = {}) {
  const result = spawnSync('podman', args, {
    env: engineEnv(),
    encoding: 'utf8',
    input,
    stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `podman ${args.join(' ')} failed (exit ${result.status}): ${(result.stderr ?? '').trim().slice(-2000)}`,
    );
  }
  return (result.stdout ?? '').trim();
}

/**
 * Runs podman streaming its output; resolves on exit 0.
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, cwd?: string }} [options]
 * @returns {Promise<void>}
 */
export function podmanStreaming(args, { env = {}, cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, {
      cwd,
      env: engineEnv(env),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`podman ${args.slice(0, 3).join(' ')}… exited ${code}`)),
    );
  });
}

/**
 * A label of a local image, or null when there is no such image.
 * @param {string} image
 * @param {string} label
 */
export function imageLabel(image, label) {
  const result = spawnSync(
    'podman',
    ['image', 'inspect', '--format', `{{index .Labels "${label}"}}`, image],
    {
      env: engineEnv(),
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) return null;
  const value = result.stdout.trim();
  return value === '<no value>' ? '' : value;
}

/** Whether a Docker-compatible engine other than our podman is configured (a Docker host). */
export function externalDockerHost() {
  if (process.env.DOCKER_HOST) return process.env.DOCKER_HOST;
  if (!hasPodman() && existsSync('/var/run/docker.sock')) return 'unix:///var/run/docker.sock';
  return null;
}

/**
 * Serves podman's Docker-compatible API on a socket of its own for as long as the caller needs it.
 * Returns { dockerHost, stop }.
 */
export async function startApiSocket() {
  const socket = path.join(os.tmpdir(), `spa-podman-${process.pid}.sock`);
  rmSync(socket, { force: true });
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env: engineEnv(),
    stdio: 'ignore',
    detached: false,
  });
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const dockerHost = `unix://${socket}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (exited !== null) throw new Error(`podman system service exited (${exited})`);
    if (existsSync(socket) && (await answers(socket))) break;
    await sleep(100);
  }
  return {
    dockerHost,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(socket, { force: true });
    },
  };
}

/**
 * @param {string} socket
 */
async function answers(socket) {
  try {
    const { request } = await import('node:http');
    return await new Promise((resolve) => {
      const req = request({ socketPath: socket, path: '/_ping', timeout: 1000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.on('timeout', () => req.destroy());
      req.end();
    });
  } catch {
    return false;
  }
}
