// The replicated fleet: two replicas of every service and of the gateway behind HAProxy,
// on the fleet's own Postgres, Redis, SMTP sink, Razorpay sandbox and three-node Kafka. HAProxy has one
// frontend per service (the URL every other process calls it by) and one public frontend for the
// gateways; it checks each replica's /readyz every 500 ms, takes one out after two failures, and sends
// a request whose connection could not be made to the other replica. The public frontend adds
// X-Forwarded-For, which the gateways believe from 127.0.0.1 only (TRUSTED_PROXIES), the way the
// Ingress does in production.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  generateServiceKeys,
  infraEnv,
  paymentProviderEnv,
  repoRoot,
  serviceEnv,
  SERVICES,
} from '../local/env.mjs';
import { healthProbeEnv, recreateDatabase } from '../local/stack.mjs';

const OFFSETS = /** @type {const} */ ({
  gateway: 0,
  identity: 1,
  catalogue: 2,
  booking: 3,
  commerce: 4,
  billing: 5,
  notification: 6,
});
/** @typedef {keyof typeof OFFSETS} Role */
/** @typedef {{ role: Role, replica: number, name: string, port: number, entry: string, env: Record<string, string>, child: import('node:child_process').ChildProcess | null, logPath: string }} Replica */

export const REPLICAS = 2;
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ portBase: number, prefix: string, logDir: string, kafkaBrokers: string, env?: Record<string, string> }} options
 *   Ports: HAProxy's public frontend at portBase, a frontend per service at portBase + 1..6, its stats
 *   at portBase + 9, the sandbox at portBase + 10, replica r of a role at portBase + 20r + offset.
 */
