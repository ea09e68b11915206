// The development secrets of this machine: made once with crypto.randomBytes and kept in
// .data/dev-secrets.json (git-ignored, readable by its owner only), never written in the source, so
// nothing published in git signs a link or a webhook that a running development stack accepts.
// `npm start`, the throwaway stacks and the compose runner hand them to the processes as environment
// variables; the services have no default for them and production sets its own.
//   node infra/local/dev-secrets.mjs compose-env  writes .data/compose.env for `docker compose --env-file`.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEV_SECRETS_FILE = 'dev-secrets.json';

/** The Razorpay sandbox's key id: public (every checkout page shows it), so not one of the secrets. */
export const RAZORPAY_SANDBOX_KEY_ID = 'rzp_test_sandbox';

/**
 * Every development secret by its environment variable. A name added here later is generated into an
 * existing file on its next read; the values already there are kept.
 */
export const DEV_SECRET_NAMES = /** @type {ReadonlyArray<keyof DevSecrets>} */ (
  Object.freeze(['REVIEW_LINK_SECRET', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
);

/** @typedef {{ REVIEW_LINK_SECRET: string, RAZORPAY_KEY_SECRET: string, RAZORPAY_WEBHOOK_SECRET: string }} DevSecrets */

const newSecret = () => randomBytes(32).toString('base64url');

/** @param {string} file */
function readStored(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return /** @type {Record<string, unknown>} */ (parsed);
  } catch {
    // Reported below, with the file's name.
  }
  throw new Error(`${file} is not a JSON object of secrets; delete it and a new one is made`);
}

/**
 * @param {Record<string, unknown>} stored
 * @returns {stored is DevSecrets}
 */
const isComplete = (stored) =>
  DEV_SECRET_NAMES.every((name) => typeof stored[name] === 'string' && stored[name] !== '');

/**
 * Writes `secrets` as `file` (mode 0600) in one step: a reader never sees half a file. With
 * `replace` false it only creates: when another process got there first, the file stays theirs.
 * @param {string} file
 * @param {Record<string, string>} secrets
 * @param {boolean} replace
 */
function writeSecrets(file, secrets, replace) {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (replace) renameSync(draft, file);
    else linkSync(draft, file);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * This machine's development secrets, by environment variable name: read from
 * `<dir>/dev-secrets.json`, or generated and stored there on the first call.
 * @param {{ dir?: string }} [options] dir: where the file lives (.data, or SPA_DATA_DIR, by default)
 * @returns {DevSecrets}
 */
export function devSecrets({ dir = defaultDataDir() } = {}) {
  const file = path.join(dir, DEV_SECRETS_FILE);
  const stored = readStored(file);
  if (stored && isComplete(stored)) {
    // Someone's copy or chmod must not leave the secrets readable by other accounts.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return pick(stored);
  }
  mkdirSync(dir, { recursive: true });
  const secrets = Object.fromEntries(
    DEV_SECRET_NAMES.map((name) => [
      name,
      typeof stored?.[name] === 'string' && stored[name] ? stored[name] : newSecret(),
    ]),
  );
  writeSecrets(file, secrets, stored !== undefined);
  // Two first runs at once: both read what the winner wrote.
  const written = readStored(file);
  if (!written || !isComplete(written)) throw new Error(`${file} could not be written`);
  return pick(written);
}

/** @param {DevSecrets} stored */
const pick = (stored) =>
  /** @type {DevSecrets} */ (Object.fromEntries(DEV_SECRET_NAMES.map((name) => [name, stored[name]])));

/** .data as env.mjs's dataDir() answers it (not imported: env.mjs imports this module). */
function defaultDataDir() {
  const override = process.env.SPA_DATA_DIR;
  return override
    ? path.resolve(override)
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data');
}

/** The processes of docker-compose.yml that sign internal calls, each with its own SERVICE_KEY_<NAME>. */
const COMPOSE_KEY_HOLDERS = Object.freeze([
  'identity',
  'catalogue',
  'booking',
  'commerce',
  'billing',
  'notification',
  'gateway',
]);

/**
 * The variables docker-compose.yml interpolates: this machine's secrets, the sandbox's key id, and a
 * fresh Ed25519 pair per process (SERVICE_KEY_<NAME>, everyone's public keys in SERVICE_PUBLIC_KEYS).
 * @param {{ dir?: string }} [options]
 * @returns {Record<string, string>}
 */
export function composeSecretsEnv(options) {
  /** @type {Record<string, string>} */
  const privateKeys = {};
  /** @type {Record<string, unknown>} */
  const publicKeys = {};
  for (const name of COMPOSE_KEY_HOLDERS) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    privateKeys[`SERVICE_KEY_${name.toUpperCase()}`] = JSON.stringify(privateKey.export({ format: 'jwk' }));
    publicKeys[name] = publicKey.export({ format: 'jwk' });
  }
  return {
    ...devSecrets(options),
    RAZORPAY_KEY_ID: RAZORPAY_SANDBOX_KEY_ID,
    ...privateKeys,
    SERVICE_PUBLIC_KEYS: JSON.stringify(publicKeys),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'compose-env') {
    console.error('usage: node infra/local/dev-secrets.mjs compose-env');
    process.exit(2);
  }
  const dir = defaultDataDir();
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'compose.env');
  // Single quotes: compose takes the value as it is (the keys are JSON, with double quotes of their own).
  const lines = Object.entries(composeSecretsEnv({ dir })).map(([name, value]) => `${name}='${value}'`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  console.log(`wrote ${file}: docker compose --env-file ${path.relative(process.cwd(), file)} up --build`);
}
