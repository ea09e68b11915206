// Readiness checks: each resolves true/false and never throws.
import http from 'node:http';
import net from 'node:net';
import { tailFile, sleep } from './processes.mjs';

/**
 * Opens a TCP connection, lets `converse` talk over it, and resolves with its
 * verdict; false on connection errors or after `timeoutMs`.
 * @param {string} host
 * @param {number} port
 * @param {number} timeoutMs
 * @param {(socket: import('node:net').Socket, finish: (verdict: boolean) => void) => void} converse
 * @returns {Promise<boolean>}
 */
function withSocket(host, port, timeoutMs, converse) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    /** @param {boolean} verdict */
    const finish = (verdict) => {
      socket.destroy();
      resolve(verdict);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('connect', () => converse(socket, finish));
  });
}

/**
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 */
export function tcpAnswers(host, port, timeoutMs = 1_000) {
  return withSocket(host, port, timeoutMs, (_socket, finish) => finish(true));
}

/**
 * @param {string} host
 * @param {number} port
 * @param {number} [timeoutMs]
 */
export function redisAnswersPing(host, port, timeoutMs = 1_000) {
  return withSocket(host, port, timeoutMs, (socket, finish) => {
    let reply = '';
    socket.on('data', (/** @type {Buffer} */ chunk) => {
      reply += chunk;
      // "-LOADING ..." while the AOF is replayed counts as not ready.
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
    socket.write('PING\r\n');
  });
}

/**
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<boolean>}
 */
export function httpAnswers200(url, timeoutMs = 1_000) {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/**
 * Polls `probe` until it answers true. Fails early when `exitReason()` reports
 * that the process died, and otherwise after `timeoutMs`; both errors point
 * at the log.
 * @param {{ name: string, probe: () => Promise<boolean>, exitReason?: () => string | null, logPath: string, timeoutMs: number, intervalMs?: number }} options
 */
export async function waitUntilReady({
  name,
  probe,
  exitReason = () => null,
  logPath,
  timeoutMs,
  intervalMs = 250,
}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    const exit = exitReason();
    if (exit) throw startupError(`${name} stopped during startup (${exit})`, logPath);
    if (Date.now() > deadline) {
      throw startupError(`${name} not ready after ${timeoutMs / 1000}s`, logPath);
    }
    await sleep(intervalMs);
  }
}

/**
 * @param {string} message
 * @param {string} logPath
 */
function startupError(message, logPath) {
  const tail = tailFile(logPath, 15);
  const excerpt = tail ? `\n--- last lines of ${logPath} ---\n${tail}` : '';
  return new Error(`${message}; see ${logPath}${excerpt}`);
}
