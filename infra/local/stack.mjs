// Starts the platform's own processes (the Razorpay sandbox, every service that exists, then the
// gateway) as children of this process, on top of the infrastructure that infra.mjs runs. Used by
// `npm start` and by the browser tests, which run a second, throwaway stack on other ports and fresh
// databases.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generateServiceKeys, infraEnv, paymentProviderEnv, repoRoot, serviceEnv } from './env.mjs';

const SERVICE_PORTS = { identity: 1, catalogue: 2, booking: 3, commerce: 4, billing: 5, notification: 6 };
const RAZORPAY_SANDBOX_PORT_OFFSET = 10;

/**
 * Services present in this checkout (services/<name>/src/main.ts), the kit excepted. STACK_SERVICES
 * (a comma-separated list) narrows it, e.g. to run one area's browser tests on their own.
 */
export function discoverServices() {
  const dir = path.join(repoRoot(), 'services');
  const wanted = process.env.STACK_SERVICES?.split(',').map((name) => name.trim());
  return readdirSync(dir).filter(
    (name) =>
      name in SERVICE_PORTS &&
      existsSync(path.join(dir, name, 'src', 'main.ts')) &&
      (!wanted || wanted.includes(name)),
  );
}

/**
 * Drops `database` (cutting its connections) and creates it again, empty, owned by `owner`.
 * @param {string} adminUrl
 * @param {string} database
 * @param {string} owner
 */
export async function recreateDatabase(adminUrl, database, owner) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database} owner ${owner}`);
  } finally {
    await client.end();
  }
}

/**
 * host:port pairs for the gateway's /healthz, from the connection settings every process gets.
 * @param {{ PG_ADMIN_URL: string, KAFKA_BROKERS: string, SMTP_URL: string }} infra
 */
export function healthProbeEnv(infra) {
  const hostPort = (/** @type {string} */ url) => {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port}`;
  };
  return {
    HEALTH_POSTGRES: hostPort(infra.PG_ADMIN_URL),
    HEALTH_KAFKA: /** @type {string} */ (infra.KAFKA_BROKERS.split(',')[0]).trim(),
    HEALTH_SMTP: hostPort(infra.SMTP_URL),
  };
}

/**
 * The last lines of a log, for an error message that explains itself in a CI log.
 * @param {string} logPath
 * @param {number} [lines]
 */
