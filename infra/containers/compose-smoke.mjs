#!/usr/bin/env node
// `npm run compose:smoke`: the real docker-compose.yml, up on this machine with its own Postgres, Kafka,
// Redis, SMTP sink and payment sandbox; the browse, booking, checkout and billing journeys through its
// gateway; then down, volumes and all. On the Debian machines here the engine is podman and the compose
// implementation podman-compose (from PyPI, cached); on a Docker host, `docker compose`.
//   GATEWAY_PORT / MAIL_WEB_PORT / SANDBOX_PORT choose the published ports: 18080 / 11080 / 14010 by
//   default, so the smoke runs beside `npm start` (8080, 1080, 4010).
//   --no-build uses the images as they are (after `npm run images`).
//   --keep leaves the stack up afterwards (SMOKE_PROJECT=<its name> ... --down takes it down).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cacheDir } from '../local/lib/paths.mjs';
import { composeSecretsEnv } from '../local/dev-secrets.mjs';
import { repoRoot } from '../local/env.mjs';
import { ADDRESS, billBody, bookAppointment, registerCustomer } from '../security/fixtures.mjs';
import { call, must, signIn } from '../security/lib.mjs';
import { engineEnv, externalDockerHost, podman } from './engine.mjs';
import { buildImages, IMAGES } from './images.mjs';

// A project of its own per run: its containers, network and volumes are new, whatever an earlier run left.
const PROJECT = process.env.SMOKE_PROJECT || `spa-smoke-${process.pid}`;
const PODMAN_COMPOSE_VERSION = '1.6.0';
const INFRA = ['postgres', 'redis', 'kafka', 'maildev'];
const root = repoRoot();
const gatewayPort = process.env.GATEWAY_PORT || '18080';
const mailPort = process.env.MAIL_WEB_PORT || '11080';
const sandboxPort = process.env.SANDBOX_PORT || '14010';
const base = `http://127.0.0.1:${gatewayPort}`;
// docker-compose.yml names its secrets only as ${VARIABLES}: this machine's, and key pairs for this run.
const secrets = composeSecretsEnv();
const API = '/api/v1';

/**
 * The compose command: docker compose on a Docker host, else podman-compose from a cached venv.
 * @returns {[string, string[]]}
 */
function composeCommand() {
  if (externalDockerHost()) return ['docker', ['compose']];
  const venv = path.join(cacheDir(), `podman-compose-${PODMAN_COMPOSE_VERSION}`);
  const bin = path.join(venv, 'bin', 'podman-compose');
  if (!existsSync(bin)) {
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(
      path.join(venv, 'bin', 'pip'),
      ['install', '--quiet', `podman-compose==${PODMAN_COMPOSE_VERSION}`],
      {
        stdio: 'inherit',
      },
    );
  }
  return [bin, []];
}

/**
 * @param {string[]} args
 * @param {{ quiet?: boolean }} [options]
 */
function compose(args, { quiet = false } = {}) {
  const [command, prefix] = composeCommand();
  const result = spawnSync(
    command,
    [...prefix, '-p', PROJECT, '-f', path.join(root, 'docker-compose.yml'), '--profile', 'sandbox', ...args],
    {
      cwd: root,
      env: engineEnv({
        ...secrets,
        GATEWAY_PORT: gatewayPort,
        MAIL_WEB_PORT: mailPort,
        SANDBOX_PORT: sandboxPort,
      }),
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
    },
  );
  if (result.status !== 0)
    throw new Error(`compose ${args.join(' ')} failed (exit ${result.status})\n${result.stderr ?? ''}`);
  return result.stdout ?? '';
}

