// One PostgreSQL server on 127.0.0.1:SPA_PG_PORT with a database and role per service.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { HOST, PG_ADMIN, PORTS, SERVICES } from '../env.mjs';
import { componentDir, ensureDir, logFile, runDir } from './paths.mjs';
import { run, terminate } from './processes.mjs';
import { isRoot, postgresBinDir } from './system.mjs';

const COMMAND_HINT = 'postgres';
const BOOTSTRAP_SUPERUSER = 'postgres';
const SYSTEM_USER_CANDIDATES = ['postgres', 'spa-postgres'];

const clusterDir = () => componentDir('postgres');
// Socket and pid file share a directory that only the server's user may enter.
const socketDir = () => path.join(runDir(), 'postgres');

/**
 * @param {string} tool
 */
function binary(tool) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL 15+ server binaries not found: run node infra/local/setup.mjs');
  return path.join(bin, tool);
}

/**
 * @param {string} name
 */
function lookupSystemUser(name) {
  const entry = spawnSync('getent', ['passwd', name], { encoding: 'utf8' }).stdout?.trim();
  if (!entry) return null;
  const [, , uid, gid] = entry.split(':');
  return { name, uid: Number(uid), gid: Number(gid) };
}

/**
 * The account the server runs as. PostgreSQL refuses to run as root, so as root
 * we use the `postgres` account, or create a `spa-postgres` system account.
 * Anyone else runs it as themselves (null).
 */
/** @typedef {{ name: string, uid: number, gid: number }} SystemAccount */

/** @returns {SystemAccount | null} */
function serverAccount() {
  if (!isRoot()) return null;
  for (const name of SYSTEM_USER_CANDIDATES) {
    const user = lookupSystemUser(name);
    if (user) return user;
  }
  const name = /** @type {string} */ (SYSTEM_USER_CANDIDATES.at(-1));
  const options = ['--system', '--user-group', '--no-create-home', '--home-dir=/nonexistent'];
  spawnSync('useradd', [...options, '--shell=/usr/sbin/nologin', name], { stdio: 'inherit' });
  const created = lookupSystemUser(name);
  if (!created) throw new Error(`could not create the system user ${name} to run PostgreSQL`);
  return created;
}

/**
 * @param {SystemAccount | null} account
 * @param {string} file
 */
function giveTo(account, file) {
  if (account) chownSync(file, account.uid, account.gid);
}

/**
 * The server account must be able to walk down to its data directory.
 * @param {SystemAccount | null} account
 * @param {string} dir
 */
