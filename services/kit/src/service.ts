import type { FastifyInstance } from 'fastify';
import type { BaseConfig } from './config.js';
import { connectDatabase, migrateDatabase, pingDatabase, type DatabaseHandle } from './db/database.js';
import { EventConsumer, type Subscription } from './events/consumer.js';
import { connectBus, type Bus, type TopicSpec } from './events/kafka.js';
import { createPublisher, type Publish } from './events/outbox.js';
import { OutboxRelay } from './events/relay.js';
import { createLogger, type Logger } from './logger.js';
import { connectRedis, pingRedis, type Redis } from './redis.js';
import { rememberingRevocationCheck } from './auth/revocation.js';
import { createTokenVerifier, type TokenVerifier } from './auth/tokens.js';
import { createServiceAuth, redisClaimOnce, type ServiceAuth } from './auth/service-auth.js';
import { startTracing } from './tracing.js';
import { startEventTablePruning } from './events/pruning.js';
import type { DependencyCheck } from './http/app.js';
import { finishWithin } from './finish-within.js';

/** Everything a service's buildApp and workers are handed; tests build the same thing with test settings. */
export interface ServiceDeps {
  config: BaseConfig;
  logger: Logger;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  bus: Bus;
  redis: Redis;
  publish: Publish;
  verifier: TokenVerifier;
  /** Signs this service's calls to others' /internal routes and verifies calls to its own. */
  serviceAuth: ServiceAuth;
  /** The app's /readyz and /healthz checks: database and Redis required, Kafka optional. */
  readiness: Record<string, DependencyCheck>;
}

/** The kit's deps with the service's own config: what a service without a context factory is handed. */
export type ServiceDepsOf<C extends BaseConfig> = ServiceDeps & { config: C };

/**
 * How a service is run. `Ctx` is what its subscriptions, app and workers are handed: the kit's deps,
 * or, when the service gives a `context` factory, what that factory builds from them (once per process,
 * before the consumer, the workers and the app start, so all of them share one set of clients).
 * `Ctx` is inferred from `context` alone (NoInfer), so a handler asking for more than the factory
 * builds is a type error rather than a widened context.
 */
export interface ServiceDefinition<C extends BaseConfig, Ctx = ServiceDepsOf<C>> {
  config: C;
  migrationsFolder?: string;
  /** Topics this service publishes to, created at start with their cleanup policy. */
  topics?: TopicSpec[];
  /** Builds the service's context from the kit's deps (its clients, queues, renderers); called once. */
  context?(deps: ServiceDepsOf<C>): Promise<Ctx> | Ctx;
  /** What the service consumes: a list, or a function of the context answering one. */
  subscriptions?: Subscription[] | ((context: NoInfer<Ctx>) => Subscription[]);
  buildApp(context: NoInfer<Ctx>): Promise<FastifyInstance>;
  /** Background work (BullMQ workers, timers); answers a function that stops it. */
  startWorkers?(context: NoInfer<Ctx>): Promise<() => Promise<void>>;
  /** Closes what the context owns (queues, renderers, mailers); runs after the workers and consumer stop. */
  close?(context: NoInfer<Ctx>): Promise<void> | void;
}

/** Connects what a service needs; used by runService and by integration tests alike. */
export async function connectServiceDeps(
  config: BaseConfig,
  logger: Logger,
  migrationsFolder?: string,
): Promise<ServiceDeps> {
  const database = connectDatabase(config.databaseUrl, { max: 20, applicationName: config.serviceName });
  await migrateDatabase(database.db, migrationsFolder);
  const bus = connectBus({
    brokers: config.kafkaBrokers,
    clientId: config.serviceName,
    logger,
    namespace: config.kafkaNamespace,
    topicPartitions: config.kafkaTopicPartitions,
    replicationFactor: config.kafkaReplicationFactor,
  });
  const redis = connectRedis(config.redisUrl, { connectionName: config.serviceName });
  const serviceAuth = await createServiceAuth(config.serviceName, config.serviceKeys ?? { publicKeys: {} }, {
    claimOnce: redisClaimOnce(redis),
  });
  if (!serviceAuth.canSign)
    logger.warn('SERVICE_KEY is not set: calls to other services are unsigned and will be refused');
  return {
    config,
    logger,
    database,
    db: database.db,
    bus,
    redis,
    publish: createPublisher(config.serviceName),
    verifier: createTokenVerifier({
      jwksUrl: config.jwksUrl,
      isRevoked: rememberingRevocationCheck(redis),
    }),
    serviceAuth,
    readiness: {
      database: () => pingDatabase(database.pool),
      // Not required: writes go to the outbox and the relay sends them once the brokers are back, so
      // a Kafka outage leaves every pod in rotation; /healthz reports the service degraded meanwhile.
      kafka: { check: () => bus.ping(), required: false },
      redis: () => pingRedis(redis),
    },
  };
}

/**
 * How long shutdown waits for the workers (a job in flight, the read models' consumer) and the event
 * consumer to stop, and then for the bus to close: with the drain and the outbox's flush, well inside the
 * 15 s past the drain after which the process is ended.
 */