export function createFleet({ portBase, prefix, logDir, kafkaBrokers, env = {} }) {
  const root = repoRoot();
  mkdirSync(logDir, { recursive: true });
  const frontendUrl = (/** @type {Role} */ role) => `http://127.0.0.1:${portBase + OFFSETS[role]}`;
  const publicUrl = frontendUrl('gateway');
  const sandboxUrl = `http://127.0.0.1:${portBase + 10}`;
  const statsUrl = `http://127.0.0.1:${portBase + 9}/stats;csv`;
  const payments = paymentProviderEnv({ env: {}, sandboxUrl });
  const keys = generateServiceKeys([...SERVICES, 'gateway']);
  const common = {
    ...infraEnv(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_URL: publicUrl,
    KAFKA_BROKERS: kafkaBrokers,
    KAFKA_NAMESPACE: prefix,
    KAFKA_REPLICATION_FACTOR: '3',
    JWKS_URL: `${frontendUrl('identity')}/.well-known/jwks.json`,
    ...Object.fromEntries(
      SERVICES.map((name) => [`${name.toUpperCase()}_URL`, frontendUrl(/** @type {Role} */ (name))]),
    ),
    ...env,
  };

  /** @type {Replica[]} */
  const replicas = [];
  for (const role of /** @type {Role[]} */ (Object.keys(OFFSETS)))
    for (let replica = 1; replica <= REPLICAS; replica++) {
      const name = `${role}-${replica}`;
      const port = portBase + 20 * replica + OFFSETS[role];
      const entry =
        role === 'gateway'
          ? path.join(root, 'gateway', 'dist', 'main.js')
          : path.join(root, 'services', role, 'dist', 'main.js');
      if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
      /** @type {Record<string, string>} */
      const roleEnv =
        role === 'gateway'
          ? {
              ...healthProbeEnv(infraEnv()),
              HEALTH_KAFKA: /** @type {string} */ (kafkaBrokers.split(',')[0]),
              ...payments.gateway,
              ...keys.gateway,
              ENABLED_SERVICES: SERVICES.join(','),
              TRUSTED_PROXIES: '127.0.0.1',
            }
          : {
              ...serviceEnv(role),
              ...(role === 'commerce' ? payments.commerce : {}),
              ...keys[role],
            };
      /** @type {Record<string, string>} */
      const replicaEnv = { ...roleEnv, ...common, PORT: String(port) };
      if (role !== 'gateway')
        replicaEnv.DATABASE_URL = serviceEnv(role).DATABASE_URL.replace(/\/[^/]+$/, `/${prefix}_${role}`);
      replicas.push({
        role,
        replica,
        name,
        port,
        entry,
        env: replicaEnv,
        child: null,
        logPath: path.join(logDir, `${name}.log`),
      });
    }

  /** @type {import('node:child_process').ChildProcess[]} */
  const helpers = [];

  /** @param {Replica} replica */
  const launch = (replica) => {
    const log = createWriteStream(replica.logPath, { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', replica.entry], {
      cwd: root,
      env: { ...process.env, ...replica.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    replica.child = child;
    return child;
  };

  const readyPath = (/** @type {Role} */ role) => (role === 'gateway' ? '/readyz' : '/readyz');
  /** @param {Replica} replica */
  const isReady = async (replica) => {
    try {
      const response = await fetch(`http://127.0.0.1:${replica.port}${readyPath(replica.role)}`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  };
  /**
   * @param {Replica} replica
   * @param {number} timeoutMs
   */
  const waitReady = async (replica, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await isReady(replica))) {
      if (replica.child && (replica.child.exitCode !== null || replica.child.signalCode !== null))
        throw new Error(
          `${replica.name} exited (${replica.child.exitCode ?? replica.child.signalCode}); see ${replica.logPath}`,
        );
      if (Date.now() > deadline)
        throw new Error(`${replica.name} not ready in ${timeoutMs / 1000} s; see ${replica.logPath}`);
      await sleep(200);
    }
  };

  /** HAProxy's view: for each backend server, UP or DOWN (its stats page, CSV). */
  const haproxyStates = async () => {
    const response = await fetch(statsUrl, { signal: AbortSignal.timeout(2_000) });
    const [header, ...lines] = (await response.text()).replace(/^# /, '').trim().split('\n');
    const columns = /** @type {string} */ (header).split(',');
    const at = (/** @type {string} */ name) => columns.indexOf(name);
    /** @type {Record<string, string>} */
    const states = {};
    for (const line of lines) {
      const cells = line.split(',');
      const server = /** @type {string} */ (cells[at('svname')]);
      if (server === 'FRONTEND' || server === 'BACKEND') continue;
      states[server] = /** @type {string} */ (cells[at('status')]);
    }
    return states;
  };
  /**
   * Waits until HAProxy reports the replica in the given state; answers how long it took.
   * @param {Replica} replica
   * @param {'UP' | 'DOWN'} state
   */
  const waitBalancer = async (replica, state, timeoutMs = 30_000) => {
    const from = Date.now();
    for (;;) {
      const states = await haproxyStates().catch(() => ({}));
      const now = /** @type {Record<string, string>} */ (states)[replica.name] ?? '';
      if (now.startsWith(state)) return Date.now() - from;
      if (Date.now() - from > timeoutMs)
        throw new Error(`HAProxy never saw ${replica.name} ${state} (last ${now})`);
      await sleep(50);
    }
  };

  const haproxyConfig = () => {
    const lines = [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  timeout http-keep-alive 10s',
      '  timeout check 2s',
      // A request whose connection could not be made (a replica just killed) goes to the other one;
      // nothing of it reached the dead one, so even a POST is safe to send again.
      '  retries 2',
      '  retry-on conn-failure',
      '  option redispatch',
      '  default-server inter 500 fastinter 250 downinter 500 fall 2 rise 2',
      `listen stats`,
      `  bind 127.0.0.1:${portBase + 9}`,
      '  stats enable',
      '  stats uri /stats',
    ];
    for (const role of /** @type {Role[]} */ (Object.keys(OFFSETS))) {
      lines.push(`listen ${role}`, `  bind 127.0.0.1:${portBase + OFFSETS[role]}`);
      if (role === 'gateway') lines.push('  option forwardfor');
      lines.push(`  option httpchk GET ${readyPath(role)}`, '  http-check expect status 200');
      for (const replica of replicas.filter((candidate) => candidate.role === role))
        lines.push(`  server ${replica.name} 127.0.0.1:${replica.port} check`);
    }
    return `${lines.join('\n')}\n`;
  };

  return {
    url: publicUrl,
    sandboxUrl,
    replicas,
    frontendUrl,
    haproxyStates,
    waitBalancer,
    waitReady,
    isReady,
    /** Fresh databases, the sandbox, HAProxy, then every replica at once (the cold start). */
    async start() {
      const adminUrl = infraEnv().PG_ADMIN_URL;
      for (const name of SERVICES) await recreateDatabase(adminUrl, `${prefix}_${name}`, name);
      const sandboxLog = createWriteStream(path.join(logDir, 'razorpay-sandbox.log'), { flags: 'a' });
      const sandbox = spawn(
        process.execPath,
        [path.join(root, 'infra', 'razorpay-sandbox', 'dist', 'main.js')],
        {
          cwd: root,
          env: {
            ...process.env,
            ...common,
            ...payments.commerce,
            RAZORPAY_SANDBOX_PORT: String(portBase + 10),
            RAZORPAY_WEBHOOK_URL: `${publicUrl}/api/v1/payments/webhook`,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      sandbox.stdout.pipe(sandboxLog);
      sandbox.stderr.pipe(sandboxLog);
      helpers.push(sandbox);
      const configPath = path.join(logDir, 'haproxy.cfg');
      writeFileSync(configPath, haproxyConfig());
      const haproxyLog = createWriteStream(path.join(logDir, 'haproxy.log'), { flags: 'a' });
      const haproxy = spawn('haproxy', ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
      haproxy.stdout.pipe(haproxyLog);
      haproxy.stderr.pipe(haproxyLog);
      helpers.push(haproxy);
      const began = Date.now();
      for (const replica of replicas) launch(replica);
      await Promise.all(replicas.map((replica) => waitReady(replica, 180_000)));
      return Date.now() - began;
    },
    /**
     * SIGTERM (a rolling restart's step): resolves with the exit once the process has gone.
     * @param {Replica} replica
     */
    async terminate(replica, graceMs = 20_000) {
      const child = replica.child;
      if (!child || child.exitCode !== null || child.signalCode !== null)
        return { code: child?.exitCode ?? null, ms: 0 };
      const from = Date.now();
      const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return { code, ms: Date.now() - from };
    },
    /** @param {Replica} replica */
    async kill(replica) {
      const child = replica.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    /** @param {Replica} replica */
    async startReplica(replica, timeoutMs = 90_000) {
      launch(replica);
      await waitReady(replica, timeoutMs);
    },
    async stop() {
      await Promise.all(
        [...replicas.map((replica) => replica.child), ...helpers].map(
          (child) =>
            new Promise((resolve) => {
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
              const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve(undefined);
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
    async dropDatabases() {
      const client = new pg.Client({ connectionString: infraEnv().PG_ADMIN_URL });
      await client.connect();
      try {
        for (const name of SERVICES)
          await client.query(`drop database if exists ${prefix}_${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
