#!/usr/bin/env node
// npm run test:faults — the fault experiments (infra/faults/harness.mjs) on a PRIVATE infrastructure
// (its own Postgres, Redis, Kafka and maildev on other ports, state in .data/faults/infra), never the
// shared one: they stop and restart brokers and databases. infra/local/env.mjs reads its ports and data dir at import, so the
// experiments run in a child process whose environment carries them (runWithPrivateInfra). Bounded:
// 15 minutes at most.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithPrivateInfra } from '../local/private-run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

export const PRIVATE_INFRA_ENV = {
  SPA_DATA_DIR: path.join(root, '.data', 'faults', 'infra'),
  SPA_PG_PORT: '56432',
  SPA_REDIS_PORT: '57379',
  SPA_KAFKA_PORT: '19092',
  SPA_KAFKA_CONTROLLER_PORT: '19093',
  SPA_SMTP_PORT: '11025',
  SPA_MAIL_WEB_PORT: '11080',
};

runWithPrivateInfra({
  name: 'faults',
  harness: path.join(here, 'harness.mjs'),
  env: PRIVATE_INFRA_ENV,
  timeLimitMs: 15 * 60_000,
});
