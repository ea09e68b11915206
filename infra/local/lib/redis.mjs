// Our own redis-server on 127.0.0.1:SPA_REDIS_PORT, separate from any system Redis.
import { HOST, PORTS } from '../env.mjs';
import { componentDir, ensureDir, logFile, pidFile } from './paths.mjs';
import { isProcessAlive, readPidFile, run, terminate } from './processes.mjs';
import { redisAnswersPing } from './probes.mjs';

const COMMAND_HINT = 'redis-server';

/** @type {import('./lifecycle.mjs').Component} */
export const redis = {
  name: 'redis',
  address: `redis://${HOST}:${PORTS.redis}`,
  ports: [PORTS.redis],
  logPath: logFile('redis'),
  pidPath: pidFile('redis'),
  commandHint: COMMAND_HINT,
  readyTimeoutMs: 30_000,

  isReady: () => redisAnswersPing(HOST, PORTS.redis),

  async start() {
    const dir = ensureDir(componentDir('redis'));
    // Settings go on the command line (no config file) so Debian's
    // /etc/redis/redis.conf and its system service stay out of it.
    const settings = {
      bind: HOST,
      port: PORTS.redis,
      'protected-mode': 'yes',
      dir,
      appendonly: 'yes',
      appendfsync: 'everysec',
      daemonize: 'yes',
      pidfile: this.pidPath,
      logfile: this.logPath,
      loglevel: 'notice',
    };
    await run(
      'redis-server',
      Object.entries(settings).flatMap(([key, value]) => [`--${key}`, String(value)]),
    );
    // The daemonizing parent has exited; the daemon writes its pid file right after forking.
    const launchedAt = Date.now();
    return {
      exitReason: () => {
        if (isProcessAlive(readPidFile(this.pidPath), COMMAND_HINT)) return null;
        return Date.now() - launchedAt > 2_000 ? 'no live redis-server behind the pid file' : null;
      },
    };
  },

  // SIGTERM makes Redis flush the AOF and write its snapshot before exiting.
  stop: (pid) => terminate(pid, COMMAND_HINT, { graceMs: 15_000 }),
};