function logTail(logPath, lines = 25) {
  try {
    return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * @param {string} url
 * @param {{ timeoutMs: number, child: import('node:child_process').ChildProcess, name: string, logPath: string }} options
 */
async function waitForHttp(url, { timeoutMs, child, name, logPath }) {
  const deadline = Date.now() + timeoutMs;
  // What the last attempt saw: a gateway that stays 503 names the component that is down.
  let lastSeen = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode}; see ${logPath}\n${logTail(logPath)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastSeen = `${response.status} ${(await response.text()).slice(0, 1_000)}`;
    } catch (error) {
      lastSeen = `no answer (${error instanceof Error ? error.message : String(error)})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${name} did not become ready at ${url} within ${timeoutMs / 1000} s; it last answered: ${lastSeen}; ` +
      `see ${logPath}\n${logTail(logPath)}`,
  );
}

/**
 * @param {{ portBase?: number, gatewayPort?: number, freshDatabases?: string, logDir: string,
 *           env?: Record<string, string>, publicUrl?: string, quiet?: boolean }} options
 *   freshDatabases: a prefix; each service then gets a new empty database named <prefix>_<service>.
 *   The Razorpay sandbox listens on portBase + 10 unless env (or the process) sets RAZORPAY_API_URL.
 */
export async function startStack(options) {
  const root = repoRoot();
  const portBase = options.portBase ?? 4000;
  const gatewayPort = options.gatewayPort ?? 8080;
  const publicUrl = options.publicUrl ?? `http://localhost:${gatewayPort}`;
  const services = discoverServices();
  /** @type {Array<{ name: string, child: import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> }>} */
  const children = [];
  mkdirSync(options.logDir, { recursive: true });
  /** @param {string} name */
  const urlOf = (name) =>
    `http://127.0.0.1:${portBase + SERVICE_PORTS[/** @type {keyof typeof SERVICE_PORTS} */ (name)]}`;
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    APP_URL: publicUrl,
    JWKS_URL: `${urlOf('identity')}/.well-known/jwks.json`,
    ...Object.fromEntries(
      Object.keys(SERVICE_PORTS).map((name) => [`${name.toUpperCase()}_URL`, urlOf(name)]),
    ),
    ...options.env,
  };

  // The payment provider: a Razorpay sandbox of our own unless RAZORPAY_API_URL names one (Razorpay
  // itself, with real keys), and never in production.
  const providerSettings = Object.fromEntries(
    Object.entries({ ...process.env, ...options.env }).filter(([, value]) => value),
  );
  const sandboxWanted = !providerSettings.RAZORPAY_API_URL && common.NODE_ENV !== 'production';
  const sandboxUrl = sandboxWanted
    ? `http://127.0.0.1:${portBase + RAZORPAY_SANDBOX_PORT_OFFSET}`
    : undefined;
  const payments = paymentProviderEnv({ env: providerSettings, sandboxUrl });

  // Signed internal calls: a fresh key pair per process of this stack, unless the caller brings keys.
  const serviceKeys = generateServiceKeys([...Object.keys(SERVICE_PORTS), 'gateway']);
  /** @param {string} name */
  const keysOf = (name) => (options.env?.SERVICE_PUBLIC_KEYS ? {} : serviceKeys[name]);

  // What each process was started with, so a fault experiment can start it again exactly so.
  /** @type {Map<string, { entry: string, env: Record<string, string | undefined> }>} */
  const launches = new Map();
  /**
   * @param {string} name
   * @param {string} entry
   * @param {Record<string, string | undefined>} env
   */
  const launch = (name, entry, env) => {
    launches.set(name, { entry, env });
    const logPath = path.join(options.logDir, `${name}.log`);
    const log = createWriteStream(logPath, { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const existing = children.findIndex((entry) => entry.name === name);
    if (existing >= 0) children.splice(existing, 1, { name, child });
    else children.push({ name, child });
    return { child, logPath };
  };

  const stop = async () => {
    await Promise.all(
      children.reverse().map(
        ({ child }) =>
          /** @type {Promise<void>} */ (
            new Promise((resolve) => {
              // A child killed by a signal has a null exitCode but a signalCode: it is gone too.
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            })
          ),
      ),
    );
  };

  try {
    if (sandboxUrl) {
      const entry = path.join(root, 'infra', 'razorpay-sandbox', 'dist', 'main.js');
      if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
      const { child, logPath } = launch('razorpay-sandbox', entry, {
        ...common,
        ...payments.commerce,
        RAZORPAY_SANDBOX_PORT: String(portBase + RAZORPAY_SANDBOX_PORT_OFFSET),
        RAZORPAY_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/v1/payments/webhook`,
      });
      await waitForHttp(`${sandboxUrl}/healthz`, {
        timeoutMs: 30_000,
        child,
        name: 'razorpay-sandbox',
        logPath,
      });
      if (!options.quiet) console.log(`  ${'razorpay'.padEnd(13)} sandbox on ${sandboxUrl}`);
    }
    // Identity first: every other service and the gateway read its public keys.
    const ordered = [...services].sort((a, b) => (a === 'identity' ? -1 : b === 'identity' ? 1 : 0));
    for (const name of ordered) {
      const env = {
        ...serviceEnv(name),
        ...common,
        ...(name === 'commerce' ? payments.commerce : {}),
        ...keysOf(name),
        PORT: String(portBase + SERVICE_PORTS[/** @type {keyof typeof SERVICE_PORTS} */ (name)]),
      };
      if (options.freshDatabases) {
        const database = `${options.freshDatabases}_${name}`;
        await recreateDatabase(infraEnv().PG_ADMIN_URL, database, name);
        env.DATABASE_URL = env.DATABASE_URL.replace(/\/[^/]+$/, `/${database}`);
      }
      const entry = path.join(root, 'services', name, 'dist', 'main.js');
      if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build`);
      const { child, logPath } = launch(name, entry, env);
      await waitForHttp(`${urlOf(name)}/readyz`, { timeoutMs: 60_000, child, name, logPath });
      if (!options.quiet) console.log(`  ${name.padEnd(13)} ready on ${urlOf(name)}`);
    }
    const gatewayEnv = {
      ...infraEnv(),
      // What the gateway's /healthz probes: the infrastructure this stack runs on (the test containers'
      // ports, say), not the local runner's defaults, or it answers 503 and is never ready.
      ...healthProbeEnv(infraEnv()),
      ...common,
      ...payments.gateway,
      ...keysOf('gateway'),
      PORT: String(gatewayPort),
      ENABLED_SERVICES: services.join(','),
    };
    const gatewayEntry = path.join(root, 'gateway', 'dist', 'main.js');
    if (!existsSync(gatewayEntry)) throw new Error(`${gatewayEntry} is missing: run npm run build`);
    const { child, logPath } = launch('gateway', gatewayEntry, gatewayEnv);
    await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`, {
      timeoutMs: 120_000,
      child,
      name: 'gateway',
      logPath,
    });
    if (!options.quiet) console.log(`  ${'gateway'.padEnd(13)} ready on http://127.0.0.1:${gatewayPort}`);
  } catch (error) {
    await stop();
    throw error;
  }
  /** @param {string} name */
  const readyUrlOf = (name) =>
    name === 'gateway'
      ? `http://127.0.0.1:${gatewayPort}/healthz`
      : name === 'razorpay-sandbox'
        ? `${sandboxUrl}/healthz`
        : `${urlOf(name)}/readyz`;

  /** kill -9 one process of this stack (a service, the gateway or the sandbox); resolves once it is gone. */
  /** @param {string} name */
  const kill = async (name) => {
    const entry = children.find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`no process named ${name} in this stack`);
    const { child } = entry;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  /** Starts one process again with the env and port it had (killing it first if it still runs). */
  /**
   * @param {string} name
   * @param {{ timeoutMs?: number }} [options]
   */
  const restart = async (name, { timeoutMs = 60_000 } = {}) => {
    const launched = launches.get(name);
    if (!launched) throw new Error(`no process named ${name} in this stack`);
    await kill(name);
    const { child, logPath } = launch(name, launched.entry, launched.env);
    await waitForHttp(readyUrlOf(name), { timeoutMs, child, name, logPath });
  };

  return {
    url: `http://127.0.0.1:${gatewayPort}`,
    publicUrl,
    services,
    razorpaySandboxUrl: sandboxUrl,
    stop,
    kill,
    restart,
    children,
  };
}
