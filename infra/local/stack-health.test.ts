// The gateway's /healthz probes the infrastructure by host:port. A stack started on the test containers
// (ports the engine picks) must hand it those, not the local runner's defaults: CI's browser run once
// waited two minutes for a gateway that kept answering 503 "postgres down: 127.0.0.1:55432".
import { describe, expect, it } from 'vitest';
import { healthProbeEnv } from './stack.mjs';

describe('the gateway health probes of a stack', () => {
  it('follow the infrastructure the stack was given', () => {
    expect(
      healthProbeEnv({
        PG_ADMIN_URL: 'postgres://spa_admin:spa_admin@127.0.0.1:32771/postgres',
        KAFKA_BROKERS: '127.0.0.1:40123,127.0.0.1:40124',
        SMTP_URL: 'smtp://127.0.0.1:32772',
      }),
    ).toEqual({
      HEALTH_POSTGRES: '127.0.0.1:32771',
      HEALTH_KAFKA: '127.0.0.1:40123',
      HEALTH_SMTP: '127.0.0.1:32772',
    });
  });
});
