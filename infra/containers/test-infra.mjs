// The integration and browser suites' infrastructure, one set per `npm test` run, through testcontainers:
// Postgres, Kafka, Redis and the SMTP sink from the images docker-compose.yml names (built here by
// bases.mjs, pulled on a Docker host), each on ports the engine picks, so a run never meets a running
// `npm start` or another checkout's run, and leaves nothing behind. Answers the environment the tests
// read (PG_ADMIN_URL, KAFKA_BROKERS, REDIS_URL, SMTP_URL, MAIL_INBOX_URL and the SPA_*_PORT settings).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { GenericContainer, Wait } from 'testcontainers';
import { PG_ADMIN, repoRoot } from '../local/env.mjs';

/** @typedef {import('testcontainers').StartedTestContainer} StartedTestContainer */

const HOST = '127.0.0.1';

/** A TCP port nobody listens on now (Kafka must advertise its host port before it starts). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

function postgres() {
  return (
    new GenericContainer('postgres:15-bookworm')
      .withEnvironment({ POSTGRES_USER: PG_ADMIN.user, POSTGRES_PASSWORD: PG_ADMIN.password })
      .withCopyContentToContainer([
        {
          content: readFileSync(path.join(repoRoot(), 'infra/docker/postgres-init.sql'), 'utf8'),
          target: '/docker-entrypoint-initdb.d/10-services.sql',
        },
      ])
      // The same server settings as the local runner's (infra/local/lib/postgres.mjs); durability on.
      .withCommand([
        'postgres',
        '-c',
        'max_connections=400',
        '-c',
        'shared_buffers=256MB',
        '-c',
        'timezone=UTC',
      ])
      .withExposedPorts(5432)
      // Once for the init phase, once for the real server (as the official image logs it).
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(120_000)
  );
}

function redis() {
  return new GenericContainer('redis:7-bookworm')
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .withStartupTimeout(60_000);
}

/**
 * @param {number} port
 */
function kafka(port) {
  return new GenericContainer('apache/kafka:3.9.1')
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${HOST}:${port}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '10',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_TRANSACTION_STATE_LOG_NUM_PARTITIONS: '10',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_NUM_PARTITIONS: '3',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_LOG_DIRS: '/var/lib/kafka/data',
    })
    .withExposedPorts({ container: 9092, host: port })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(180_000);
}

function maildev() {
  return new GenericContainer('maildev/maildev:2.2.1')
    .withExposedPorts(1025, 1080)
    .withWaitStrategy(Wait.forLogMessage(/MailDev webapp running/))
    .withStartupTimeout(60_000);
}

/** Starts the four containers; returns { env, stop, describe }. */
export async function startTestInfra() {
  const kafkaPort = await freePort();
  const started = await Promise.allSettled([
    postgres().start(),
    redis().start(),
    kafka(kafkaPort).start(),
    maildev().start(),
  ]);
  const containers = started.filter((each) => each.status === 'fulfilled').map((each) => each.value);
  const stop = () => Promise.allSettled(containers.map((container) => container.stop({ timeout: 5_000 })));
  const failure = started.find((each) => each.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  const [pg, rd, kf, mail] =
    /** @type {[StartedTestContainer, StartedTestContainer, StartedTestContainer, StartedTestContainer]} */ (
      containers
    );
  const ports = {
    postgres: pg.getMappedPort(5432),
    redis: rd.getMappedPort(6379),
    kafka: kf.getMappedPort(9092),
    smtp: mail.getMappedPort(1025),
    mailWeb: mail.getMappedPort(1080),
  };
  const credentials = `${PG_ADMIN.user}:${PG_ADMIN.password}`;
  const env = {
    PG_ADMIN_URL: `postgres://${credentials}@${HOST}:${ports.postgres}/postgres`,
    KAFKA_BROKERS: `${HOST}:${ports.kafka}`,
    REDIS_URL: `redis://${HOST}:${ports.redis}`,
    SMTP_URL: `smtp://${HOST}:${ports.smtp}`,
    MAIL_INBOX_URL: `http://${HOST}:${ports.mailWeb}`,
    SPA_PG_PORT: String(ports.postgres),
    SPA_REDIS_PORT: String(ports.redis),
    SPA_KAFKA_PORT: String(ports.kafka),
    SPA_SMTP_PORT: String(ports.smtp),
    SPA_MAIL_WEB_PORT: String(ports.mailWeb),
  };
  const describe = () =>
    `postgres :${ports.postgres}, kafka :${ports.kafka}, redis :${ports.redis}, smtp :${ports.smtp} (inbox :${ports.mailWeb})`;
  return { env, stop, describe };
}