const containerOf = (/** @type {string} */ service) =>
  podman([
    'ps',
    '-a',
    '--filter',
    `label=com.docker.compose.project=${PROJECT}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--format',
    '{{.Names}}',
  ]).split('\n')[0];

/**
 * Waits until each service's own health check passes. Podman here has no systemd to run health checks
 * on a timer, so this runs them (`podman healthcheck run`), which is also what records the state.
 * @param {string[]} services
 * @param {number} [timeoutMs]
 */
async function waitHealthy(services, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(services);
  while (pending.size && Date.now() < deadline) {
    for (const service of [...pending]) {
      const name = containerOf(service);
      const run = spawnSync('podman', ['healthcheck', 'run', /** @type {string} */ (name)], {
        env: engineEnv(),
        encoding: 'utf8',
      });
      if (run.status === 0) {
        pending.delete(service);
        console.log(`  ${service} healthy`);
      }
    }
    if (pending.size) await sleep(3_000);
  }
  if (pending.size) throw new Error(`not healthy in ${timeoutMs / 1000} s: ${[...pending].join(', ')}`);
}

/**
 * `up -d`, once more after a failure: podman 4.3 now and then fails to start a container whose new
 * volume it has only just created ("lchown …/_data: no such file or directory").
 * @param {string[]} services
 */
async function upWithRetry(services) {
  try {
    compose(['up', '-d', ...services]);
  } catch (error) {
    console.log(`compose up failed (${/** @type {Error} */ (error).message.split('\n')[0]}); once more`);
    await sleep(3_000);
    compose(['up', '-d', ...services]);
  }
}

async function waitForGateway(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const answer = await call(base, 'GET', '/healthz', { timeoutMs: 5_000 });
      if (answer.status === 200) return answer.json;
      last = `${answer.status} ${answer.text.slice(0, 300)}`;
    } catch (error) {
      last = /** @type {Error} */ (error).message;
    }
    await sleep(3_000);
  }
  throw new Error(`the gateway did not report the platform serving in ${timeoutMs / 1000} s: ${last}`);
}

const journeys = {
  async browse() {
    const page = await call(base, 'GET', '/');
    if (page.status !== 200 || !page.text.includes('<div id="root"'))
      throw new Error(`/ answered ${page.status}`);
    const products = await must(base, 'GET', `${API}/products`);
    const services = await must(base, 'GET', `${API}/admin/services`);
    if (!products.length || !services.length) throw new Error('the seeded catalogue is empty');
    // The store arrives as HTML rendered by the gateway's container (the SSR bundle it ships).
    const plain = products.find((/** @type {any} */ product) => /^[\w ]+$/.test(product.name)) ?? products[0];
    const store = await call(base, 'GET', '/store');
    if (store.status !== 200 || !store.text.includes(plain.name))
      throw new Error(`/store (${store.status}) does not carry "${plain.name}" in its HTML`);
    return `${products.length} products, ${services.length} treatments, /store server-rendered`;
  },
  async booking() {
    const customer = await registerCustomer(base, 'compose-booking');
    const services = await must(base, 'GET', `${API}/admin/services`);
    const service = services.find((/** @type {any} */ candidate) => candidate.pricing?.length);
    const appointment = await bookAppointment(base, customer, service, { daysAhead: 20 });
    const id = appointment._id ?? appointment.id ?? appointment.data?._id;
    const mine = await must(
      base,
      'GET',
      `${API}/appointments/users/${customer.id}/appointments?timeRange=upcoming`,
      {
        token: customer.token,
      },
    );
    if (!JSON.stringify(mine.appointments).includes(id))
      throw new Error('the booked appointment is not in their list');
    return `appointment ${id} for ${service.name}`;
  },
  async checkout() {
    const customer = await registerCustomer(base, 'compose-checkout');
    const as = { token: customer.token };
    const products = await must(base, 'GET', `${API}/products`);
    const product = products.find((/** @type {any} */ candidate) => candidate.stock > 5);
    const address = await must(base, 'POST', `${API}/addresses`, { ...as, body: ADDRESS });
    await must(base, 'POST', `${API}/cart`, { ...as, body: { product: product._id, quantity: 1 } });
    const order = await must(base, 'POST', `${API}/orders`, {
      ...as,
      body: { paymentMethod: 'COD', addressId: address._id ?? address.id },
    });
    const placed = order.order ?? order.data ?? order;
    return `order ${placed._id ?? placed.id} (${product.name}, COD)`;
  },
  async billing() {
    const admin = await signIn(base, 'admin@spa.local', 'Admin@12345');
    const created = await must(base, 'POST', `${API}/bills`, { token: admin.token, body: billBody() });
    const bill = created.bill ?? created.data ?? created;
    const id = bill._id ?? bill.id;
    // The PDF is rendered by a queued job in the billing container's Chromium: poll until it is there.
    const deadline = Date.now() + 120_000;
    let last = '';
    while (Date.now() < deadline) {
      const pdf = await call(base, 'GET', `${API}/bills/${id}/download`, {
        token: admin.token,
        timeoutMs: 60_000,
      });
      if (
        pdf.status === 200 &&
        pdf.headers.get('content-type')?.includes('application/pdf') &&
        pdf.text.startsWith('%PDF')
      ) {
        return `bill ${bill.invoiceNumber ?? id}, invoice PDF ${pdf.text.length} bytes`;
      }
      last = `${pdf.status} ${pdf.text.slice(0, 200)}`;
      await sleep(2_000);
    }
    throw new Error(`no invoice PDF: ${last}`);
  },
  async email() {
    // The booking above sends a confirmation through Kafka -> notification -> SMTP: the sink has mail.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const inbox = /** @type {unknown[]} */ (
        await fetch(`http://127.0.0.1:${mailPort}/email`).then(
          (r) => r.json(),
          () => [],
        )
      );
      if (inbox.length) return `${inbox.length} messages in the SMTP sink`;
      await sleep(2_000);
    }
    throw new Error('no email reached the SMTP sink');
  },
};

