// SMTP sink: maildev from the repository's node_modules, SMTP + web/REST on loopback.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dataDir, HOST, PORTS, repoRoot } from '../env.mjs';
import { componentDir, ensureDir, logFile, pidFile } from './paths.mjs';
import { exitWatcher, spawnDetached, terminate, writePidFile } from './processes.mjs';
import { httpAnswers200 } from './probes.mjs';

const COMMAND_HINT = 'maildev';

function maildevScript() {
  const script = path.join(repoRoot(), 'node_modules', 'maildev', 'bin', 'maildev');
  if (!existsSync(script)) {
    throw new Error(
      `maildev is not installed (${script} missing): run \`npm install\` at the repository root`,
    );
  }
  return script;
}

/** @type {import('./lifecycle.mjs').Component} */
export const maildev = {
  name: 'maildev',
  address: `smtp://${HOST}:${PORTS.smtp} http://${HOST}:${PORTS.mailWeb}`,
  ports: [PORTS.smtp, PORTS.mailWeb],
  logPath: logFile('maildev'),
  pidPath: pidFile('maildev'),
  commandHint: COMMAND_HINT,
  readyTimeoutMs: 30_000,

  isReady: () => httpAnswers200(`http://${HOST}:${PORTS.mailWeb}/email`),

  async start() {
    const args = [
      maildevScript(),
      ['--smtp', PORTS.smtp],
      ['--web', PORTS.mailWeb],
      ['--ip', HOST],
      ['--web-ip', HOST],
      // Inside .data so that `down --wipe` empties the inbox too.
      ['--mail-directory', ensureDir(componentDir('maildev'))],
    ].flat();
    // Run the script with this very node binary, not whichever `node` is on PATH.
    const child = spawnDetached(process.execPath, args.map(String), {
      logPath: this.logPath,
      cwd: dataDir(),
      env: process.env,
    });
    const exitReason = exitWatcher(child);
    if (!child.pid) throw new Error(`could not start maildev with ${process.execPath}`);
    writePidFile(this.pidPath, child.pid);
    return { exitReason };
  },

  stop: (pid) => terminate(pid, COMMAND_HINT, { graceMs: 10_000 }),
};
