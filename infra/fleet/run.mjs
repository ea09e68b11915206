#!/usr/bin/env node
// npm run test:fleet — the replicated fleet on a PRIVATE infrastructure (its own Postgres,
// Redis and SMTP sink on other ports, state in .data/fleet/infra, and a three-node Kafka of its own):
// it kills and restarts brokers and replicas. infra/local/env.mjs reads its ports and data dir at
// import, so the harness runs in a child process whose environment carries them (runWithPrivateInfra).
// Bounded: 25 minutes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithPrivateInfra } from '../local/private-run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

const PRIVATE_INFRA_ENV = {
  SPA_DATA_DIR: path.join(root, '.data', 'fleet', 'infra'),
  SPA_PG_PORT: '58432',
  SPA_REDIS_PORT: '58379',
  SPA_KAFKA_PORT: '31210',
  SPA_KAFKA_CONTROLLER_PORT: '31211',
  SPA_SMTP_PORT: '12025',
  SPA_MAIL_WEB_PORT: '12080',
};

runWithPrivateInfra({
  name: 'fleet',
  harness: path.join(here, 'harness.mjs'),
  env: PRIVATE_INFRA_ENV,
  timeLimitMs: 25 * 60_000,
});