function assertReachableBy(account, dir) {
  if (!account) return;
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const { mode, uid } = statSync(current);
    if (uid !== account.uid && (mode & 0o001) === 0) {
      throw new Error(
        `the ${account.name} user cannot enter ${current}, so it cannot use ${dir}; ` +
          `set SPA_DATA_DIR to a directory outside it`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function serverSettings() {
  return {
    listen_addresses: `'${HOST}'`,
    port: PORTS.postgres,
    unix_socket_directories: `'${socketDir()}'`,
    external_pid_file: `'${postgres.pidPath}'`,
    max_connections: 400,
    shared_buffers: '256MB',
    work_mem: '8MB',
    maintenance_work_mem: '128MB',
    effective_cache_size: '1GB',
    max_wal_size: '1GB',
    password_encryption: 'scram-sha-256',
    // Durability is tested: never trade it for speed here.
    fsync: 'on',
    synchronous_commit: 'on',
    full_page_writes: 'on',
    logging_collector: 'off', // stderr already goes to .data/logs/postgres.log via pg_ctl -l
    log_line_prefix: `'%m [%p] %q%u@%d '`,
    log_lock_waits: 'on',
    log_timezone: `'UTC'`,
    timezone: `'UTC'`,
    lc_messages: `'C'`,
  };
}

const INCLUDE_LINE = "include = 'spa.conf'";

/**
 * Our settings live in spa.conf, rewritten each start, included once from postgresql.conf.
 * @param {SystemAccount | null} account
 */
function writeServerConfig(account) {
  const dir = clusterDir();
  const lines = Object.entries(serverSettings()).map(([key, value]) => `${key} = ${value}`);
  const ownConfig = path.join(dir, 'spa.conf');
  const header = '# Written by infra/local/lib/postgres.mjs on every start.';
  writeFileSync(ownConfig, `${header}\n${lines.join('\n')}\n`);
  giveTo(account, ownConfig);

  const mainConfig = path.join(dir, 'postgresql.conf');
  if (!readFileSync(mainConfig, 'utf8').includes(INCLUDE_LINE)) {
    appendFileSync(mainConfig, `\n${INCLUDE_LINE}\n`);
  }
}

// Local socket connections are trusted: the socket directory is reachable only
// by the server account (and root). TCP connections need a scram-sha-256 password.
const INITDB_OPTIONS = [
  '--auth-local=trust',
  '--auth-host=scram-sha-256',
  '--encoding=UTF8',
  '--locale=C.UTF-8',
];

/**
 * @param {SystemAccount | null} account
 */
async function initCluster(account) {
  const target = [`--pgdata=${clusterDir()}`, `--username=${BOOTSTRAP_SUPERUSER}`];
  await run(binary('initdb'), [...target, ...INITDB_OPTIONS, '--no-instructions'], {
    cwd: clusterDir(),
    uid: account?.uid,
    gid: account?.gid,
  });
}

/**
 * @param {SystemAccount | null} account
 */
async function prepareCluster(account) {
  for (const dir of [clusterDir(), socketDir()]) {
    ensureDir(dir, 0o700);
    chmodSync(dir, 0o700);
    giveTo(account, dir);
  }
  assertReachableBy(account, clusterDir());
  closeSync(openSync(postgres.logPath, 'a')); // pg_ctl opens it as the server account
  giveTo(account, postgres.logPath);

  if (!existsSync(path.join(clusterDir(), 'PG_VERSION'))) await initCluster(account);
  writeServerConfig(account);
}

const sqlLiteral = (/** @type {string} */ text) => `'${text.replaceAll("'", "''")}'`;
const sqlIdentifier = (/** @type {string} */ text) => `"${text.replaceAll('"', '""')}"`;

/**
 * @param {{ name: string, password: string, attributes: string }} role
 */
function createRoleIfMissing({ name, password, attributes }) {
  return [
    `  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${sqlLiteral(name)}) THEN`,
    `    CREATE ROLE ${sqlIdentifier(name)} ${attributes} PASSWORD ${sqlLiteral(password)};`,
    '  END IF;',
  ].join('\n');
}

// CREATE DATABASE cannot run inside a DO block, hence psql's \gexec.
/**
 * @param {string} name
 */
function createDatabaseIfMissing(name) {
  const statement = `CREATE DATABASE ${sqlIdentifier(name)} OWNER ${sqlIdentifier(name)}`;
  return (
    `SELECT ${sqlLiteral(statement)} ` +
    `WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = ${sqlLiteral(name)})\\gexec`
  );
}

function provisioningSql() {
  const roles = [
    { name: PG_ADMIN.user, password: PG_ADMIN.password, attributes: 'LOGIN SUPERUSER' },
    ...SERVICES.map((name) => ({ name, password: name, attributes: 'LOGIN CREATEDB' })),
  ];
  return [
    'DO $provision$',
    'BEGIN',
    ...roles.map(createRoleIfMissing),
    'END',
    '$provision$;',
    ...SERVICES.map(createDatabaseIfMissing),
    '',
  ].join('\n');
}

// psql reading a script from stdin over the trusted local socket, stopping at the first error.
function superuserScriptArgs() {
  return [
    '--no-psqlrc',
    '--quiet',
    '--set=ON_ERROR_STOP=1',
    `--host=${socketDir()}`,
    `--port=${PORTS.postgres}`,
    `--username=${BOOTSTRAP_SUPERUSER}`,
    '--dbname=postgres',
    '--file=-',
  ];
}

/**
 * @param {SystemAccount | null} account
 * @param {string[]} args
 */
function pgCtl(account, ...args) {
  return run(binary('pg_ctl'), [`--pgdata=${clusterDir()}`, '--silent', ...args], {
    cwd: clusterDir(),
    uid: account?.uid,
    gid: account?.gid,
  });
}

/** @type {import('./lifecycle.mjs').Component} */
export const postgres = {
  name: 'postgres',
  address: `postgres://${HOST}:${PORTS.postgres}`,
  ports: [PORTS.postgres],
  logPath: logFile('postgres'),
  pidPath: path.join(socketDir(), 'postgres.pid'),
  commandHint: COMMAND_HINT,
  readyTimeoutMs: 60_000,

  isReady() {
    return new Promise((resolve) => {
      const args = ['--quiet', `--host=${HOST}`, `--port=${PORTS.postgres}`, '--timeout=2'];
      const probe = spawn(binary('pg_isready'), args);
      probe.on('error', () => resolve(false));
      probe.on('exit', (code) => resolve(code === 0));
    });
  },

  async start() {
    const account = serverAccount();
    await prepareCluster(account);
    // pg_ctl detaches the postmaster (own session, output to the log) and waits until it accepts connections.
    await pgCtl(account, '--log', this.logPath, '--wait', '--timeout', '60', 'start');
  },

  /** Creates missing roles and databases; a no-op when they all exist. */
  async afterReady() {
    await run(binary('psql'), superuserScriptArgs(), { input: provisioningSql() });
  },

  async stop(pid) {
    try {
      await pgCtl(serverAccount(), '--mode', 'fast', '--wait', '--timeout', '60', 'stop');
      return 'stopped';
    } catch (error) {
      console.error(
        `pg_ctl stop failed, signalling the postmaster instead: ${/** @type {Error} */ (error).message}`,
      );
      return terminate(pid, COMMAND_HINT, { graceMs: 30_000 });
    }
  },
};
