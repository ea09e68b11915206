// Generic up/down/inspect for a component. A component is an object with:
//   name, address, logPath, pidPath, commandHint, ports, readyTimeoutMs,
//   isReady(): Promise<boolean>,
//   start(): Promise<{ exitReason?: () => string | null } | void>,
//   afterReady?(): Promise<void>   (idempotent provisioning, run on every `up`),
//   stop(pid): Promise<string>.
import { HOST } from '../env.mjs';
import { tcpAnswers, waitUntilReady } from './probes.mjs';
import { isProcessAlive, readPidFile, removeFile } from './processes.mjs';

/**
 * One piece of local infrastructure (Postgres, Redis, Kafka, MailDev) as infra.mjs drives it.
 * @typedef {object} Component
 * @property {string} name
 * @property {string} address
 * @property {number[]} ports
 * @property {string} logPath
 * @property {string} pidPath
 * @property {string} commandHint
 * @property {number} readyTimeoutMs
 * @property {() => Promise<boolean>} isReady
 * @property {() => Promise<{ exitReason?: () => string | null } | void>} start
 * @property {(pid: number) => Promise<string>} stop
 * @property {() => Promise<void>} [afterReady]
 */

/**
 * @param {Component} component
 */
export async function inspect(component) {
  const pid = readPidFile(component.pidPath);
  const alive = isProcessAlive(pid, component.commandHint);
  const ready = alive && (await component.isReady());
  return { pid: alive ? pid : null, alive, ready };
}

/**
 * @param {Component} component
 */
async function assertPortsFree(component) {
  for (const port of component.ports) {
    if (await tcpAnswers(HOST, port)) {
      throw new Error(
        `port ${port} is already taken by a process infra.mjs did not start ` +
          `(find it with: ss -ltnp 'sport = :${port}')`,
      );
    }
  }
}

/**
 * Starts the component unless it already runs; resolves with what happened.
 * @param {Component} component
 */
export async function bringUp(component) {
  const startedAt = Date.now();
  const before = await inspect(component);
  const waitForReady = (/** @type {(() => string | null) | undefined} */ exitReason) =>
    waitUntilReady({
      name: component.name,
      probe: () => component.isReady(),
      exitReason,
      logPath: component.logPath,
      timeoutMs: component.readyTimeoutMs,
    });

  let outcome = 'running';
  if (before.alive && !before.ready) {
    // Launched by an earlier or concurrent `up` and still booting: wait, don't start a twin.
    await waitForReady(() => (isProcessAlive(before.pid, component.commandHint) ? null : 'process gone'));
  } else if (!before.alive) {
    removeFile(component.pidPath); // stale or absent
    await assertPortsFree(component);
    const { exitReason } = (await component.start()) ?? {};
    await waitForReady(exitReason);
    outcome = 'started';
  }
  await component.afterReady?.();
  return { outcome, pid: readPidFile(component.pidPath), seconds: (Date.now() - startedAt) / 1000 };
}

/**
 * Stops the component if it runs and clears its pid file.
 * @param {Component} component
 * @returns {Promise<string>}
 */
export async function bringDown(component) {
  const pid = readPidFile(component.pidPath);
  if (!isProcessAlive(pid, component.commandHint)) {
    removeFile(component.pidPath);
    return 'not running';
  }
  const result = await component.stop(/** @type {number} */ (pid));
  removeFile(component.pidPath);
  return result;
}
