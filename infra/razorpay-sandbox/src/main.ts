import { readSandboxConfig } from './config.js';
import { startRazorpaySandbox } from './index.js';

const config = readSandboxConfig();

// Production talks to Razorpay itself; a sandbox there would accept payments nobody made.
if (config.nodeEnv === 'production') {
  console.error('The Razorpay sandbox never runs with NODE_ENV=production.');
  process.exit(1);
}

const sandbox = await startRazorpaySandbox({ ...config, logLevel: config.logLevel });
sandbox.log.info(
  {
    url: sandbox.url,
    checkout: `${sandbox.url}/v1/checkout.js`,
    webhookUrl: config.webhookUrl ?? null,
    paymentLinks: `${config.publicUrl ?? sandbox.url}/pl/<id>`,
  },
  'Razorpay sandbox listening',
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  sandbox.log.info({ signal }, 'stopping');
  await sandbox.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