async function main() {
  if (process.argv.includes('--down')) {
    compose(['down', '-v']);
    return;
  }
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  if (!externalDockerHost() && !process.argv.includes('--no-build')) {
    console.log('━━ images ━━');
    // The images docker-compose.yml runs (web/Dockerfile's files-only image is not one of them).
    await buildImages(Object.keys(IMAGES).filter((name) => name !== 'web'));
  }
  console.log(`\n━━ compose up (project ${PROJECT}) ━━ ${seconds()}`);
  compose(['down', '-v'], { quiet: true });
  let failed = false;
  try {
    // The infrastructure first, healthy, then the rest: the same order depends_on asks for, which
    // podman-compose cannot wait for on podman 4.3.
    await upWithRetry(INFRA);
    if (!externalDockerHost()) await waitHealthy(INFRA.filter((service) => service !== 'maildev'));
    await upWithRetry([]);
    const health = await waitForGateway();
    // 200 also while an optional component (Kafka) is down: the gateway says `degraded` and names it.
    const components = Object.entries(health.components ?? health);
    const up = components.filter(([, state]) => state === 'up').map(([name]) => name);
    const notUp = components.filter(([, state]) => state !== 'up').map(([name, state]) => `${name} ${state}`);
    console.log(
      `gateway ${health.status === 'degraded' ? 'degraded' : 'healthy'} (${up.join(', ')}` +
        `${notUp.length > 0 ? `; not up: ${notUp.join(', ')}` : ''}) ${seconds()}`,
    );
    console.log(`\n━━ journeys through http://127.0.0.1:${gatewayPort} ━━`);
    for (const [name, journey] of Object.entries(journeys)) {
      try {
        console.log(`  PASS ${name}: ${await journey()}`);
      } catch (error) {
        failed = true;
        console.log(`  FAIL ${name}: ${/** @type {Error} */ (error).message}`);
      }
    }
  } catch (error) {
    failed = true;
    console.log(`FAIL: ${/** @type {Error} */ (error).message}`);
  } finally {
    if (failed) {
      for (const service of [
        'gateway',
        'identity',
        'catalogue',
        'booking',
        'commerce',
        'billing',
        'notification',
      ]) {
        const name = containerOf(service);
        if (!name) continue;
        console.log(`\n── logs of ${service} (last 30 lines)`);
        spawnSync('podman', ['logs', '--tail', '30', name], { env: engineEnv(), stdio: 'inherit' });
      }
    }
    if (!process.argv.includes('--keep')) {
      console.log(`\n━━ compose down ━━ ${seconds()}`);
      compose(['down', '-v'], { quiet: true });
      const left = podman([
        'ps',
        '-a',
        '--filter',
        `label=com.docker.compose.project=${PROJECT}`,
        '--format',
        '{{.Names}}',
      ]);
      if (left) {
        failed = true;
        console.log(`FAIL: containers left after down: ${left}`);
      }
    }
  }
  console.log(`\ncompose smoke: ${failed ? 'FAILED' : 'passed'} in ${seconds()}`);
  process.exit(failed ? 1 : 0);
}

await main();
