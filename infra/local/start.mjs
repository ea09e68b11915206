// `npm start`: infrastructure up, migrations (each service applies its own at start), builds, every
// service, the gateway with the SPA; prints where everything is. Ctrl-C stops what it started.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEV_SECRETS_FILE } from './dev-secrets.mjs';
import { dataDir, infraEnv, repoRoot } from './env.mjs';
import { runOnProjectNode } from './node.mjs';

// Node 24 LTS: an older Node re-runs this on the project's (node.mjs), and so does everything it starts.
await runOnProjectNode();

const root = repoRoot();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (/** @type {string} */ message) => console.log(`\n▸ ${message}`);

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  step('Installing dependencies (npm install)');
  execFileSync(npm, ['install'], { cwd: root, stdio: 'inherit' });
}

const infraWasUp =
  spawnSync(process.execPath, [path.join(root, 'infra/local/infra.mjs'), 'status'], { stdio: 'ignore' })
    .status === 0;
step('Starting infrastructure (Postgres, Redis, Kafka, SMTP sink)');
execFileSync(process.execPath, [path.join(root, 'infra/local/infra.mjs'), 'up'], {
  cwd: root,
  stdio: 'inherit',
});

if (!process.argv.includes('--no-build')) {
  step('Building services, gateway and web app');
  execFileSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

const { startStack } = await import('./stack.mjs');
const port = Number(process.env.PORT ?? 8080);
step('Starting services (each applies its migrations; identity and catalogue seed demo data when empty)');
const stack = await startStack({ gatewayPort: port, logDir: path.join(dataDir(), 'logs', 'app') });

const inbox = infraEnv().MAIL_INBOX_URL;
const payments = stack.razorpaySandboxUrl
  ? `${stack.razorpaySandboxUrl} (Razorpay sandbox: Pay / Fail / Dismiss, test keys)`
  : `${process.env.RAZORPAY_API_URL || 'https://api.razorpay.com'} (Razorpay itself)`;
console.log(`
  The spa platform is running.

  App            http://localhost:${port}
  API docs       http://localhost:${port}/api/docs
  Health         http://localhost:${port}/healthz
  Email inbox    ${inbox}
  Payments       ${payments}
  Logs           ${path.join(dataDir(), 'logs')}
  Dev secrets    ${path.join(dataDir(), DEV_SECRETS_FILE)} (made on this machine; never in git)

  Demo sign-ins (development only)
    admin        ${process.env.SEED_ADMIN_EMAIL ?? 'admin@spa.local'} / ${process.env.SEED_ADMIN_PASSWORD ?? 'Admin@12345'}
    customer     ${process.env.SEED_CUSTOMER_EMAIL ?? 'customer@spa.local'} / ${process.env.SEED_CUSTOMER_PASSWORD ?? 'Customer@12345'}
    employees    manager@spa.local, reception@spa.local, therapist@spa.local / ${process.env.SEED_STAFF_PASSWORD ?? 'Staff@12345'}
  ${stack.services.includes('identity') ? '' : '  (the identity service is not in this checkout yet, so these accounts do not exist)\n'}
  Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping services and gateway...');
  await stack.stop();
  if (!infraWasUp) {
    console.log('Stopping the infrastructure this run started...');
    spawnSync(process.execPath, [path.join(root, 'infra/local/infra.mjs'), 'down'], { stdio: 'inherit' });
  }
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const { name, child } of stack.children) {
  child.once('exit', (/** @type {number | null} */ code) => {
    if (!stopping)
      console.error(
        `${name} exited unexpectedly (code ${code}); see ${path.join(dataDir(), 'logs', 'app', `${name}.log`)}`,
      );
  });
}