const WORKERS_STOP_LIMIT_MS = 8_000;
const BUS_CLOSE_LIMIT_MS = 3_000;

/**
 * Wiring shared by every service's main.ts: connect, migrate, start the relay and consumers, listen;
 * on SIGTERM or SIGINT stop taking requests, finish in-flight ones, flush the outbox, close connections.
 */
export async function runService<C extends BaseConfig>(
  definition: ServiceDefinition<C> & { context?: undefined },
): Promise<void>;
export async function runService<C extends BaseConfig, Ctx>(
  definition: ServiceDefinition<C, Ctx> & { context(deps: ServiceDepsOf<C>): Promise<Ctx> | Ctx },
): Promise<void>;
export async function runService<C extends BaseConfig, Ctx>(
  definition: ServiceDefinition<C, Ctx>,
): Promise<void> {
  const { config } = definition;
  const logger = createLogger(config.serviceName, config.logLevel);
  // First, so the app, outbox, relay and consumer all find the process's tracer.
  const tracing = startTracing({
    serviceName: config.serviceName,
    settings: config.tracing,
    environment: config.nodeEnv,
    serviceVersion: process.env.npm_package_version,
    logger,
  });
  if (config.tracing?.exportUrl)
    logger.info({ exportUrl: config.tracing.exportUrl }, 'tracing: exporting spans');
  const deps = { ...(await connectServiceDeps(config, logger, definition.migrationsFolder)), config };
  if (definition.topics?.length) {
    await deps.bus
      .ensureTopics(definition.topics)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not create topics yet'));
  }
  // Without a factory the context is the deps themselves (the overloads above keep Ctx so).
  const context = definition.context ? await definition.context(deps) : (deps as Ctx);
  const relay = new OutboxRelay({ pool: deps.database.pool, bus: deps.bus, logger });
  relay.start();
  // Sent outbox rows and old inbox rows go, in small batches, so the tables stay flat.
  const pruning = startEventTablePruning({
    pool: deps.database.pool,
    logger,
    outboxRetentionMs: config.outboxRetentionMs,
    inboxRetentionMs: config.inboxRetentionMs,
    intervalMs: config.eventPruningIntervalMs,
  });
  const subscriptions =
    typeof definition.subscriptions === 'function'
      ? definition.subscriptions(context)
      : (definition.subscriptions ?? []);
  const consumer = new EventConsumer({
    name: config.serviceName,
    db: deps.db,
    bus: deps.bus,
    logger,
    subscriptions,
  });
  await consumer.start();
  const stopWorkers = (await definition.startWorkers?.(context)) ?? (() => Promise.resolve());
  let stopping = false;
  // Required for /readyz: false from the SIGTERM on, so the load balancer stops sending before the
  // app stops listening (a rolling restart without a failed request).
  deps.readiness.accepting = () =>
    stopping ? Promise.reject(new Error('shutting down')) : Promise.resolve();
  const app = await definition.buildApp(context);
  await app.listen({ port: config.port, host: config.host });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    let step = 'draining';
    const force = setTimeout(() => {
      logger.error({ step }, 'shutting down took too long; exiting now');
      process.exit(1);
    }, 15_000 + config.shutdownDrainMs).unref();
    /**
     * A consumer that is asked to leave its group while the group is rebalancing (a rolling restart
     * restarts the other replica moments before) waits for the rebalance, up to its 10 s timeout, and
     * two of them one after the other (the service's group and its read models') outlasted the grace
     * period in the fleet's rolling restart (exit 1). So they stop side by side, within a bound: past it,
     * shutdown goes on. Nothing is lost: a batch not committed is handed out again and the inboxes drop
     * what was already done; a job still running is taken up again by another worker.
     */
    const bounded = async (name: string, work: () => Promise<unknown>, limitMs: number) => {
      step = name;
      if ((await finishWithin(work, limitMs)) === 'late')
        logger.warn({ step: name, limitMs }, 'shutting down: going on without waiting for this');
    };
    try {
      // Still serving while the balancer notices /readyz; then stop listening, finish what is in flight.
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      step = 'closing the app';
      await app.close();
      // Side by side: each may wait on a rebalance, and a worker on its job in flight.
      await bounded(
        'stopping the workers and the consumer',
        () => Promise.all([stopWorkers(), consumer.stop()]),
        WORKERS_STOP_LIMIT_MS,
      );
      step = 'closing the context';
      await definition.close?.(context);
      step = 'stopping pruning';
      await pruning.stop();
      step = 'flushing the outbox';
      await relay.stop({ flush: true });
      await bounded('closing the bus', () => deps.bus.close(), BUS_CLOSE_LIMIT_MS);
      deps.redis.disconnect();
      step = 'closing the database';
      await deps.database.close();
    } catch (error) {
      logger.error({ err: error, step }, 'error during shutdown');
    }
    // Last, so the spans of the final requests and events are sent too.
    await tracing.shutdown().catch(() => undefined);
    clearTimeout(force);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
